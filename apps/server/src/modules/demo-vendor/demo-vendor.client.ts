import { SEAMLESS_HEADERS, SEAMLESS_PATH, type SeamlessResponse } from '@sea/contracts';
import { signSeamless } from '../games/index.ts';

/** Where the vendor's wallet calls go: the operator's base URL, its ids there, and the signing key. */
export interface WalletTarget {
  baseUrl: string;
  operator: string;
  vendor: string;
  secret: string;
}

export type WalletOp = 'balance' | 'bet' | 'win' | 'rollback';

/**
 * Faults the vendor's network can have, per attempt (a real vendor meets all of them): `delayMs` holds the
 * request in the network before it reaches the operator (the vendor may time out and give up while it is still
 * on its way — it then lands late); `loseResponse` lets the request through but drops the answer (the vendor
 * times out although the operator applied it); `duplicate` delivers the same request twice at once.
 */
export interface Fault {
  delayMs?: number;
  loseResponse?: boolean;
  duplicate?: boolean;
}
export type Chaos = (call: { op: WalletOp; txId?: string; attempt: number }) => Fault | undefined;

export type WalletReply =
  | { answered: true; httpStatus: number; text: string; body: SeamlessResponse; attempts: number }
  | { answered: false; error: string; attempts: number };

export interface WalletClientOptions {
  clock: () => Date;
  /** Per attempt (ms); a function is read on every attempt. */
  timeoutMs?: number | (() => number);
  /** Attempts in all (the same body every time). */
  attempts?: number;
  /** First back-off (ms), doubled per attempt, with jitter. */
  backoffMs?: number;
  chaos?: Chaos;
  /** Called when two deliveries of one request got different answers (the operator broke idempotency). */
  onMismatch?: (op: WalletOp, a: string, b: string) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The vendor's HTTP client for the operator's seamless wallet: signs each call (HMAC-SHA256 over timestamp + raw
 * body), times out, and retries what got no final answer (timeouts, network errors, 5xx) with the same body —
 * the operator answers a retry from its stored result. 4xx and business answers are final.
 */
export function createWalletClient(opts: WalletClientOptions) {
  const timeoutOf = () => (typeof opts.timeoutMs === 'function' ? opts.timeoutMs() : (opts.timeoutMs ?? 3_000));
  const attempts = opts.attempts ?? 3;
  const backoffMs = opts.backoffMs ?? 100;

  /** One HTTP request; resolves with the answer text and status, or rejects on network failure. */
  async function post(target: WalletTarget, op: WalletOp, raw: string, timestamp: string, signal?: AbortSignal) {
    const res = await fetch(`${target.baseUrl}${SEAMLESS_PATH}/${op}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_HEADERS.operator]: target.operator,
        [SEAMLESS_HEADERS.vendor]: target.vendor,
        [SEAMLESS_HEADERS.timestamp]: timestamp,
        [SEAMLESS_HEADERS.signature]: signSeamless(target.secret, timestamp, raw),
      },
      body: raw,
      signal,
    });
    return { httpStatus: res.status, text: await res.text() };
  }

  /** One attempt under the fault plan: the answer, or undefined when none came back in time. */
  async function attempt(target: WalletTarget, op: WalletOp, raw: string, fault: Fault | undefined) {
    const timestamp = String(Math.floor(opts.clock().getTime() / 1000));
    const controller = new AbortController();
    const send = async () => {
      if (fault?.delayMs) await sleep(fault.delayMs); // held in the network: not cancelled by our time-out
      if (fault?.duplicate) {
        const [a, b] = await Promise.all([post(target, op, raw, timestamp), post(target, op, raw, timestamp)]);
        if (a.text !== b.text) opts.onMismatch?.(op, a.text, b.text);
        return a;
      }
      return post(target, op, raw, timestamp, fault?.delayMs ? undefined : controller.signal);
    };
    const inFlight = send();
    inFlight.catch(() => undefined); // a late failure of a request we stopped waiting for
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(undefined);
      }, timeoutOf());
    });
    try {
      const r = await Promise.race([inFlight, timeout]);
      if (r && fault?.loseResponse) return { lost: true as const };
      return r ? { lost: false as const, ...r } : { lost: true as const };
    } catch (err) {
      return { lost: true as const, error: err instanceof Error ? err.message : String(err) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async call(target: WalletTarget, op: WalletOp, body: Record<string, unknown>): Promise<WalletReply> {
      const raw = JSON.stringify(body);
      const txId = typeof body.tx_id === 'string' ? body.tx_id : undefined;
      let last = 'no answer';
      for (let n = 1; n <= attempts; n++) {
        const r = await attempt(target, op, raw, opts.chaos?.({ op, txId, attempt: n }));
        if (!r.lost && r.httpStatus < 500) {
          let body: SeamlessResponse;
          try {
            body = JSON.parse(r.text) as SeamlessResponse;
          } catch {
            body = { status: 'UNKNOWN_ERROR', message: r.text.slice(0, 200) };
          }
          return { answered: true, httpStatus: r.httpStatus, text: r.text, body, attempts: n };
        }
        last = r.lost ? ('error' in r && r.error) || 'timed out' : `HTTP ${r.httpStatus}`;
        if (n < attempts) await sleep(backoffMs * 2 ** (n - 1) * (1 + Math.random() / 2));
      }
      return { answered: false, error: last, attempts };
    },
  };
}

export type WalletClient = ReturnType<typeof createWalletClient>;

/** Random faults at the given rates (the demo's default network: mostly fine, sometimes not). */
export function randomChaos(rates: { duplicate: number; loseResponse: number }, random = Math.random): Chaos {
  return () => {
    const r = random();
    if (r < rates.duplicate) return { duplicate: true };
    if (r < rates.duplicate + rates.loseResponse) return { loseResponse: true };
    return undefined;
  };
}
