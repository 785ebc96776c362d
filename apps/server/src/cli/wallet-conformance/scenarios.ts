import { randomUUID } from 'node:crypto';

/**
 * The seamless wallet's conformance scenarios (money-design §2.8/§2.9) in a form that runs against any deployment:
 * HTTP only, one test player with a live session, and money-neutral (every scenario leaves the player's balance
 * where it found it: a bet is rolled back or won back). `npm run wallet:conformance` runs them over the network;
 * test/seamless.test.ts runs the same list in-process on both databases.
 */

export type WalletOp = 'balance' | 'bet' | 'win' | 'rollback';

export interface WalletReply {
  statusCode: number;
  /** The raw answer (a replay must be byte-identical). */
  text: string;
  json: {
    status?: string;
    balance?: string;
    tx_id?: string;
    ledger_tx_id?: string;
    wallet_tx_id?: string;
    message?: string;
  };
}

/** A signed caller of the wallet: `body` is sent as JSON; `opts` break the signature on purpose. */
export interface WalletCaller {
  call(
    op: WalletOp,
    body: Record<string, unknown>,
    opts?: { signature?: string; timestampOffsetSeconds?: number; tamper?: (raw: string) => string },
  ): Promise<WalletReply>;
}

export interface ConformanceTarget {
  wallet: WalletCaller;
  currency: string;
  /** The test player (funded with at least 1.00 in minor units × 100) and its live session token. */
  playerId: string;
  sessionToken: string;
  /** Optional: a game code of the vendor to bet on (its bet limits then apply to the stake). */
  gameCode?: string;
  /** The stake the scenarios bet (minor units; default 100). */
  stake?: bigint;
}

export interface Scenario {
  name: string;
  run(t: ConformanceTarget): Promise<void>;
}

class ConformanceFailure extends Error {}

function check(ok: boolean, what: string, reply?: WalletReply): asserts ok {
  if (!ok) throw new ConformanceFailure(reply ? `${what} — got HTTP ${reply.statusCode} ${reply.text}` : what);
}

const id = (prefix: string) => `${prefix}-${randomUUID()}`;

async function balanceOf(t: ConformanceTarget): Promise<bigint> {
  const r = await t.wallet.call('balance', {
    request_id: id('req'),
    player_id: t.playerId,
    session_token: t.sessionToken,
    currency: t.currency,
  });
  check(r.statusCode === 200 && r.json.status === 'OK' && /^\d+$/.test(r.json.balance ?? ''), 'balance: OK', r);
  return BigInt(r.json.balance!);
}

const common = (t: ConformanceTarget) => ({ request_id: id('req'), player_id: t.playerId, currency: t.currency });
const stakeOf = (t: ConformanceTarget) => t.stake ?? 100n;

function betBody(t: ConformanceTarget, amount: bigint, extra: Record<string, unknown> = {}) {
  return {
    ...common(t),
    session_token: t.sessionToken,
    round_id: id('r'),
    tx_id: id('b'),
    amount: String(amount),
    ...(t.gameCode && { game_code: t.gameCode }),
    ...extra,
  };
}

const winBody = (t: ConformanceTarget, bet: { round_id: string; tx_id: string }, amount: bigint) => ({
  ...common(t),
  round_id: bet.round_id,
  tx_id: id('w'),
  bet_tx_id: bet.tx_id,
  amount: String(amount),
});

const rollbackBody = (t: ConformanceTarget, originalTx: string) => ({
  ...common(t),
  tx_id: id('rb'),
  original_tx_id: originalTx,
});

/** The call answered `status` (HTTP 200 unless said otherwise). */
async function expectStatus(
  t: ConformanceTarget,
  op: WalletOp,
  body: Record<string, unknown>,
  status: string,
  http = 200,
): Promise<WalletReply> {
  const r = await t.wallet.call(op, body);
  check(r.statusCode === http && r.json.status === status, `${op}: ${status} (HTTP ${http})`, r);
  return r;
}

/** Runs `body` and checks that the balance is back where it was. */
async function neutral(t: ConformanceTarget, body: (start: bigint) => Promise<void>): Promise<void> {
  const start = await balanceOf(t);
  check(start >= stakeOf(t) * 2n, `the test player needs at least ${stakeOf(t) * 2n} minor units (has ${start})`);
  await body(start);
  const end = await balanceOf(t);
  check(end === start, `the balance is back at ${start} (is ${end})`);
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'refuses a wrong signature, a stale timestamp and a tampered body with 401 INVALID_SIGNATURE',
    run: async (t) => {
      const body = { ...common(t), session_token: t.sessionToken };
      for (const opts of [
        { signature: '0'.repeat(64) },
        { signature: 'not hex' },
        { timestampOffsetSeconds: -120 },
        { tamper: (raw: string) => raw.replace(t.playerId, `${t.playerId}0`) },
      ]) {
        const r = await t.wallet.call('balance', body, opts);
        check(r.statusCode === 401 && r.json.status === 'INVALID_SIGNATURE', 'balance: 401 INVALID_SIGNATURE', r);
      }
    },
  },
  {
    name: 'answers the balance to a live session; refuses other currencies, unknown players and other tokens',
    run: async (t) => {
      await balanceOf(t);
      const base = { ...common(t), session_token: t.sessionToken };
      await expectStatus(t, 'balance', { ...base, currency: t.currency === 'XXX' ? 'XXY' : 'XXX' }, 'WRONG_CURRENCY');
      await expectStatus(t, 'balance', { ...base, player_id: '999999999999999' }, 'PLAYER_NOT_FOUND');
      await expectStatus(t, 'balance', { ...base, session_token: 'no-such-session' }, 'INVALID_TOKEN');
    },
  },
  {
    name: 'a malformed body or text no database stores (NUL, lone surrogate) is a permanent 400 BAD_REQUEST',
    run: (t) =>
      neutral(t, async () => {
        const good = betBody(t, stakeOf(t));
        for (const bad of [
          { ...good, amount: Number(stakeOf(t)) },
          { ...good, amount: '-1' },
          { ...good, tx_id: '' },
          { ...good, tx_id: 'b-\u0000' },
          { ...good, round_id: 'r-\u0000' },
          { ...good, tx_id: 'b-\ud800' },
        ])
          for (let attempt = 0; attempt < 2; attempt++) await expectStatus(t, 'bet', bad, 'BAD_REQUEST', 400);
        const r = await t.wallet.call('bet', good, { tamper: (raw) => raw.slice(0, -1) });
        check(r.statusCode === 401 || r.statusCode === 400, 'a cut body is refused', r);
      }),
  },
  {
    name: 'bet then win: the balance moves by exactly each amount; both carry our references',
    run: (t) =>
      neutral(t, async (start) => {
        const bet = betBody(t, stakeOf(t));
        const b = await expectStatus(t, 'bet', bet, 'OK');
        check(b.json.balance === String(start - stakeOf(t)), `bet: balance ${start - stakeOf(t)}`, b);
        check(/^\d+$/.test(b.json.wallet_tx_id ?? '') && /^\d+$/.test(b.json.ledger_tx_id ?? ''), 'bet: references', b);
        check(b.json.tx_id === bet.tx_id, 'bet: tx_id echoed', b);
        const w = await expectStatus(t, 'win', winBody(t, bet, stakeOf(t)), 'OK');
        check(w.json.balance === String(start), `win: balance ${start}`, w);
        check(/^\d+$/.test(w.json.wallet_tx_id ?? ''), 'win: wallet_tx_id', w);
      }),
  },
  {
    name: 'a retry with the same body answers byte for byte; another body under the same tx_id is DUPLICATE_MISMATCH',
    run: (t) =>
      neutral(t, async (start) => {
        const bet = betBody(t, stakeOf(t));
        const first = await expectStatus(t, 'bet', bet, 'OK');
        const again = await t.wallet.call('bet', { ...bet, request_id: id('req') });
        check(again.text === first.text, 'the retry answers the same bytes', again);
        await expectStatus(t, 'bet', { ...bet, amount: String(stakeOf(t) + 1n) }, 'DUPLICATE_MISMATCH');
        check((await balanceOf(t)) === start - stakeOf(t), 'one debit only');
        await expectStatus(t, 'rollback', rollbackBody(t, bet.tx_id), 'OK');
      }),
  },
  {
    name: 'a bet above the balance is INSUFFICIENT_FUNDS with the balance; its retry answers the same bytes',
    run: (t) =>
      neutral(t, async (start) => {
        const bet = betBody(t, start + 1n, { game_code: undefined });
        const r = await expectStatus(t, 'bet', bet, 'INSUFFICIENT_FUNDS');
        check(r.json.balance === String(start), `the balance ${start} in the refusal`, r);
        check((await t.wallet.call('bet', bet)).text === r.text, 'the stored refusal is replayed');
      }),
  },
  {
    name: 'rollback refunds once; its repeat answers the same; a win after it is ALREADY_SETTLED',
    run: (t) =>
      neutral(t, async (start) => {
        const bet = betBody(t, stakeOf(t));
        await expectStatus(t, 'bet', bet, 'OK');
        const rb = rollbackBody(t, bet.tx_id);
        const first = await expectStatus(t, 'rollback', rb, 'OK');
        check(first.json.balance === String(start), `rollback: balance ${start}`, first);
        check((await t.wallet.call('rollback', rb)).text === first.text, 'the repeat answers the same bytes');
        await expectStatus(t, 'rollback', rollbackBody(t, bet.tx_id), 'ALREADY_SETTLED');
        await expectStatus(t, 'win', winBody(t, bet, stakeOf(t)), 'ALREADY_SETTLED');
      }),
  },
  {
    name: 'a rollback before its bet leaves a tombstone (OK, with a reference); the late bet is ALREADY_SETTLED',
    run: (t) =>
      neutral(t, async () => {
        const bet = betBody(t, stakeOf(t));
        const rb = await expectStatus(t, 'rollback', rollbackBody(t, bet.tx_id), 'OK');
        check(/^\d+$/.test(rb.json.wallet_tx_id ?? ''), 'the tombstone has a wallet_tx_id', rb);
        await expectStatus(t, 'bet', bet, 'ALREADY_SETTLED');
      }),
  },
  {
    name: 'a rollback after the win is ALREADY_SETTLED; a win for an unknown bet is TX_NOT_FOUND',
    run: (t) =>
      neutral(t, async () => {
        const bet = betBody(t, stakeOf(t));
        await expectStatus(t, 'bet', bet, 'OK');
        await expectStatus(t, 'win', winBody(t, { round_id: bet.round_id, tx_id: id('b') }, 1n), 'TX_NOT_FOUND');
        await expectStatus(t, 'win', winBody(t, bet, stakeOf(t)), 'OK');
        await expectStatus(t, 'rollback', rollbackBody(t, bet.tx_id), 'ALREADY_SETTLED');
      }),
  },
  {
    name: 'a zero bet and a zero win are accepted with a wallet reference and move nothing',
    run: (t) =>
      neutral(t, async (start) => {
        const bet = betBody(t, 0n);
        const b = await expectStatus(t, 'bet', bet, 'OK');
        const w = await expectStatus(t, 'win', winBody(t, bet, 0n), 'OK');
        for (const r of [b, w]) {
          check(r.json.balance === String(start), 'nothing moved', r);
          check(/^\d+$/.test(r.json.wallet_tx_id ?? '') && r.json.ledger_tx_id === undefined, 'a wallet_tx_id', r);
        }
        check(b.json.wallet_tx_id !== w.json.wallet_tx_id, 'two references');
      }),
  },
  {
    name: 'the same bet delivered 10 times at once: one debit, 10 identical answers',
    run: (t) =>
      neutral(t, async (start) => {
        const bet = betBody(t, stakeOf(t));
        const replies = await Promise.all(Array.from({ length: 10 }, () => t.wallet.call('bet', bet)));
        check(
          replies.every((r) => r.statusCode === 200 && r.text === replies[0]!.text && r.json.status === 'OK'),
          'identical OK answers',
          replies.find((r) => r.text !== replies[0]!.text),
        );
        check((await balanceOf(t)) === start - stakeOf(t), 'one debit');
        await expectStatus(t, 'rollback', rollbackBody(t, bet.tx_id), 'OK');
      }),
  },
];

export interface ScenarioResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/** Runs every scenario in order (each on its own; a failure does not stop the others). */
export async function runConformance(t: ConformanceTarget, scenarios = SCENARIOS): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const s of scenarios) {
    const started = Date.now();
    try {
      await s.run(t);
      results.push({ name: s.name, ok: true, ms: Date.now() - started });
    } catch (err) {
      results.push({
        name: s.name,
        ok: false,
        ms: Date.now() - started,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return results;
}
