import { timingSafeEqual } from 'node:crypto';
import { SEAMLESS_HEADERS, SEAMLESS_TOLERANCE_SECONDS } from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signSeamless, type VendorTransferApi } from '../games/index.ts';
import type { DemoVendorService } from './demo-vendor.service.ts';

/** The vendor's transfer-wallet API (transfer mode): what operators call to move a player's money in and out. */
export const TRANSFER_PATH = '/demo-vendor/transfer/v1';

const transferRequest = z.looseObject({
  player_id: z.string().regex(/^\d{1,18}$/),
  transfer_id: z.string().min(8).max(100).optional(),
  amount: z
    .string()
    .regex(/^\d{1,17}$/)
    .optional(),
});
/** The bet-record call: settled bets after a position (settlement time, bet id), oldest first. */
const betsRequest = z.object({
  after_time: z.iso.datetime(),
  after_id: z.string().regex(/^\d{0,18}$/),
  limit: z.number().int().min(1).max(1_000),
});
interface WireBet {
  bet_id: string;
  player_id: string;
  game_code: string;
  stake: string;
  payout: string;
  summary: string | null;
  placed_at: string;
  settled_at: string;
}
export type TransferOp = 'balance' | 'deposit' | 'withdraw' | 'bets';
interface TransferAnswer {
  status: 'OK' | 'INSUFFICIENT_FUNDS' | 'REFUSED' | 'BAD_REQUEST' | 'INVALID_SIGNATURE';
  balance?: string;
  version?: string;
  bets?: WireBet[];
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The vendor side: signed like the seamless wallet (HMAC-SHA256 over `timestamp.rawBody` with the vendor key the
 * operator holds), deposits and withdrawals applied once per transfer id.
 */
export function registerTransferRoutes(
  app: FastifyInstance,
  deps: {
    service: DemoVendorService;
    /** The operator's merchant id and the vendor's key for a caller (undefined: unknown). */
    keyOf(operator: string, vendor: string): Promise<{ merchantId: bigint; secret: string } | undefined>;
    clock: () => Date;
  },
): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    for (const op of ['balance', 'deposit', 'withdraw', 'bets'] as const) {
      scope.post(`${TRANSFER_PATH}/${op}`, { schema: { hide: true } }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const ts = header(request, SEAMLESS_HEADERS.timestamp) ?? '';
        const signature = header(request, SEAMLESS_HEADERS.signature) ?? '';
        const operator = header(request, SEAMLESS_HEADERS.operator) ?? '';
        const vendorCode = header(request, SEAMLESS_HEADERS.vendor) ?? '';
        const key = await deps.keyOf(operator, vendorCode);
        const now = Math.floor(deps.clock().getTime() / 1000);
        const fresh = /^\d{1,12}$/.test(ts) && Math.abs(now - Number(ts)) <= SEAMLESS_TOLERANCE_SECONDS;
        const expected = key && fresh ? signSeamless(key.secret, ts, raw) : undefined;
        if (
          !key ||
          !expected ||
          !/^[0-9a-f]{64}$/i.test(signature) ||
          !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature.toLowerCase(), 'hex'))
        )
          return reply.status(401).send({ status: 'INVALID_SIGNATURE' } satisfies TransferAnswer);
        if (op === 'bets') {
          let q: z.infer<typeof betsRequest>;
          try {
            q = betsRequest.parse(JSON.parse(raw.toString('utf8')));
          } catch {
            return reply.status(400).send({ status: 'BAD_REQUEST' } satisfies TransferAnswer);
          }
          const after = { at: new Date(q.after_time), id: BigInt(q.after_id || '0') };
          const rows = await deps.service.settledBets(key.merchantId, vendorCode, after, q.limit);
          return {
            status: 'OK',
            bets: rows.map((r) => ({
              bet_id: String(r.id),
              player_id: r.player_id,
              game_code: r.game_code,
              stake: String(r.stake),
              payout: String(r.payout ?? 0n),
              summary: r.summary,
              placed_at: r.created_at.toISOString(),
              settled_at: (r.settled_at ?? r.created_at).toISOString(),
            })),
          } satisfies TransferAnswer;
        }
        let parsed: z.infer<typeof transferRequest>;
        try {
          parsed = transferRequest.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          return reply.status(400).send({ status: 'BAD_REQUEST' } satisfies TransferAnswer);
        }
        const who = { merchantId: key.merchantId, vendorCode, playerId: parsed.player_id };
        if (op !== 'balance' && (!parsed.transfer_id || !parsed.amount || parsed.amount === '0'))
          return reply.status(400).send({ status: 'BAD_REQUEST' } satisfies TransferAnswer);
        const move = { ...who, transferId: parsed.transfer_id!, amount: BigInt(parsed.amount ?? '0') };
        if (op === 'deposit' && (await deps.service.deposit(move)) === 'refused')
          return { status: 'REFUSED' } satisfies TransferAnswer;
        if (op === 'withdraw' && (await deps.service.withdraw(move)) === 'refused')
          return { status: 'INSUFFICIENT_FUNDS' } satisfies TransferAnswer;
        const w = await deps.service.transferBalance(who.merchantId, vendorCode, who.playerId);
        return { status: 'OK', balance: String(w.balance), version: String(w.version) } satisfies TransferAnswer;
      });
    }
  });
}

/**
 * Faults of the network between the operator and the vendor's transfer API, per attempt (tests script them):
 * `unreachable` — the request never reaches the vendor; `loseResponse` — the vendor handles it, the answer is lost.
 */
export interface TransferFault {
  unreachable?: boolean;
  loseResponse?: boolean;
}
export type TransferChaos = (call: {
  op: TransferOp;
  transferId?: string;
  attempt: number;
}) => TransferFault | undefined;

/**
 * The operator side (our adapter for transfer-mode vendors): calls the vendor's transfer API over HTTP, signed,
 * retrying timeouts and 5xx with the same transfer id (the vendor applies each id once). A final answer
 * (OK, a refusal, BAD_REQUEST: the same body is never accepted) is returned; anything else throws (unknown).
 */
export function httpTransferApi(deps: {
  baseUrl: () => string;
  secret: (merchantId: bigint, vendorCode: string) => Promise<string | undefined>;
  clock: () => Date;
  timeoutMs?: number;
  attempts?: number;
  chaos?: TransferChaos;
}): VendorTransferApi {
  async function call(
    op: TransferOp,
    merchant: { id: bigint; code: string },
    vendorCode: string,
    body: Record<string, string | number>,
  ): Promise<TransferAnswer> {
    const secret = await deps.secret(merchant.id, vendorCode);
    if (!secret) throw new Error(`no key for vendor ${vendorCode}`);
    const raw = JSON.stringify(body);
    let last: unknown;
    for (let attempt = 1; attempt <= (deps.attempts ?? 3); attempt++) {
      const ts = String(Math.floor(deps.clock().getTime() / 1000));
      const fault = deps.chaos?.({ op, transferId: body.transfer_id as string | undefined, attempt });
      try {
        if (fault?.unreachable) throw new Error('the vendor is unreachable');
        const res = await fetch(`${deps.baseUrl()}${TRANSFER_PATH}/${op}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SEAMLESS_HEADERS.operator]: merchant.code,
            [SEAMLESS_HEADERS.vendor]: vendorCode,
            [SEAMLESS_HEADERS.timestamp]: ts,
            [SEAMLESS_HEADERS.signature]: signSeamless(secret, ts, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(deps.timeoutMs ?? 5_000),
        });
        if (fault?.loseResponse) throw new Error('the answer was lost');
        if (res.status < 500) {
          const answer = (await res.json()) as TransferAnswer;
          if (['OK', 'INSUFFICIENT_FUNDS', 'REFUSED', 'BAD_REQUEST'].includes(answer.status)) return answer;
          throw new Error(`vendor answered ${answer.status}`);
        }
        last = new Error(`HTTP ${res.status}`);
      } catch (err) {
        last = err;
      }
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
    throw last instanceof Error ? last : new Error(String(last));
  }

  return {
    async balance(merchant, vendor, playerId) {
      const a = await call('balance', merchant, vendor.code, { player_id: playerId });
      return { balance: BigInt(a.balance!), version: BigInt(a.version!) };
    },
    async deposit(merchant, vendor, playerId, transferId, amount) {
      const a = await call('deposit', merchant, vendor.code, {
        player_id: playerId,
        transfer_id: transferId,
        amount: String(amount),
      });
      return a.status === 'OK' ? 'applied' : 'refused';
    },
    async bets(merchant, vendor, after, limit) {
      const a = await call('bets', merchant, vendor.code, {
        after_time: after.settledAt.toISOString(),
        after_id: after.betId,
        limit,
      });
      if (a.status !== 'OK' || !a.bets) throw new Error(`vendor ${vendor.code} answered ${a.status} to bets`);
      return a.bets.map((b) => ({
        betId: b.bet_id,
        playerId: b.player_id,
        gameCode: b.game_code,
        stake: BigInt(b.stake),
        payout: BigInt(b.payout),
        placedAt: new Date(b.placed_at),
        settledAt: new Date(b.settled_at),
        ...(b.summary !== null && { summary: b.summary }),
      }));
    },
    async withdraw(merchant, vendor, playerId, transferId, amount) {
      const a = await call('withdraw', merchant, vendor.code, {
        player_id: playerId,
        transfer_id: transferId,
        amount: String(amount),
      });
      return a.status === 'OK' ? 'applied' : 'refused';
    },
  };
}
