import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import {
  createLedgerModule,
  type LedgerModule,
  memberMain,
  memberVendor,
  systemAccount,
} from '../src/modules/ledger/index.ts';
import type { PostRequest, PostResult } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMember, createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Mixed batches of ledger_post_batch: several posts leave in one call (the group commit), and each must be
 * answered exactly as if the posts had been applied one after the other in batch order.
 *
 * A ledger with one batch in flight makes batches deterministic: a first post leaves alone, and every post
 * submitted while it runs leaves with the others in the next batch, in submission order.
 */
let t: TestApp;
let ledger: LedgerModule;
let merchant: Merchant;
let keySeq = 0;
const key = () => `b${++keySeq}`;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = createLedgerModule({ db: t.database.db, maxInFlight: 1, maxBatch: 256 });
  merchant = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  await t.close();
});

const base = (over: Partial<PostRequest> = {}): PostRequest => ({
  merchantId: merchant.id,
  currency: merchant.currency,
  scope: 'batch-test',
  key: key(),
  kind: 'adjustment',
  ...over,
});
const leg = (debit: string, credit: string, amount: bigint, code = 'bet') => ({ debit, credit, amount, code });
const fundReq = (m: bigint, amount: bigint) =>
  base({ memberId: m, legs: [leg(systemAccount('adjustments', m), memberMain(m), amount, 'adjustment')] });
const betReq = (m: bigint, amount: bigint, k = key()) =>
  base({ key: k, kind: 'bet', memberId: m, legs: [leg(memberMain(m), systemAccount('house', m), amount)] });
const winReq = (m: bigint, amount: bigint) =>
  base({ kind: 'win', memberId: m, legs: [leg(systemAccount('house', m), memberMain(m), amount, 'win')] });

/** Posts `reqs` as one batch (behind a first post that leaves alone); conflicts come back as 'conflict'. */
async function oneBatch(reqs: PostRequest[]): Promise<Array<PostResult | 'conflict'>> {
  const blocker = ledger.post(fundReq((await createMember(t.app.modules, merchant)).id, 1n));
  const all = reqs.map((r) =>
    ledger.post(r).catch((err: unknown) => {
      if ((err as { code?: string }).code === 'idempotency_conflict') return 'conflict' as const;
      throw err;
    }),
  );
  await blocker;
  return Promise.all(all);
}

const entriesOf = async (code: string) => {
  const { rows } = await sql<{ n: bigint; version: bigint }>`
    select count(e.*) as n, max(a.version) as version from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.merchant_id = ${merchant.id} and a.code = ${code}`.execute(t.database.all);
  return { n: Number(rows[0]!.n), version: Number(rows[0]!.version ?? 0) };
};
/** The last `n` entries of an account, oldest first: the transfer each names, its amount and the balance after. */
const lastEntries = async (code: string, n: number) => {
  const { rows } = await sql<{ transfer_id: bigint; amount: bigint; balance_after: bigint }>`
    select e.transfer_id, e.amount, e.balance_after from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
     where a.merchant_id = ${merchant.id} and a.code = ${code}
     order by e.version desc limit ${n}`.execute(t.database.all);
  return rows.reverse().map((r) => [BigInt(r.transfer_id), BigInt(r.amount), BigInt(r.balance_after)]);
};
const tid = (r: PostResult | 'conflict') => (r !== 'conflict' && r.ok ? r.transferIds[0]! : -1n);
const bal = async (code: string) => (await ledger.balances(merchant.id, [code]))[code]!;
const outcome = (r: PostResult | 'conflict') => (r === 'conflict' ? 'conflict' : r.ok ? 'ok' : r.error);

describe('mixed batches', () => {
  it('the same wallet debited several times in one batch: the balance runs out part-way, later posts see it', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await ledger.postOrThrow(fundReq(m, 100n));
    const house = systemAccount('house', m);
    const houseBefore = await entriesOf(house);
    const results = await oneBatch([
      betReq(m, 30n), // 70 left
      betReq(m, 50n), // 20 left
      betReq(m, 40n), // refused: 20 < 40
      winReq(m, 15n), // 35
      betReq(m, 35n), // 0
      betReq(m, 1n), // refused
      winReq(m, 2n), // 2
    ]);
    expect(results.map(outcome)).toEqual(['ok', 'ok', 'insufficient_funds', 'ok', 'ok', 'insufficient_funds', 'ok']);
    const after = results.map((r) => (r !== 'conflict' && r.ok ? r.balances[memberMain(m)]!.balance : null));
    expect(after).toEqual([70n, 20n, null, 35n, 0n, null, 2n]);
    expect(results.every((r) => r !== 'conflict' && !r.replay)).toBe(true);
    expect(await bal(memberMain(m))).toEqual({ balance: 2n, available: 2n });
    // One batch: the house shard got one entry for the five transfers; the member one entry per transfer.
    const houseAfter = await entriesOf(house);
    expect(houseAfter.n - houseBefore.n).toBe(1);
    expect(houseAfter.version - houseBefore.version).toBe(1);
    expect((await entriesOf(memberMain(m))).n).toBe(1 + 5);
    // A refused post is final for its key, also when replayed alone later.
    const refused = results[2] as Extract<PostResult, { ok: false }>;
    expect(refused.journalId).toBeGreaterThan(0n);
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  });

  it('a system account whose batch sums to zero (a bet and its refund): written as two entries, nothing refused', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    const house = systemAccount('house', m);
    const before = await entriesOf(house);
    const b0 = (await bal(house)).balance;
    // One-leg posts only (the set-based path), then the same with a multi-leg journal among them (runs).
    // (Three transfers in two entries: the batch went as one, not one post at a time after a failure.)
    const fast = await oneBatch([winReq(m, 146n), betReq(m, 100n), betReq(m, 46n)]);
    expect(fast.map(outcome)).toEqual(['ok', 'ok', 'ok']);
    const mid = await entriesOf(house);
    expect(mid.n - before.n).toBe(2);
    expect(mid.version - before.version).toBe(2);
    // The first transfer of the run as it stood after it, then the rest (naming the last transfer) back to zero.
    expect(await lastEntries(house, 2)).toEqual([
      [tid(fast[0]!), -146n, b0 - 146n],
      [tid(fast[2]!), 146n, b0],
    ]);
    await ledger.postOrThrow(fundReq(m, 10n));
    const runs = await oneBatch([
      winReq(m, 5n),
      betReq(m, 5n),
      base({
        kind: 'wallet_transfer',
        legs: [leg(memberMain(m), memberVendor(m, 'XYZ'), 1n), leg(memberVendor(m, 'XYZ'), memberMain(m), 1n)],
      }),
      betReq(m, 7n),
      winReq(m, 3n),
      winReq(m, 4n),
    ]);
    expect(runs.map(outcome)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    // Two runs around the multi-leg journal, each summing to zero on the house shard: 2 + 2 entries for 5 transfers.
    expect((await entriesOf(house)).n - mid.n).toBe(4);
    expect(await lastEntries(house, 4)).toEqual([
      [tid(runs[0]!), -5n, b0 - 5n],
      [tid(runs[1]!), 5n, b0],
      [tid(runs[3]!), 7n, b0 + 7n],
      [tid(runs[5]!), -7n, b0],
    ]);
    expect(await bal(memberMain(m))).toEqual({ balance: 10n, available: 10n });
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  });

  it('a replay and its original in one batch: one effect, the second answers as a replay of the first', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await ledger.postOrThrow(fundReq(m, 50n));
    const earlier = await ledger.postOrThrow(betReq(m, 5n));
    const k = key();
    const results = await oneBatch([
      betReq(m, 10n, k),
      betReq(m, 7n),
      betReq(m, 10n, k), // the same request again, in the same batch
      { ...betReq(m, 5n), key: (await lastKeyOf(earlier.journalId))! }, // a replay of an earlier batch
      betReq(m, 10n, k),
    ]);
    const [first, other, twin, old, twin2] = results as Array<Extract<PostResult, { ok: true }>>;
    expect(first).toMatchObject({ ok: true, replay: false });
    expect(other).toMatchObject({ ok: true, replay: false });
    for (const r of [twin, twin2]) {
      expect(r).toMatchObject({ ok: true, replay: true, journalId: first!.journalId });
      expect(r!.transferIds).toEqual(first!.transferIds);
      expect(r!.balances).toEqual(first!.balances);
    }
    expect(old).toMatchObject({
      ok: true,
      replay: true,
      journalId: earlier.journalId,
      transferIds: earlier.transferIds,
    });
    expect(await bal(memberMain(m))).toEqual({ balance: 50n - 5n - 10n - 7n, available: 28n });

    // A refused post and its replay in one batch: both refused, the second as a replay.
    const k2 = key();
    const refused = await oneBatch([betReq(m, 1_000n, k2), betReq(m, 1_000n, k2)]);
    expect(refused).toMatchObject([
      { ok: false, error: 'insufficient_funds', replay: false },
      { ok: false, error: 'insufficient_funds', replay: true },
    ]);
  });

  it('a conflict inside a batch fails alone: the others are applied', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await ledger.postOrThrow(fundReq(m, 100n));
    const k = key();
    await ledger.postOrThrow(betReq(m, 10n, k));
    const k2 = key();
    const results = await oneBatch([
      betReq(m, 1n),
      betReq(m, 11n, k), // the key of an earlier post with other content
      betReq(m, 2n, k2),
      betReq(m, 3n, k2), // the key of a post earlier in this batch with other content
      betReq(m, 4n),
    ]);
    expect(results.map(outcome)).toEqual(['ok', 'conflict', 'ok', 'conflict', 'ok']);
    expect(await bal(memberMain(m))).toEqual({ balance: 100n - 10n - 1n - 2n - 4n, available: 83n });
  });

  it('holds, resolutions and multi-leg journals keep their place in batch order among one-leg posts', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await ledger.postOrThrow(fundReq(m, 100n));
    const clearing = systemAccount('payment_clearing', m);
    const results = await oneBatch([
      betReq(m, 10n), // 90
      base({ kind: 'withdrawal', legs: [{ ...leg(memberMain(m), clearing, 70n, 'withdrawal'), pending: true }] }), // available 20
      betReq(m, 25n), // refused: 20 available
      betReq(m, 20n), // available 0
      base({
        kind: 'wallet_transfer',
        legs: [leg(memberMain(m), memberVendor(m, 'XYZ'), 1n, 'wallet_transfer'), leg(clearing, memberMain(m), 5n)],
      }), // refused: the first leg finds 0 available (the second would have added 5 after)
      winReq(m, 8n), // available 8
      base({
        kind: 'wallet_transfer',
        legs: [leg(memberMain(m), memberVendor(m, 'XYZ'), 3n, 'wallet_transfer')],
      }), // one-leg again: available 5
    ]);
    expect(results.map(outcome)).toEqual(['ok', 'ok', 'insufficient_funds', 'ok', 'insufficient_funds', 'ok', 'ok']);
    const hold = results[1] as Extract<PostResult, { ok: true }>;
    expect(hold.balances[memberMain(m)]).toEqual({ balance: 90n, available: 20n });
    expect((results[3] as Extract<PostResult, { ok: true }>).balances[memberMain(m)]).toEqual({
      balance: 70n,
      available: 0n,
    });
    expect(await bal(memberMain(m))).toEqual({ balance: 75n, available: 5n });

    // Resolve the hold in a batch between debits: the void frees 70 for the debit after it.
    const after = await oneBatch([
      betReq(m, 6n), // refused: 5 available
      base({ kind: 'withdrawal', resolve: [{ pendingId: hold.transferIds[0]!, action: 'void' }] }),
      betReq(m, 60n),
      base({ kind: 'withdrawal', resolve: [{ pendingId: hold.transferIds[0]!, action: 'post' }] }), // already voided
    ]);
    expect(after.map(outcome)).toEqual(['insufficient_funds', 'ok', 'ok', 'pending_already_resolved']);
    expect(await bal(memberMain(m))).toEqual({ balance: 15n, available: 15n });
    expect(await bal(memberVendor(m, 'XYZ'))).toEqual({ balance: 3n, available: 3n });
  });

  it('concurrent batches over the same wallets in every direction, four in flight: no deadlock, nothing lost', async () => {
    const wide = createLedgerModule({ db: t.database.db, maxInFlight: 4, maxBatch: 16 });
    const ms = await Promise.all(
      Array.from({ length: 5 }, async () => (await createMember(t.app.modules, merchant)).id),
    );
    for (const m of ms) await ledger.postOrThrow(fundReq(m, 300n));
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const results = await Promise.all(
      Array.from({ length: 400 }, (_, i) => {
        const a = rnd(5);
        const b = (a + 1 + rnd(4)) % 5;
        const amount = BigInt(1 + rnd(60));
        if (i % 3 === 0) return wide.post(betReq(ms[a]!, amount));
        if (i % 3 === 1) return wide.post(winReq(ms[a]!, amount));
        return wide.post(
          base({ kind: 'transfer', legs: [leg(memberMain(ms[a]!), memberMain(ms[b]!), amount, 'transfer')] }),
        );
      }),
    );
    expect(results.every((r) => r.ok || r.error === 'insufficient_funds')).toBe(true);
    const balances = await ledger.balances(
      merchant.id,
      ms.map((m) => memberMain(m)),
    );
    expect(Object.values(balances).every((b) => b.balance >= 0n)).toBe(true);
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  });
});

async function lastKeyOf(journalId: bigint): Promise<string | undefined> {
  const { rows } = await sql<{
    idem_key: string;
  }>`select idem_key from ledger_journals where id = ${journalId}`.execute(t.database.all);
  return rows[0]?.idem_key;
}

/**
 * Model-based, in batches: random groups of posts (funding, bets, wins, member-to-member payments, replays of
 * earlier posts and key reuse, in the same group or an earlier one) leave as one batch each; every answer and
 * every balance must equal the model applying the posts one by one in submission order.
 */
it(
  'random batches: the database agrees with the model applying the posts one by one',
  { timeout: 240_000 },
  async () => {
    type Op =
      | { t: 'fund'; m: number; amt: number }
      | { t: 'bet'; m: number; amt: number }
      | { t: 'win'; m: number; amt: number }
      | { t: 'pay'; from: number; to: number; amt: number }
      | { t: 'replay'; of: number }
      | { t: 'reuse'; of: number };
    const member = fc.integer({ min: 0, max: 2 });
    const amount = fc.integer({ min: 1, max: 200 });
    const op = fc.oneof(
      fc.record({ t: fc.constantFrom('fund' as const, 'bet' as const, 'win' as const), m: member, amt: amount }),
      fc
        .record({ t: fc.constant('pay' as const), from: member, to: member, amt: amount })
        .filter((o) => o.from !== o.to),
      fc.record({ t: fc.constantFrom('replay' as const, 'reuse' as const), of: fc.nat(30) }),
    ) as fc.Arbitrary<Op>;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        async (groups) => {
          const { code } = await createMerchant(t.database.all);
          const mer = (await t.app.modules.merchants.findByCode(code))!;
          const ids = await Promise.all([0, 1, 2].map(async () => (await createMember(t.app.modules, mer)).id));
          const posted = [0n, 0n, 0n];
          const sent: Array<{ req: PostRequest; outcome: string }> = [];
          let n = 0;
          const mk = (legs: PostRequest['legs']): PostRequest => ({
            merchantId: mer.id,
            currency: mer.currency,
            scope: 'model',
            key: `op${n++}`,
            kind: 'test',
            legs,
          });
          for (const group of groups) {
            const reqs: PostRequest[] = [];
            const expected: string[] = [];
            const replays: boolean[] = [];
            for (const o of group) {
              let req: PostRequest;
              let out: string;
              if (o.t === 'replay' || o.t === 'reuse') {
                const earlier = sent[o.of % Math.max(sent.length, 1)];
                if (!earlier) continue;
                req = o.t === 'replay' ? earlier.req : { ...earlier.req, kind: 'other' };
                out = o.t === 'replay' ? earlier.outcome : 'conflict';
                reqs.push(req);
                expected.push(out);
                replays.push(o.t === 'replay');
                continue;
              }
              const amt = BigInt(o.amt);
              if (o.t === 'fund' || o.t === 'win') {
                const from = o.t === 'fund' ? systemAccount('adjustments', o.m) : systemAccount('house', o.m);
                req = mk([leg(from, memberMain(ids[o.m]!), amt)]);
                out = 'ok';
                posted[o.m]! += amt;
              } else if (o.t === 'bet') {
                req = mk([leg(memberMain(ids[o.m]!), systemAccount('house', o.m), amt)]);
                out = posted[o.m]! >= amt ? 'ok' : 'insufficient_funds';
                if (out === 'ok') posted[o.m]! -= amt;
              } else {
                req = mk([leg(memberMain(ids[o.from]!), memberMain(ids[o.to]!), amt, 'transfer')]);
                out = posted[o.from]! >= amt ? 'ok' : 'insufficient_funds';
                if (out === 'ok') {
                  posted[o.from]! -= amt;
                  posted[o.to]! += amt;
                }
              }
              reqs.push(req);
              expected.push(out);
              replays.push(false);
              sent.push({ req, outcome: out });
            }
            const results = await oneBatch(reqs);
            expect(results.map(outcome)).toEqual(expected);
            results.forEach((r, i) => r !== 'conflict' && expect(r.replay).toBe(replays[i]));
          }
          const codes = ids.map((id) => memberMain(id));
          const b = await ledger.balances(mer.id, codes);
          ids.forEach((_, m) => expect(b[codes[m]!]).toEqual({ balance: posted[m], available: posted[m] }));
        },
      ),
      {
        numRuns: Number(process.env.LEDGER_BATCH_RUNS ?? 60),
        seed: Number(process.env.LEDGER_MODEL_SEED ?? Date.now() % 2 ** 31),
      },
    );
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  },
);

describe('postMany (one set-based call, all or nothing)', () => {
  it('applies every journal in order, answers replays, and keeps nothing when one key conflicts', async () => {
    const [a, b] = await Promise.all([1, 2].map(async () => (await createMember(t.app.modules, merchant)).id));
    await ledger.postOrThrow(fundReq(a!, 100n));
    const reqs = [betReq(a!, 30n), winReq(b!, 7n), betReq(a!, 80n), winReq(a!, 5n)];
    const first = await ledger.postMany(reqs);
    expect(first.map(outcome)).toEqual(['ok', 'ok', 'insufficient_funds', 'ok']);
    expect(await bal(memberMain(a!))).toEqual({ balance: 75n, available: 75n });
    expect(await bal(memberMain(b!))).toEqual({ balance: 7n, available: 7n });
    // The same call again (a retry): replays, nothing moves twice.
    const again = await ledger.postMany(reqs);
    expect(again.map((r) => [r.journalId, r.replay])).toEqual(first.map((r) => [r.journalId, true]));
    expect(await bal(memberMain(a!))).toEqual({ balance: 75n, available: 75n });
    // A key reused with other content: the call throws and its new journal is not kept either.
    const fresh = winReq(b!, 3n);
    await expect(
      ledger.postMany([fresh, { ...reqs[1]!, legs: [leg(systemAccount('house', b!), memberMain(b!), 8n, 'win')] }]),
    ).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    expect(await bal(memberMain(b!))).toEqual({ balance: 7n, available: 7n });
    // Inside a caller's transaction: rolled back with it.
    await expect(
      t.database.all.transaction().execute(async (trx) => {
        await ledger.postMany([winReq(b!, 1n)], trx);
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    expect(await bal(memberMain(b!))).toEqual({ balance: 7n, available: 7n });
    expect(await ledger.postMany([])).toEqual([]);
  });
});
