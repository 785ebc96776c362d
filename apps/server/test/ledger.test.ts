import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { type LedgerModule, memberMain, memberVendor, systemAccount } from '../src/modules/ledger/index.ts';
import type { PostRequest } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMember, createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let ledger: LedgerModule;
let merchant: Merchant;
let alice: bigint;
let bob: bigint;
let keySeq = 0;
const key = () => `k${++keySeq}`;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.app.modules.ledger;
  merchant = (await t.app.modules.merchants.findByCode('demo'))!;
  alice = (await createMember(t.app.modules, merchant)).id;
  bob = (await createMember(t.app.modules, merchant)).id;
});
afterAll(async () => {
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  await t.close();
});

const base = (over: Partial<PostRequest> = {}): PostRequest => ({
  merchantId: merchant.id,
  currency: merchant.currency,
  scope: 'test',
  key: key(),
  kind: 'adjustment',
  ...over,
});
const fund = (member: bigint, amount: bigint, k = key()) =>
  ledger.postOrThrow(
    base({
      key: k,
      memberId: member,
      legs: [{ debit: systemAccount('adjustments', member), credit: memberMain(member), amount, code: 'adjustment' }],
    }),
  );
const pay = (from: bigint, to: bigint, amount: bigint, k = key()) =>
  ledger.post(
    base({
      key: k,
      kind: 'transfer',
      memberId: from,
      legs: [{ debit: memberMain(from), credit: memberMain(to), amount, code: 'transfer' }],
    }),
  );
const bal = async (member: bigint) => (await ledger.balances(merchant.id, [memberMain(member)]))[memberMain(member)]!;

describe('posting', () => {
  it('moves money between accounts, returns balances after, and accounts start at zero', async () => {
    const before = await bal(alice);
    expect(before).toEqual({ balance: 0n, available: 0n });
    const r = await fund(alice, 1_000n);
    expect(r.replay).toBe(false);
    expect(r.balances[memberMain(alice)]).toEqual({ balance: 1_000n, available: 1_000n });
    // System accounts' balances are not in a post's result (migration 0026): they are read through the balances API.
    expect(r.balances[systemAccount('adjustments', alice)]).toBeUndefined();
    const sys = systemAccount('adjustments', alice);
    expect((await ledger.balances(merchant.id, [sys]))[sys]!.balance).toBeLessThan(0n);
    const p = await pay(alice, bob, 300n);
    expect(p.ok).toBe(true);
    expect(await bal(alice)).toEqual({ balance: 700n, available: 700n });
    expect(await bal(bob)).toEqual({ balance: 300n, available: 300n });
  });

  it('replays an identical request without moving money again, and refuses the key with other content', async () => {
    const k = key();
    const first = await pay(alice, bob, 10n, k);
    const again = await pay(alice, bob, 10n, k);
    expect(again).toMatchObject({ ok: true, replay: true, journalId: first.journalId });
    expect(again.ok && first.ok && again.transferIds).toEqual(first.ok && first.transferIds);
    await expect(pay(alice, bob, 11n, k)).rejects.toMatchObject({ code: 'idempotency_conflict' });
    await expect(pay(bob, alice, 10n, k)).rejects.toMatchObject({ code: 'idempotency_conflict' });
    expect(await bal(alice)).toEqual({ balance: 690n, available: 690n });
  });

  it('never overdraws a member wallet, and a refusal is final for its key', async () => {
    const k = key();
    const r = await pay(bob, alice, 10_000n, k);
    expect(r).toMatchObject({ ok: false, error: 'insufficient_funds', replay: false });
    await fund(bob, 20_000n);
    expect(await pay(bob, alice, 10_000n, k)).toMatchObject({ ok: false, error: 'insufficient_funds', replay: true });
    expect((await pay(bob, alice, 10_000n)).ok).toBe(true);
    await expect(
      ledger.postOrThrow(
        base({ legs: [{ debit: memberMain(bob), credit: memberMain(alice), amount: 10n ** 15n, code: 'transfer' }] }),
      ),
    ).rejects.toMatchObject({
      code: 'insufficient_funds',
    });
  });

  it('is atomic across legs: one failing leg moves nothing', async () => {
    const a0 = await bal(alice);
    const r = await ledger.post(
      base({
        legs: [
          { debit: memberMain(alice), credit: memberVendor(alice, 'ABC'), amount: 5n, code: 'wallet_transfer' },
          { debit: memberMain(bob), credit: memberMain(alice), amount: 10n ** 15n, code: 'transfer' },
        ],
      }),
    );
    expect(r).toMatchObject({ ok: false, error: 'insufficient_funds' });
    expect(await bal(alice)).toEqual(a0);
    expect((await ledger.balances(merchant.id, [memberVendor(alice, 'ABC')]))[memberVendor(alice, 'ABC')]).toEqual({
      balance: 0n,
      available: 0n,
    });
  });

  it('refuses programming errors before sending anything', async () => {
    await expect(ledger.post(base({ legs: [] }))).rejects.toThrow(/at least one/);
    await expect(
      ledger.post(base({ legs: [{ debit: memberMain(alice), credit: memberMain(alice), amount: 1n, code: 'x' }] })),
    ).rejects.toThrow(/differ/);
    await expect(
      ledger.post(base({ legs: [{ debit: memberMain(alice), credit: memberMain(bob), amount: 0n, code: 'x' }] })),
    ).rejects.toThrow(/positive/);
    await expect(
      ledger.post(base({ legs: [{ debit: 'player 1', credit: memberMain(bob), amount: 1n, code: 'x' }] })),
    ).rejects.toThrow(/account code/);
  });

  it('refuses an account of another currency', async () => {
    const r = await ledger.post(
      base({
        currency: 'XXX',
        legs: [{ debit: memberMain(alice), credit: memberMain(bob), amount: 1n, code: 'transfer' }],
      }),
    );
    expect(r).toMatchObject({ ok: false, error: 'account_mismatch' });
  });
});

describe('holds', () => {
  it('reserve available funds, then post (fully or partly) or void exactly once', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await fund(m, 1_000n);
    const hold = await ledger.postOrThrow(
      base({
        kind: 'withdrawal',
        legs: [
          {
            debit: memberMain(m),
            credit: systemAccount('payment_clearing', m),
            amount: 600n,
            code: 'withdrawal',
            pending: true,
          },
        ],
      }),
    );
    expect(hold.balances[memberMain(m)]).toEqual({ balance: 1_000n, available: 400n });
    // The held money cannot be spent twice.
    expect(await pay(m, alice, 500n)).toMatchObject({ ok: false, error: 'insufficient_funds' });
    const holdId = hold.transferIds[0]!;
    const posted = await ledger.postOrThrow(
      base({ kind: 'withdrawal', resolve: [{ pendingId: holdId, action: 'post', amount: 450n }] }),
    );
    expect(posted.balances[memberMain(m)]).toEqual({ balance: 550n, available: 550n });
    expect(await ledger.post(base({ resolve: [{ pendingId: holdId, action: 'void' }] }))).toMatchObject({
      ok: false,
      error: 'pending_already_resolved',
    });
    expect(await ledger.post(base({ resolve: [{ pendingId: 987654321n, action: 'void' }] }))).toMatchObject({
      ok: false,
      error: 'pending_not_found',
    });

    const hold2 = await ledger.postOrThrow(
      base({
        legs: [
          {
            debit: memberMain(m),
            credit: systemAccount('payment_clearing', m),
            amount: 500n,
            code: 'withdrawal',
            pending: true,
          },
        ],
      }),
    );
    expect(
      await ledger.post(base({ resolve: [{ pendingId: hold2.transferIds[0]!, action: 'post', amount: 501n }] })),
    ).toMatchObject({ ok: false, error: 'exceeds_pending_amount' });
    const voided = await ledger.postOrThrow(base({ resolve: [{ pendingId: hold2.transferIds[0]!, action: 'void' }] }));
    expect(voided.balances[memberMain(m)]).toEqual({ balance: 550n, available: 550n });
  });

  it('a hold of another merchant cannot be resolved from this one', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await fund(m, 100n);
    const hold = await ledger.postOrThrow(
      base({
        legs: [
          {
            debit: memberMain(m),
            credit: systemAccount('payment_clearing', m),
            amount: 100n,
            code: 'withdrawal',
            pending: true,
          },
        ],
      }),
    );
    const other = await createMerchant(t.database.all);
    const r = await ledger.post({
      ...base(),
      merchantId: other.id,
      currency: 'VND',
      resolve: [{ pendingId: hold.transferIds[0]!, action: 'post' }],
    });
    expect(r).toMatchObject({ ok: false, error: 'pending_not_found' });
  });

  it('racing resolutions of one hold: exactly one wins', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await fund(m, 100n);
    const hold = await ledger.postOrThrow(
      base({
        legs: [
          {
            debit: memberMain(m),
            credit: systemAccount('payment_clearing', m),
            amount: 100n,
            code: 'withdrawal',
            pending: true,
          },
        ],
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ledger.post(base({ resolve: [{ pendingId: hold.transferIds[0]!, action: i % 2 ? 'post' : 'void' }] })),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === 'pending_already_resolved')).toBe(true);
  });
});

describe('the database itself guards the books', () => {
  it('refuses to edit or delete transfers and entries, and to overdraw a member row directly', async () => {
    const db = t.database.all;
    await expect(sql`update ledger_transfers set amount = amount + 1`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_journals`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_journals set result = '{}'::jsonb`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_accounts set code = 'sys:x:1'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(
      sql`update ledger_accounts set debits_posted = credits_posted + 1 where no_overdraft`.execute(db),
    ).rejects.toThrow(/ledger_no_overdraft/);
  });
});

describe('the audit proves what the rows cannot', () => {
  // Migration 0042 took the foreign keys off the ledger's own rows (ledger_post_batch writes them together):
  // a row written around it that names a missing journal, account or transfer must show in the audit.
  const tampered = async (write: (db: typeof t.database.all) => Promise<unknown>, check = 'references:') => {
    let problems: string[] = [];
    await t.database.all
      .transaction()
      .execute(async (trx) => {
        await write(trx);
        problems = (await auditLedger(trx)).problems;
        throw new Error('roll back');
      })
      .catch((e: Error) => {
        if (e.message !== 'roll back') throw e;
      });
    return problems.filter((p) => p.startsWith(check));
  };

  it('finds a transfer naming a missing journal or account, and an entry naming a missing transfer', async () => {
    await fund(alice, 1_000n);
    const [acc] = await sql<{ id: string }>`select id from ledger_accounts where code = ${memberMain(alice)}`
      .execute(t.database.all)
      .then((r) => r.rows);
    const [tr] = await sql<{ id: string; journal_id: string }>`select id, journal_id from ledger_transfers
      where credit_account_id = ${acc!.id} order by id desc limit 1`
      .execute(t.database.all)
      .then((r) => r.rows);
    expect(await tampered(async () => undefined)).toEqual([]);
    const orphanJournal = await tampered((db) =>
      sql`insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
          values (${merchant.id}, 999999999, ${acc!.id}, ${acc!.id} + 1, 1, 'x', 1)`.execute(db),
    );
    expect(orphanJournal).toHaveLength(1);
    expect(orphanJournal[0]).toMatch(/"journal":"999999999"/);
    const orphanAccount = await tampered((db) =>
      sql`insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
          values (${merchant.id}, ${tr!.journal_id}, 999999999, ${acc!.id}, 1, 'x', 1)`.execute(db),
    );
    expect(orphanAccount[0]).toMatch(/"account":"999999999"/);
    const orphanEntry = await tampered((db) =>
      sql`insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
          values (${acc!.id}, 1000000, 999999999, ${tr!.journal_id}, 1, 1)`.execute(db),
    );
    expect(orphanEntry[0]).toMatch(/"row_kind":"entry","id":"999999999"/);
    const wrongAccount = await tampered((db) =>
      sql`insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
          select id, 1000000, ${tr!.id}, ${tr!.journal_id}, 1, 1 from ledger_accounts
          where id not in (select debit_account_id from ledger_transfers where id = ${tr!.id}) and id <> ${acc!.id}
          order by id limit 1`.execute(db),
    );
    expect(wrongAccount).toHaveLength(1);
  });

  it("finds a posted transfer that the accounts' posted columns do not carry (one pass over the transfers)", async () => {
    await fund(alice, 1_000n);
    const [tr] = await sql<{ journal_id: string; debit: string; credit: string }>`select journal_id,
        debit_account_id as debit, credit_account_id as credit from ledger_transfers order by id desc limit 1`
      .execute(t.database.all)
      .then((r) => r.rows);
    const check = 'posted columns = sum of posted transfers';
    expect(await tampered(async () => undefined, check)).toEqual([]);
    const extra = await tampered(
      (db) =>
        sql`insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
            values (${merchant.id}, ${tr!.journal_id}, ${tr!.debit}, ${tr!.credit}, 7, 'x', 0)`.execute(db),
      check,
    );
    expect(extra).toHaveLength(1);
    // Both accounts differ by 7: the debit side of one and the credit side of the other.
    expect(extra[0]).toMatch(new RegExp(`"id":"${tr!.debit}"`));
    expect(extra[0]).toMatch(new RegExp(`"id":"${tr!.credit}"`));
  });
});

describe('concurrency', () => {
  it('200 parallel debits of 1 on a balance of 100: exactly 100 succeed, the balance ends at 0', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    await fund(m, 100n);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        ledger.post(
          base({ legs: [{ debit: memberMain(m), credit: systemAccount('house', m), amount: 1n, code: 'bet' }] }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.filter((r) => !r.ok && r.error === 'insufficient_funds')).toHaveLength(100);
    expect(await bal(m)).toEqual({ balance: 0n, available: 0n });
  });

  it('the same key fired 20 times at once has exactly one effect', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => fund(m, 77n, k)));
    expect(new Set(results.map((r) => r.journalId))).toHaveProperty('size', 1);
    expect(results.filter((r) => !r.replay)).toHaveLength(1);
    expect(await bal(m)).toEqual({ balance: 77n, available: 77n });
  });

  it('transfers both ways between the same accounts do not deadlock', async () => {
    const a = (await createMember(t.app.modules, merchant)).id;
    const b = (await createMember(t.app.modules, merchant)).id;
    await fund(a, 1_000n);
    await fund(b, 1_000n);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? pay(a, b, 7n) : pay(b, a, 7n))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await bal(a)).balance + (await bal(b)).balance).toBe(2_000n);
  });

  it('random transfers among a few wallets in every direction at once: no deadlock, nothing created or lost', async () => {
    const ms = await Promise.all(
      Array.from({ length: 6 }, async () => (await createMember(t.app.modules, merchant)).id),
    );
    for (const m of ms) await fund(m, 500n);
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const results = await Promise.all(
      Array.from({ length: 300 }, () => {
        const a = rnd(6);
        const b = (a + 1 + rnd(5)) % 6;
        return pay(ms[a]!, ms[b]!, BigInt(1 + rnd(200)));
      }),
    );
    expect(results.every((r) => r.ok || r.error === 'insufficient_funds')).toBe(true);
    const total = (await ledger.balances(
      merchant.id,
      ms.map((m) => memberMain(m)),
    )) as Record<string, { balance: bigint }>;
    expect(Object.values(total).reduce((s, b) => s + b.balance, 0n)).toBe(3_000n);
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  });

  it('posts grouped into one batch: a faulty request fails alone, the others are applied', async () => {
    const m = (await createMember(t.app.modules, merchant)).id;
    const settled = await Promise.allSettled([
      fund(m, 10n),
      // A member id that does not exist: the database refuses it (a bug in a caller, not a business outcome).
      ledger.post(
        base({
          legs: [
            { debit: systemAccount('adjustments'), credit: memberMain(987_654_321n), amount: 1n, code: 'adjustment' },
          ],
        }),
      ),
      fund(m, 20n),
      fund(m, 30n),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await bal(m)).toEqual({ balance: 60n, available: 60n });
  });
});
