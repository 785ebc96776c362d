import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, typeOfCode } from '../src/modules/history/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain, memberVendor, systemAccount } from '../src/modules/ledger/index.ts';
import type { Leg } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMember } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  await t.close();
});

async function memberWithToken(over: { type?: number } = {}) {
  const m = await createMember(t.app.modules, demo, over);
  const token = (
    await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.account, password: m.password },
    })
  ).json().value.token as string;
  return { ...m, token };
}

const post = (memberId: bigint, kind: string, legs: Leg[], ref: Record<string, string> = {}) =>
  t.app.modules.ledger.postOrThrow({
    merchantId: demo.id,
    currency: demo.currency,
    scope: 'history_test',
    key: randomUUID(),
    kind,
    memberId,
    ref,
    legs,
  });
const fund = (memberId: bigint, amount: bigint, code = 'adjustment') =>
  post(
    memberId,
    code,
    [{ debit: systemAccount('adjustments', memberId), credit: memberMain(memberId), amount, code }],
    { adjustmentId: '77' },
  );

const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const today = () => localDate(new Date(), demo.timezone);
const yesterday = () => localDate(new Date(Date.now() - 86_400_000), demo.timezone);

describe('GET /wps/member/transactions', () => {
  it('lists the member’s own entries newest first with balances, types, references, and open holds as pending', async () => {
    const m = await memberWithToken();
    await fund(m.id, 100_00n);
    await post(
      m.id,
      'deposit',
      [{ debit: systemAccount('payment_clearing', m.id), credit: memberMain(m.id), amount: 50_00n, code: 'deposit' }],
      { depositId: '9001' },
    );
    await post(
      m.id,
      'wallet_transfer',
      [{ debit: memberMain(m.id), credit: memberVendor(m.id, 'SABA'), amount: 30_00n, code: 'wallet_transfer' }],
      { from: 'MAIN', to: 'SABA' },
    );
    const hold = await post(
      m.id,
      'withdrawal',
      [
        {
          debit: memberMain(m.id),
          credit: systemAccount('payment_clearing', m.id),
          amount: 20_00n,
          code: 'withdrawal',
          pending: true,
        },
      ],
      { withdrawalId: '42' },
    );

    const res = await get(m.token, '/wps/member/transactions');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      total: 5,
      pageNo: 1,
      pageSize: 20,
      currency: 'PHP',
      exponent: 2,
      timezone: demo.timezone,
    });
    expect(
      v.items.map(
        (r: {
          type: string;
          wallet: string;
          amount: string;
          balanceAfter: string | null;
          status: string;
          reference: string;
        }) => [r.type, r.wallet, r.amount, r.balanceAfter, r.status, r.reference],
      ),
    ).toEqual([
      ['withdrawal', 'MAIN', '-2000', null, 'pending', 'WIT-42'],
      ['transfer', 'SABA', '3000', '3000', 'completed', 'MAIN → SABA'],
      ['transfer', 'MAIN', '-3000', '12000', 'completed', 'MAIN → SABA'],
      ['deposit', 'MAIN', '5000', '15000', 'completed', 'DEP-9001'],
      ['adjustment', 'MAIN', '10000', '10000', 'completed', 'ADJ-77'],
    ]);
    expect(new Set(v.items.map((r: { id: string }) => r.id)).size).toBe(5);

    // Once the hold is posted it is a completed withdrawal with its balance; the pending row is gone.
    await t.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'history_test',
      key: randomUUID(),
      kind: 'withdrawal',
      memberId: m.id,
      ref: { withdrawalId: '42' },
      resolve: [{ pendingId: hold.transferIds[0]!, action: 'post' }],
    });
    const after = (await get(m.token, '/wps/member/transactions?type=withdrawal')).json().value;
    expect(
      after.items.map((r: { amount: string; balanceAfter: string; status: string }) => [
        r.amount,
        r.balanceAfter,
        r.status,
      ]),
    ).toEqual([['-2000', '10000', 'completed']]);

    // A voided hold (rejected or cancelled withdrawal) stays in the history as cancelled, without a balance.
    const hold2 = await post(
      m.id,
      'withdrawal',
      [
        {
          debit: memberMain(m.id),
          credit: systemAccount('payment_clearing', m.id),
          amount: 5_00n,
          code: 'withdrawal',
          pending: true,
        },
      ],
      { withdrawalId: '43' },
    );
    await t.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'history_test',
      key: randomUUID(),
      kind: 'withdrawal',
      memberId: m.id,
      ref: { withdrawalId: '43' },
      resolve: [{ pendingId: hold2.transferIds[0]!, action: 'void' }],
    });
    const voided = (await get(m.token, '/wps/member/transactions?type=withdrawal')).json().value;
    expect(
      voided.items.map((r: { amount: string; balanceAfter: string | null; status: string }) => [
        r.amount,
        r.balanceAfter,
        r.status,
      ]),
    ).toEqual([
      ['-500', null, 'cancelled'],
      ['-2000', '10000', 'completed'],
    ]);
  });

  it('filters by type (including "other" for codes without a type) and pages with a total', async () => {
    const m = await memberWithToken();
    for (let i = 1; i <= 7; i++) await fund(m.id, BigInt(i * 100));
    await post(m.id, 'deposit', [
      { debit: systemAccount('payment_clearing', m.id), credit: memberMain(m.id), amount: 1_00n, code: 'deposit' },
    ]);
    await post(m.id, 'mystery', [
      { debit: systemAccount('house', m.id), credit: memberMain(m.id), amount: 1n, code: 'mystery_code' },
    ]);

    const page1 = (await get(m.token, '/wps/member/transactions?type=adjustment&pageSize=3')).json().value;
    expect(page1.total).toBe(7);
    expect(page1.items.map((r: { amount: string }) => r.amount)).toEqual(['700', '600', '500']);
    const page3 = (await get(m.token, '/wps/member/transactions?type=adjustment&pageSize=3&pageNo=3')).json().value;
    expect(page3.items.map((r: { amount: string }) => r.amount)).toEqual(['100']);
    const beyond = (await get(m.token, '/wps/member/transactions?type=adjustment&pageSize=3&pageNo=9')).json().value;
    expect(beyond).toMatchObject({ total: 7, items: [] });

    expect((await get(m.token, '/wps/member/transactions?type=deposit')).json().value.total).toBe(1);
    const other = (await get(m.token, '/wps/member/transactions?type=other')).json().value;
    expect(other.items.map((r: { type: string; code: string }) => [r.type, r.code])).toEqual([
      ['other', 'mystery_code'],
    ]);
    expect((await get(m.token, '/wps/member/transactions?type=bet')).json().value).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await get(m.token, '/wps/member/transactions?type=all')).json().value.total).toBe(9);
  });

  it('filters by local date range (inclusive) in the merchant time zone', async () => {
    const m = await memberWithToken();
    await fund(m.id, 5_00n);
    expect((await get(m.token, `/wps/member/transactions?from=${today()}&to=${today()}`)).json().value.total).toBe(1);
    expect((await get(m.token, `/wps/member/transactions?from=${yesterday()}`)).json().value.total).toBe(1);
    expect((await get(m.token, `/wps/member/transactions?to=${yesterday()}`)).json().value.total).toBe(0);
    const tomorrow = localDate(new Date(Date.now() + 86_400_000), demo.timezone);
    expect((await get(m.token, `/wps/member/transactions?from=${tomorrow}`)).json().value.total).toBe(0);
  });

  it('never shows another member’s rows', async () => {
    const a = await memberWithToken();
    const b = await memberWithToken();
    await fund(a.id, 1_11n);
    await fund(b.id, 2_22n);
    // A transfer between two other members touches neither a nor b.
    const c = await memberWithToken();
    const d = await memberWithToken();
    await fund(c.id, 5_00n);
    await post(
      c.id,
      'transfer_downline',
      [{ debit: memberMain(c.id), credit: memberMain(d.id), amount: 1_00n, code: 'transfer_downline' }],
      { fromMemberId: String(c.id), toMemberId: String(d.id), fromAccount: c.account, toAccount: d.account },
    );

    const rowsA = (await get(a.token, '/wps/member/transactions?pageSize=100')).json().value.items;
    expect(rowsA.map((r: { amount: string }) => r.amount)).toEqual(['111']);
    const rowsB = (await get(b.token, '/wps/member/transactions?pageSize=100')).json().value.items;
    expect(rowsB.map((r: { amount: string }) => r.amount)).toEqual(['222']);
    // The receiver of a transfer sees it (with the sender), the sender sees its side.
    const rowsD = (await get(d.token, '/wps/member/transactions')).json().value.items;
    expect(
      rowsD.map((r: { amount: string; reference: string; type: string }) => [r.type, r.amount, r.reference]),
    ).toEqual([['transfer', '100', `← ${c.account}`]]);
    const rowsC = (await get(c.token, '/wps/member/transactions?type=transfer')).json().value.items;
    expect(rowsC.map((r: { amount: string; reference: string }) => [r.amount, r.reference])).toEqual([
      ['-100', `→ ${d.account}`],
    ]);
    // Query parameters cannot widen the scope.
    const sneaky = await get(a.token, `/wps/member/transactions?memberId=${b.id}`);
    expect(sneaky.json().value.items.map((r: { amount: string }) => r.amount)).toEqual(['111']);
  });

  it('needs a real (non-trial) session and valid filters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/transactions' })).statusCode).toBe(401);
    const trial = await memberWithToken({ type: 4 });
    expect((await get(trial.token, '/wps/member/transactions')).json().code).toBe('in_need_true_account');
    expect((await get(trial.token, '/wps/member/profit')).json().code).toBe('in_need_true_account');
    const m = await memberWithToken();
    for (const q of [
      'pageSize=101',
      'pageNo=0',
      'type=steal',
      'from=2024-02-30',
      'from=yesterday',
      `from=${today()}&to=${yesterday()}`,
    ]) {
      const res = await get(m.token, `/wps/member/transactions?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('validation_failed');
    }
  });
});

describe('GET /wps/member/profit', () => {
  it('sums per local day and in total; profit = wins − bets + bonuses; transfers and adjustments are not profit', async () => {
    const m = await memberWithToken();
    const house = systemAccount('house', m.id);
    await post(m.id, 'deposit', [
      { debit: systemAccount('payment_clearing', m.id), credit: memberMain(m.id), amount: 500_00n, code: 'deposit' },
    ]);
    await fund(m.id, 10_00n);
    await post(m.id, 'bet', [{ debit: memberMain(m.id), credit: house, amount: 40_00n, code: 'bet' }]);
    await post(m.id, 'win', [{ debit: house, credit: memberMain(m.id), amount: 25_00n, code: 'win' }]);
    await post(m.id, 'bonus', [
      { debit: systemAccount('promotions', m.id), credit: memberMain(m.id), amount: 5_00n, code: 'bonus' },
    ]);
    await post(m.id, 'wallet_transfer', [
      { debit: memberMain(m.id), credit: memberVendor(m.id, 'EVO'), amount: 100_00n, code: 'wallet_transfer' },
    ]);
    await post(m.id, 'withdrawal', [
      { debit: memberMain(m.id), credit: systemAccount('payment_clearing', m.id), amount: 60_00n, code: 'withdrawal' },
    ]);
    await post(m.id, 'withdrawal_refund', [
      {
        debit: systemAccount('payment_clearing', m.id),
        credit: memberMain(m.id),
        amount: 10_00n,
        code: 'withdrawal_refund',
      },
    ]);
    // A pending hold is not a withdrawal yet.
    await post(m.id, 'withdrawal', [
      {
        debit: memberMain(m.id),
        credit: systemAccount('payment_clearing', m.id),
        amount: 7_00n,
        code: 'withdrawal',
        pending: true,
      },
    ]);

    const res = await get(m.token, '/wps/member/profit');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    const figures = {
      deposits: '50000',
      withdrawals: '5000',
      bets: '4000',
      wins: '2500',
      bonuses: '500',
      profit: '-1000',
    };
    expect(v).toMatchObject({ to: today(), currency: 'PHP', exponent: 2, timezone: demo.timezone, total: figures });
    expect(v.from <= yesterday()).toBe(true);
    expect(v.days).toEqual([{ date: today(), ...figures }]);

    const empty = (await get(m.token, `/wps/member/profit?from=${yesterday()}&to=${yesterday()}`)).json().value;
    expect(empty).toMatchObject({
      from: yesterday(),
      to: yesterday(),
      days: [],
      total: { deposits: '0', withdrawals: '0', bets: '0', wins: '0', bonuses: '0', profit: '0' },
    });

    // Another member's activity never counts.
    const other = await memberWithToken();
    expect((await get(other.token, '/wps/member/profit')).json().value.total.deposits).toBe('0');
  });

  it('refuses inverted and overlong ranges', async () => {
    const m = await memberWithToken();
    expect((await get(m.token, `/wps/member/profit?from=${today()}&to=${yesterday()}`)).json().code).toBe(
      'validation_failed',
    );
    expect((await get(m.token, '/wps/member/profit?from=2020-01-01&to=2024-01-01')).json().code).toBe(
      'validation_failed',
    );
    expect((await get(m.token, '/wps/member/profit?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });
});

describe('history helpers', () => {
  it('maps ledger codes to types and dates to the merchant time zone', () => {
    expect(
      ['deposit', 'withdrawal_refund', 'transfer_upline', 'adjustment', 'bet', 'win', 'rebate', 'x'].map(typeOfCode),
    ).toEqual(['deposit', 'withdrawal', 'transfer', 'adjustment', 'bet', 'win', 'bonus', 'other']);
    const at = new Date('2024-03-01T17:30:00Z');
    expect(localDate(at, 'Asia/Manila')).toBe('2024-03-02');
    expect(localDate(at, 'America/New_York')).toBe('2024-03-01');
  });
});
