import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { createLedgerModule, type LedgerModule, memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMember, createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The short path of ledger_post_batch (db/functions/ledger.sql, four statements: a batch of two or more journals of one posted
 * leg each) against the general set-based path it stands in for (ledger_post_batch_runs): the same batch from the
 * same state gives the same answers (ids aside), the same journals, transfers, entries, balances and versions.
 * A batch with a hold, a resolution or a multi-leg journal, or one needing an account not created yet, goes to
 * the general path.
 */
let t: TestApp;
let ledger: LedgerModule;
let mer: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = createLedgerModule({ db: t.database.db, maxInFlight: 1, maxBatch: 256 });
  const { code } = await createMerchant(t.database.all);
  mer = (await t.app.modules.merchants.findByCode(code))!;
});
afterAll(async () => {
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  await t.close();
});

type Raw = {
  key: string;
  hash?: string;
  legs: Array<{ debit: string; credit: string; amount: bigint; pending?: boolean }>;
  resolve?: Array<{ pending_id: string; action: 'post' | 'void' }>;
};
/** The JSON the SQL function receives (as the ledger service builds it; the hash stands for the content). */
const payload = (posts: Raw[]) =>
  JSON.stringify(
    posts.map((p) => ({
      merchant_id: String(mer.id),
      currency: mer.currency,
      scope: 'fast',
      key: p.key,
      hash: p.hash ?? 'h',
      kind: 'test',
      member_id: null,
      ref: {},
      legs: p.legs.map((l) => ({ ...l, amount: String(l.amount), code: 'test', pending: l.pending === true })),
      resolve: p.resolve ?? [],
    })),
  );

/**
 * One call of `fn` in a transaction rolled back afterwards: its answers and the rows it wrote, with the ids it took
 * counted from the first it could take (so that two calls from the same state compare).
 */
async function callOf(fn: 'ledger_post_batch' | 'ledger_post_batch_runs', posts: Raw[], before = '') {
  let seen: unknown;
  const rollback = new Error('rollback');
  await t.database.db
    .transaction()
    .execute(async (trx) => {
      if (before) await sql.raw(before).execute(trx);
      const s = (
        await sql<{
          j: string;
          t: string;
        }>`select nextval('ledger_journals_id_seq')::text as j, nextval('ledger_transfers_id_seq')::text as t`.execute(
          trx,
        )
      ).rows[0]!;
      const j0 = BigInt(s.j) + 1n;
      const t0 = BigInt(s.t) + 1n;
      const id = (base: bigint, v: string) => (BigInt(v) >= base ? `new+${BigInt(v) - base}` : v);
      const norm = (v: unknown) =>
        JSON.parse(JSON.stringify(v), (k, x: unknown) =>
          k === 'journal_id' || k === 'j'
            ? id(j0, x as string)
            : k === 'transfer_ids'
              ? (x as string[]).map((y) => id(t0, y))
              : k === 't' && x !== null
                ? id(t0, x as string)
                : x,
        ) as unknown;
      const answers = (await sql<{ r: unknown }>`select ${sql.raw(fn)}(${payload(posts)}::jsonb) as r`.execute(trx))
        .rows[0]!.r;
      const rows = async (q: string) => norm((await sql.raw(q.replaceAll('$J', String(j0))).execute(trx)).rows);
      seen = {
        answers: norm(answers),
        journals: await rows(`select idem_key, ok, error, result from ledger_journals where id >= $J order by id`),
        transfers: await rows(`select t.id::text as t, d.code as debit, c.code as credit, t.amount::text, t.kind
          from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
          where t.journal_id >= $J order by t.id`),
        entries: await rows(`select a.code, e.version::text, e.amount::text, e.balance_after::text,
          e.journal_id::text as j, e.transfer_id::text as t
          from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.journal_id >= $J order by a.code, e.version`),
        accounts:
          await rows(`select code, credits_posted::text, debits_posted::text, debits_pending::text, version::text
          from ledger_accounts where merchant_id = ${mer.id} order by code`),
      };
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
  return seen;
}

/** One call of ledger_post_batch, committed. */
const commit = async <R = Record<string, unknown>>(posts: Raw[]): Promise<R[]> =>
  (await sql<{ r: R[] }>`select ledger_post_batch(${payload(posts)}::jsonb) as r`.execute(t.database.db)).rows[0]!.r;

/** The general path made to fail: what still succeeds did not go through it. */
const noGeneralPath = `create or replace function ledger_post_batch_runs(ps jsonb) returns jsonb language plpgsql as $$
  begin raise exception 'general path taken'; end $$`;

describe('ledger_post_batch: one-leg batches in four statements', () => {
  let a: bigint, b: bigint;
  beforeAll(async () => {
    [a, b] = await Promise.all([1, 2].map(async () => (await createMember(t.app.modules, mer)).id));
    for (const [m, amount, key] of [
      [a, 100n, 'fund-a'],
      [b, 50n, 'fund-b'],
    ] as const)
      await ledger.postOrThrow({
        merchantId: mer.id,
        currency: mer.currency,
        scope: 'fast',
        key,
        kind: 'test',
        legs: [{ debit: systemAccount('adjustments', m), credit: memberMain(m), amount, code: 'test' }],
      });
    // Every house shard these members use exists (the first use of an account goes to the general path).
    await ledger.postOrThrow({
      merchantId: mer.id,
      currency: mer.currency,
      scope: 'fast',
      key: 'shards',
      kind: 'test',
      legs: [a, b].map((m) => ({ debit: memberMain(m), credit: systemAccount('house', m), amount: 1n, code: 'test' })),
    });
  });
  const bet = (m: bigint, amount: bigint, key: string, hash?: string): Raw => ({
    key,
    hash,
    legs: [{ debit: memberMain(m), credit: systemAccount('house', m), amount }],
  });
  const win = (m: bigint, amount: bigint, key: string): Raw => ({
    key,
    legs: [{ debit: systemAccount('house', m), credit: memberMain(m), amount }],
  });
  const pay = (from: bigint, to: bigint, amount: bigint, key: string): Raw => ({
    key,
    legs: [{ debit: memberMain(from), credit: memberMain(to), amount }],
  });

  it('answers and writes exactly as the general path: refusals in batch order, twins, replays, conflicts', async () => {
    const batch = [
      bet(a, 30n, 'k1'), // a 99 → 69
      pay(a, b, 50n, 'k2'), // a 19, b 99
      bet(a, 40n, 'k3'), // refused: 19
      win(b, 5n, 'k4'), // b 104
      bet(a, 30n, 'k1'), // twin of k1: its answer as a replay
      bet(a, 1n, 'k2', 'other'), // the key of k2 with other content: conflict
      { ...bet(a, 100n, 'fund-a'), hash: undefined }, // the key of an earlier journal with other content: conflict
      bet(b, 55n, 'k5'), // b 49
      pay(b, a, 10n, 'k6'), // a 29, b 39
      bet(a, 29n, 'k7'), // a 0
      bet(a, 1n, 'k8'), // refused
      bet(a, 40n, 'k3'), // twin of a refused post: refused, as a replay
    ];
    const general = await callOf('ledger_post_batch_runs', batch);
    const fast = await callOf('ledger_post_batch', batch);
    expect(fast).toEqual(general);
    // It took the short path (the general one fails in this call), and the answers are the expected ones.
    const only = (await callOf('ledger_post_batch', batch, noGeneralPath)) as {
      answers: Array<Record<string, unknown>>;
    };
    expect(only.answers.map((r) => (r.conflict ? 'conflict' : r.ok ? 'ok' : r.error))).toEqual([
      'ok',
      'ok',
      'insufficient_funds',
      'ok',
      'ok',
      'conflict',
      'conflict',
      'ok',
      'ok',
      'ok',
      'insufficient_funds',
      'insufficient_funds',
    ]);
    expect(only.answers.map((r) => r.replay ?? null)).toEqual([
      false,
      false,
      false,
      false,
      true,
      null,
      null,
      false,
      false,
      false,
      false,
      true,
    ]);

    // Committed, then sent again: every post answers as a replay of its first answer (or a conflict).
    const first = await commit(batch);
    const again = await commit(batch);
    expect(again.map((r) => (r.conflict ? 'conflict' : r.replay))).toEqual(
      first.map((r) => (r.conflict ? 'conflict' : true)),
    );
    expect(again.map(({ replay: _, ...r }) => r)).toEqual(first.map(({ replay: _, ...r }) => r));
  });

  it('falls back to the general path for a batch with a hold, a resolution, two legs, or a new account', async () => {
    const c = (await createMember(t.app.modules, mer)).id;
    const mixed: Raw[][] = [
      [
        bet(a, 1n, 'm1'),
        {
          key: 'm2',
          legs: [{ debit: memberMain(b), credit: systemAccount('payment_clearing', b), amount: 3n, pending: true }],
        },
      ],
      [bet(a, 1n, 'm3'), { key: 'm4', legs: [...pay(a, b, 1n, 'x').legs, ...pay(b, a, 2n, 'x').legs] }],
      [bet(a, 1n, 'm5'), pay(b, c, 2n, 'm6'), bet(c, 1n, 'm7')], // c's wallet does not exist yet
    ];
    for (const batch of mixed) {
      expect(await callOf('ledger_post_batch', batch)).toEqual(await callOf('ledger_post_batch_runs', batch));
      await expect(callOf('ledger_post_batch', batch, noGeneralPath)).rejects.toThrow('general path taken');
    }
    const hold = await commit<{ transfer_ids: string[] }>([{ ...mixed[0]![1]!, key: 'hold' }]);
    const resolving = [
      bet(a, 1n, 'm8'),
      { key: 'm9', legs: [], resolve: [{ pending_id: hold[0]!.transfer_ids[0]!, action: 'void' as const }] },
    ];
    expect(await callOf('ledger_post_batch', resolving)).toEqual(await callOf('ledger_post_batch_runs', resolving));
    await expect(callOf('ledger_post_batch', resolving, noGeneralPath)).rejects.toThrow('general path taken');
  });
});
