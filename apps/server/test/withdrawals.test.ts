import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobRunner } from '../src/jobs/runner.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { fundMember } from './helpers/money.ts';
import { multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { buildTestApp, countingHasher, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let admin: TestAdmin;
const hasher = countingHasher();

beforeAll(async () => {
  t = await buildTestApp({ hasher });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  admin = await createTestAdmin(t);
});
afterAll(() => t.close());

// ---- helpers ----

let seq = 0;
const TX_PW = '246810';

/** A logged-in member of the demo merchant (PHP, 2 decimals), optionally funded (minor units) with a transaction password and a bank account. */
async function player(
  opts: { fund?: bigint; txPassword?: boolean; bank?: boolean; type?: number } = {},
): Promise<Player & { bankId: string }> {
  seq += 1;
  const p = await newPlayer(t, demo, { type: opts.type, fund: opts.fund });
  const { password } = p;
  if (opts.txPassword)
    expect(
      (
        await call(p, 'POST', '/wps/member/transaction-password', {
          loginPassword: password,
          newPassword: TX_PW,
          confirm: TX_PW,
        })
      ).json().success,
    ).toBe(true);
  let bankId = '';
  if (opts.bank)
    bankId = (
      await call(p, 'POST', '/wps/withdraw/bank-accounts', {
        bankName: 'BDO',
        accountNumber: `12345${seq}`.padEnd(10, '0'),
        accountName: 'Juan Dela Cruz',
      })
    ).json().value.id;
  return { ...p, bankId };
}

function call(p: { token: string }, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${p.token}` },
    ...(payload !== undefined && { payload: payload as object }),
  });
}
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin.token}` },
    ...(payload !== undefined && { payload: payload as object }),
  });

let reqSeq = 0;
const newRequestId = () => `req-${++reqSeq}-${Date.now().toString(36)}`;
const request = (
  p: Player & { bankId: string },
  amount: string,
  over: Partial<{ requestId: string; transactionPassword: string; bankAccountId: string }> = {},
) =>
  call(p, 'POST', '/wps/withdraw/requests', {
    bankAccountId: p.bankId,
    amount,
    transactionPassword: TX_PW,
    requestId: newRequestId(),
    ...over,
  });

async function wallet(memberId: bigint) {
  return (await t.app.modules.ledger.balances(demo.id, [memberMain(memberId)]))[memberMain(memberId)]!;
}
const rowsOf = (memberId: bigint) =>
  t.database.all.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
const withdrawalJournals = () =>
  t.database.all
    .selectFrom('ledger_journals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('scope', '=', 'withdrawal')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/** A withdrawal of `amount` (major units) by a funded member, taken through approve and disburse. */
async function disbursed(amount = '30.00', fund = 10_000n) {
  const p = await player({ fund, txPassword: true, bank: true });
  const id = (await request(p, amount)).json().value.id as string;
  expect((await asAdmin('POST', `/admin/api/withdrawals/${id}/approve`)).json().value.status).toBe('approved');
  const d = (await asAdmin('POST', `/admin/api/withdrawals/${id}/disburse`)).json();
  expect(d.value.status).toBe('disbursed');
  return { p, id };
}

const receiptMultipart = (
  p: Player,
  id: string,
  fields: Record<string, string>,
  file?: { content: Buffer; name: string; type: string },
) => {
  const m = multipart(fields, file && { field: 'proof', ...file });
  return t.app.inject({
    method: 'POST',
    url: `/wps/withdraw/requests/${id}/receipt`,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${p.token}` },
  });
};
const png = () => testImage('png');

// ---- tests ----

describe('transaction password', () => {
  it('is reported unset, required for a request, then set with the login password (6 digits, confirmed)', async () => {
    const p = await player({ fund: 10_000n, bank: true });
    const s = (await call(p, 'GET', '/wps/withdraw/settings')).json().value;
    expect(s).toMatchObject({
      transactionPasswordSet: false,
      currency: 'PHP',
      exponent: 2,
      minAmount: '1000',
      maxAmount: '5000000',
      available: '10000',
      confirmWindowMinutes: 60,
      cancelAllowed: false,
      maxBankAccounts: 5,
    });
    expect((await request(p, '20')).json().code).toBe('transaction_password_required');

    const set = (body: object) => call(p, 'POST', '/wps/member/transaction-password', body);
    expect((await set({ loginPassword: p.password, newPassword: '12345', confirm: '12345' })).json().code).toBe(
      'validation_failed',
    );
    expect((await set({ loginPassword: p.password, newPassword: 'abcdef', confirm: 'abcdef' })).json().code).toBe(
      'validation_failed',
    );
    const mismatch = (await set({ loginPassword: p.password, newPassword: '123456', confirm: '123457' })).json();
    expect(mismatch.value.fields[0].field).toBe('confirm');
    const wrongLogin = (
      await set({ loginPassword: 'not my password', newPassword: '123456', confirm: '123456' })
    ).json();
    expect(wrongLogin).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'loginPassword' }] } });
    expect((await set({ loginPassword: p.password, newPassword: TX_PW, confirm: TX_PW })).json().success).toBe(true);
    expect((await call(p, 'GET', '/wps/withdraw/settings')).json().value.transactionPasswordSet).toBe(true);
    const stored = await t.database.all
      .selectFrom('members')
      .select('payment_password_hash')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(stored.payment_password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses wrong passwords and, after 5 in the window, refuses before hashing', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    for (let i = 0; i < 5; i++)
      expect((await request(p, '20', { transactionPassword: '111111' })).json().code).toBe(
        'transaction_password_invalid',
      );
    const before = hasher.checks;
    const limited = await request(p, '20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
    expect(hasher.checks).toBe(before);
    expect(await rowsOf(p.id)).toHaveLength(0);
  });

  it('is for real accounts only (trial accounts are refused)', async () => {
    const trial = await player({ type: demo.trialTypes[0] });
    expect((await call(trial, 'GET', '/wps/withdraw/settings')).json().code).toBe('in_need_true_account');
    expect((await call({ token: 'x'.repeat(43) }, 'GET', '/wps/withdraw/settings')).statusCode).toBe(401);
  });
});

describe('bank accounts', () => {
  it('adds (6–20 digits), masks, refuses duplicates and a sixth, removes', async () => {
    const p = await player();
    const add = (accountNumber: string, bankName = 'BPI') =>
      call(p, 'POST', '/wps/withdraw/bank-accounts', { bankName, accountNumber, accountName: 'Maria Clara' });
    expect((await add('12345')).json().code).toBe('validation_failed');
    expect((await add('1234567890123456789012')).json().code).toBe('validation_failed');
    expect((await add('12345a789')).json().code).toBe('validation_failed');
    const first = (await add('1234 5678 9012')).json().value;
    expect(first).toMatchObject({ bankName: 'BPI', accountNumberMasked: '•••• 9012', accountName: 'Maria Clara' });
    expect((await add('123456789012')).json()).toMatchObject({ code: 'conflict' });
    expect((await add('123456789012', 'bpi')).json()).toMatchObject({ code: 'conflict' });
    for (const n of ['200000001', '200000002', '200000003', '200000004'])
      expect((await add(n)).json().success).toBe(true);
    expect((await add('200000005')).json()).toMatchObject({ code: 'conflict', value: { max: 5 } });
    const list = (await call(p, 'GET', '/wps/withdraw/bank-accounts')).json().value;
    expect(list).toHaveLength(5);
    expect(JSON.stringify(list)).not.toContain('123456789012');

    const other = await player();
    expect((await call(other, 'DELETE', `/wps/withdraw/bank-accounts/${first.id}`)).json().code).toBe('not_found');
    expect((await call(p, 'DELETE', `/wps/withdraw/bank-accounts/${first.id}`)).json().success).toBe(true);
    expect((await call(p, 'GET', '/wps/withdraw/bank-accounts')).json().value).toHaveLength(4);
    expect((await add('123456789012')).json().success).toBe(true);
  });

  it('keeps five even when six adds race', async () => {
    const p = await player();
    const res = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(p, 'POST', '/wps/withdraw/bank-accounts', {
          bankName: 'UnionBank',
          accountNumber: `90000000${i}`,
          accountName: 'Race',
        }),
      ),
    );
    expect(res.filter((r) => r.json().success)).toHaveLength(5);
    expect((await call(p, 'GET', '/wps/withdraw/bank-accounts')).json().value).toHaveLength(5);
  });

  it('cannot be removed while a withdrawal to it is open', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '20')).json().value.id;
    expect((await call(p, 'DELETE', `/wps/withdraw/bank-accounts/${p.bankId}`)).json().code).toBe('state_invalid');
    await asAdmin('POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'test' });
    expect((await call(p, 'DELETE', `/wps/withdraw/bank-accounts/${p.bankId}`)).json().success).toBe(true);
  });
});

describe('withdrawal requests', () => {
  it('holds the amount: available drops, balance does not', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const res = (await request(p, '30')).json();
    expect(res.value).toMatchObject({
      status: 'requested',
      amount: '3000',
      currency: 'PHP',
      exponent: 2,
      replay: false,
      canCancel: false,
      canConfirmReceipt: false,
      accountNumberMasked: expect.stringMatching(/^•••• \d{4}$/),
    });
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 7_000n });
    expect((await call(p, 'GET', '/wps/withdraw/settings')).json().value.available).toBe('7000');
    const [row] = await rowsOf(p.id);
    expect(row!.hold_transfer_id).not.toBeNull();
  });

  it('validates the amount against the currency and the merchant limits', async () => {
    const p = await player({ fund: 10_000_000n, txPassword: true, bank: true });
    expect((await request(p, '10.001')).json().code).toBe('amount_invalid');
    expect((await request(p, 'ten')).json().code).toBe('validation_failed');
    expect((await request(p, '9.99')).json()).toMatchObject({
      code: 'amount_out_of_range',
      value: { min: '1000', max: '5000000' },
    });
    expect((await request(p, '50000.01')).json().code).toBe('amount_out_of_range');
    expect((await request(p, '50000')).json().success).toBe(true);
  });

  it('writes nothing on insufficient funds, and the same request id works once funded', async () => {
    const p = await player({ fund: 5_000n, txPassword: true, bank: true });
    const journals = await withdrawalJournals();
    const requestId = newRequestId();
    const res = await request(p, '80', { requestId });
    expect(res.json().code).toBe('insufficient_funds');
    expect(await rowsOf(p.id)).toHaveLength(0);
    expect(await withdrawalJournals()).toBe(journals);
    expect(await wallet(p.id)).toEqual({ balance: 5_000n, available: 5_000n });
    await fundMember(t.app.modules, demo, p.id, 5_000n);
    const again = (await request(p, '80', { requestId })).json();
    expect(again.value).toMatchObject({ status: 'requested', replay: false });
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 2_000n });
  });

  it('replays the same request id; different content is a conflict', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const requestId = newRequestId();
    const first = (await request(p, '25', { requestId })).json().value;
    // The id in answers and paths is the random public reference, never the sequential row id.
    expect(first.id).toMatch(/^WDR-[0-9A-Z]{8}$/);
    expect(first.id).toBe(first.reference);
    const replay = (await request(p, '25', { requestId })).json().value;
    expect(replay).toMatchObject({ id: first.id, replay: true });
    const twins = await Promise.all([request(p, '25', { requestId }), request(p, '25', { requestId })]);
    for (const r of twins) expect(r.json().value.id).toBe(first.id);
    expect((await request(p, '26', { requestId })).json().code).toBe('idempotency_conflict');
    expect(await rowsOf(p.id)).toHaveLength(1);
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 7_500n });
  });

  it('holds exactly what the balance allows when requests race (10 × 30 on 100 → 3)', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const res = await Promise.all(Array.from({ length: 10 }, () => request(p, '30')));
    const codes = res.map((r) => (r.json().success ? 'ok' : r.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(3);
    expect(codes.filter((c) => c === 'insufficient_funds')).toHaveLength(7);
    expect(await rowsOf(p.id)).toHaveLength(3);
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 1_000n });
  });

  it('lists the member’s own withdrawals, newest first, paginated', async () => {
    const p = await player({ fund: 100_000n, txPassword: true, bank: true });
    for (const a of ['11', '12', '13']) await request(p, a);
    const page1 = (await call(p, 'GET', '/wps/withdraw/requests?pageNo=1&pageSize=2')).json().value;
    expect(page1.total).toBe(3);
    expect(page1.items.map((w: { amount: string }) => w.amount)).toEqual(['1300', '1200']);
    const page2 = (await call(p, 'GET', '/wps/withdraw/requests?pageNo=2&pageSize=2')).json().value;
    expect(page2.items.map((w: { amount: string }) => w.amount)).toEqual(['1100']);
    const other = await player();
    expect((await call(other, 'GET', '/wps/withdraw/requests')).json().value).toMatchObject({ total: 0, items: [] });
  });
});

describe('operator actions', () => {
  it('approve → disburse: the balance drops and the hold is gone; each action audited, each only once', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '30')).json().value.id;
    expect((await asAdmin('POST', `/admin/api/withdrawals/${id}/disburse`)).json().code).toBe('state_invalid');
    const approved = (await asAdmin('POST', `/admin/api/withdrawals/${id}/approve`)).json().value;
    expect(approved).toMatchObject({
      status: 'approved',
      memberId: String(p.id),
      accountNumber: expect.stringMatching(/^\d{10}$/),
    });
    expect((await asAdmin('POST', `/admin/api/withdrawals/${id}/approve`)).json().code).toBe('state_invalid');
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 7_000n });
    const d = (await asAdmin('POST', `/admin/api/withdrawals/${id}/disburse`)).json().value;
    expect(d.status).toBe('disbursed');
    expect(new Date(d.receiptDueAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await wallet(p.id)).toEqual({ balance: 7_000n, available: 7_000n });
    expect((await asAdmin('POST', `/admin/api/withdrawals/${id}/disburse`)).json().code).toBe('state_invalid');
    expect(
      (await asAdmin('POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'late', from: 'approved' })).json().code,
    ).toBe('state_invalid');
    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target_type', '=', 'withdrawal')
      .where('target_id', '=', (await rowsOf(p.id))[0]!.reference)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve', 'withdrawal.disburse']);
    const list = (await asAdmin('GET', '/admin/api/withdrawals?status=disbursed')).json().value;
    expect(list.items.some((w: { id: string }) => w.id === id)).toBe(true);
    expect(list.items.every((w: { status: string }) => w.status === 'disbursed')).toBe(true);
  });

  it('above the merchant threshold, two different staff approve (four eyes); below it one is enough', async () => {
    const settings = (body: object) => asAdmin('PUT', '/admin/api/staff-settings', body);
    expect(
      (await settings({ ipAllowList: [], withdrawalSecondApprovalAbove: '5000' })).json().value
        .withdrawalSecondApprovalAbove,
    ).toBe('5000');
    try {
      const p = await player({ fund: 100_000n, txPassword: true, bank: true });
      const big = (await request(p, '50.01')).json().value.id as string;
      const first = (await asAdmin('POST', `/admin/api/withdrawals/${big}/approve`)).json().value;
      expect(first).toMatchObject({ status: 'requested', awaitingSecondApproval: true });
      const again = await asAdmin('POST', `/admin/api/withdrawals/${big}/approve`);
      expect(again.json().code).toBe('second_approval_required');
      expect((await asAdmin('POST', `/admin/api/withdrawals/${big}/disburse`)).json().code).toBe('state_invalid');
      const other = await createTestAdmin(t, { role: 'finance' });
      const second = await t.app.inject({
        method: 'POST',
        url: `/admin/api/withdrawals/${big}/approve`,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(second.json().value).toMatchObject({ status: 'approved', awaitingSecondApproval: false });
      const audit = await t.database.all
        .selectFrom('admin_audit_log')
        .select(['action', 'admin_id'])
        .where('target_id', '=', big)
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'withdrawal.approve.first', admin_id: admin.id },
        { action: 'withdrawal.approve', admin_id: other.id },
      ]);
      // At the threshold exactly: one approval.
      const small = (await request(p, '50.00')).json().value.id as string;
      expect((await asAdmin('POST', `/admin/api/withdrawals/${small}/approve`)).json().value.status).toBe('approved');
    } finally {
      await settings({ ipAllowList: [], withdrawalSecondApprovalAbove: null });
    }
  });

  it('an approved withdrawal is rejected only when the operator says it was approved (payout failed)', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '40')).json().value.id;
    await asAdmin('POST', `/admin/api/withdrawals/${id}/approve`);
    expect((await asAdmin('POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'x' })).json().code).toBe(
      'state_invalid',
    );
    expect(
      (
        await asAdmin('POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'Payout failed', from: 'approved' })
      ).json().value.status,
    ).toBe('rejected');
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 10_000n });
  });

  it('reject releases the hold', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '40')).json().value.id;
    const r = (await asAdmin('POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'Name does not match' })).json()
      .value;
    expect(r).toMatchObject({ status: 'rejected', rejectReason: 'Name does not match' });
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 10_000n });
    const mine = (await call(p, 'GET', '/wps/withdraw/requests')).json().value.items[0];
    expect(mine).toMatchObject({ status: 'rejected', rejectReason: 'Name does not match' });
  });

  it('racing approve and reject: exactly one wins and the ledger agrees', async () => {
    for (let i = 0; i < 3; i++) {
      const p = await player({ fund: 10_000n, txPassword: true, bank: true });
      const id = (await request(p, '50')).json().value.id;
      const [a, r] = await Promise.all([
        asAdmin('POST', `/admin/api/withdrawals/${id}/approve`),
        asAdmin('POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'race' }),
      ]);
      expect([a.json().success, r.json().success].filter(Boolean)).toHaveLength(1);
      const loser = a.json().success ? r : a;
      expect(loser.json().code).toBe('state_invalid');
      const [row] = await rowsOf(p.id);
      expect(await wallet(p.id)).toEqual(
        row!.status === 'rejected' ? { balance: 10_000n, available: 10_000n } : { balance: 10_000n, available: 5_000n },
      );
    }
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '50')).json().value.id;
    await asAdmin('POST', `/admin/api/withdrawals/${id}/approve`);
    const both = await Promise.all([
      asAdmin('POST', `/admin/api/withdrawals/${id}/disburse`),
      asAdmin('POST', `/admin/api/withdrawals/${id}/disburse`),
    ]);
    expect(both.filter((r) => r.json().success)).toHaveLength(1);
    expect(await wallet(p.id)).toEqual({ balance: 5_000n, available: 5_000n });
  });

  it('needs an admin session of the merchant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/withdrawals' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('admin_unauthorized');
    const p = await player();
    expect((await call(p, 'POST', '/admin/api/withdrawals/WDR-00000000/approve')).json().code).toBe(
      'admin_unauthorized',
    );
    expect((await asAdmin('POST', '/admin/api/withdrawals/WDR-00000000/approve')).json().code).toBe('not_found');
  });

  it('names withdrawals in paths by their reference only, never by the sequential row id', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const w = (await request(p, '30')).json().value;
    const [row] = await rowsOf(p.id);
    expect(w.id).toBe(row!.reference);
    expect(w.id).not.toContain(String(row!.id));
    for (const byRowId of [
      await asAdmin('GET', `/admin/api/withdrawals/${row!.id}`),
      await asAdmin('POST', `/admin/api/withdrawals/${row!.id}/approve`),
      await call(p, 'POST', `/wps/withdraw/requests/${row!.id}/receipt`, { result: 'received' }),
    ]) {
      expect(byRowId.statusCode).toBe(400);
      expect(byRowId.json().code).toBe('validation_failed');
    }
    expect((await asAdmin('GET', `/admin/api/withdrawals/${w.id}`)).json().value).toMatchObject({
      id: w.id,
      status: 'requested',
    });
    expect((await asAdmin('POST', `/admin/api/withdrawals/${w.id}/approve`)).json().value.status).toBe('approved');
  });
});

describe('receipt confirmation', () => {
  it('received → confirmed (no money moves)', async () => {
    const { p, id } = await disbursed('30');
    const mine = (await call(p, 'GET', '/wps/withdraw/requests')).json().value.items[0];
    expect(mine).toMatchObject({ id, status: 'disbursed', canConfirmReceipt: true });
    const r = (await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'received' })).json().value;
    expect(r).toMatchObject({ status: 'confirmed', receiptResult: 'received', canConfirmReceipt: false });
    expect(
      (await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'not_received' })).json().code,
    ).toBe('state_invalid');
    expect(await wallet(p.id)).toEqual({ balance: 7_000n, available: 7_000n });
  });

  it('partially received → disputed; the operator refunds the difference through the ledger', async () => {
    const { p, id } = await disbursed('30');
    expect((await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'partial' })).json().code).toBe(
      'validation_failed',
    );
    expect(
      (
        await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'partial', receivedAmount: '30' })
      ).json().code,
    ).toBe('amount_out_of_range');
    // "0" received would get round the proof image that "not received" asks for: refused (amount > 0).
    for (const receivedAmount of ['0', '0.00']) {
      const zero = (
        await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'partial', receivedAmount })
      ).json();
      expect(zero).toMatchObject({ success: false, code: 'amount_invalid' });
    }
    const r = (
      await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'partial', receivedAmount: '20.50' })
    ).json().value;
    expect(r).toMatchObject({ status: 'disputed', receiptResult: 'partial', receivedAmount: '2050' });
    expect(
      (await asAdmin('POST', `/admin/api/withdrawals/${id}/resolve-dispute`, { refund: '30.01' })).json().code,
    ).toBe('amount_out_of_range');
    const resolved = (await asAdmin('POST', `/admin/api/withdrawals/${id}/resolve-dispute`, { refund: '9.50' })).json()
      .value;
    expect(resolved).toMatchObject({ status: 'resolved', refundAmount: '950' });
    expect(await wallet(p.id)).toEqual({ balance: 7_950n, available: 7_950n });
    expect(
      (await asAdmin('POST', `/admin/api/withdrawals/${id}/resolve-dispute`, { refund: '9.50' })).json().code,
    ).toBe('state_invalid');
    expect(await wallet(p.id)).toEqual({ balance: 7_950n, available: 7_950n });
  });

  it('not received needs a PNG/JPG proof (multipart), kept re-encoded for the operator', async () => {
    const { p, id } = await disbursed('30');
    expect(
      (await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'not_received' })).json(),
    ).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'proof' }] } });
    expect(
      (
        await receiptMultipart(
          p,
          id,
          { result: 'not_received' },
          { content: Buffer.from('GIF89a....'), name: 'x.png', type: 'image/png' },
        )
      ).json().code,
    ).toBe('unsupported_media_type');
    const big = await receiptMultipart(
      p,
      id,
      { result: 'not_received' },
      { content: Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png', type: 'image/png' },
    );
    expect(big.json().code).toBe('payload_too_large');
    expect((await receiptMultipart(p, id, { result: 'maybe' })).json().code).toBe('validation_failed');
    const ok = (
      await receiptMultipart(
        p,
        id,
        { result: 'not_received' },
        { content: await png(), name: 'screenshot.png', type: 'image/png' },
      )
    ).json().value;
    expect(ok).toMatchObject({ status: 'disputed', receiptResult: 'not_received' });
    const proof = (await asAdmin('GET', `/admin/api/withdrawals/${id}/proof`)).json().value.image;
    expect(proof).toMatch(/^data:image\/jpeg;base64,/);
    expect((await sharp(Buffer.from(proof.split(',')[1], 'base64')).metadata()).format).toBe('jpeg');
    expect((await asAdmin('GET', `/admin/api/withdrawals/${id}`)).json().value.hasProof).toBe(true);
    const closed = (
      await asAdmin('POST', `/admin/api/withdrawals/${id}/resolve-dispute`, {
        refund: '0',
        note: 'bank confirms payment',
      })
    ).json().value;
    expect(closed).toMatchObject({ status: 'resolved', refundAmount: '0' });
    expect(await wallet(p.id)).toEqual({ balance: 7_000n, available: 7_000n });
  });

  it('is refused before disbursement', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '30')).json().value.id;
    expect((await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'received' })).json().code).toBe(
      'state_invalid',
    );
  });

  it('auto-confirms after the window (injected clock); running twice changes nothing more; no refund afterwards', async () => {
    const service = t.app.modules.withdrawals.withdrawals;
    const { p, id } = await disbursed('30');
    const start = Date.now();
    const early = await service.autoConfirmDue(new Date(start + 58 * 60_000));
    expect(early.confirmed).not.toContain(id);
    const due = await service.autoConfirmDue(new Date(start + 61 * 60_000));
    expect(due.confirmed).toContain(id);
    const again = await service.autoConfirmDue(new Date(start + 62 * 60_000));
    expect(again.confirmed).toEqual([]);
    const mine = (await call(p, 'GET', '/wps/withdraw/requests')).json().value.items[0];
    expect(mine).toMatchObject({ id, status: 'auto_confirmed', receiptResult: 'received', canConfirmReceipt: false });
    expect(
      (await call(p, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'not_received' })).json().code,
    ).toBe('state_invalid');
    expect((await asAdmin('POST', `/admin/api/withdrawals/${id}/resolve-dispute`, { refund: '30' })).json().code).toBe(
      'state_invalid',
    );
    expect(await wallet(p.id)).toEqual({ balance: 7_000n, available: 7_000n });
  });

  it('two job runs at once confirm each withdrawal once', async () => {
    const a = await disbursed('15');
    const b = await disbursed('16');
    const service = t.app.modules.withdrawals.withdrawals;
    const later = new Date(Date.now() + 2 * 3_600_000);
    const [x, y] = await Promise.all([service.autoConfirmDue(later), service.autoConfirmDue(later)]);
    const all = [...x.confirmed, ...y.confirmed].map(String);
    expect(all.filter((i) => i === a.id)).toHaveLength(1);
    expect(all.filter((i) => i === b.id)).toHaveLength(1);
  });

  it('uses the merchant window from the settings', async () => {
    const put = await asAdmin('PUT', '/admin/api/withdrawal-settings', {
      minAmount: '10',
      maxAmount: '50000',
      confirmWindowMinutes: 5,
      cancelAllowed: false,
    });
    expect(put.json().value).toMatchObject({ confirmWindowMinutes: 5, minAmount: '1000' });
    const { id } = await disbursed('30');
    const row = await t.database.all
      .selectFrom('withdrawals')
      .select(['receipt_due_at', 'disbursed_at'])
      .where('reference', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.receipt_due_at!.getTime() - row.disbursed_at!.getTime()).toBe(5 * 60_000);
    await asAdmin('PUT', '/admin/api/withdrawal-settings', {
      minAmount: '10',
      maxAmount: '50000',
      confirmWindowMinutes: 60,
      cancelAllowed: false,
    });
  });
});

describe('cancel and ownership', () => {
  it('members cannot cancel unless the merchant allows it; then only while requested', async () => {
    const p = await player({ fund: 10_000n, txPassword: true, bank: true });
    const id = (await request(p, '30')).json().value.id;
    expect((await call(p, 'POST', `/wps/withdraw/requests/${id}/cancel`)).json().code).toBe('function_not_enabled');
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 7_000n });

    await asAdmin('PUT', '/admin/api/withdrawal-settings', {
      minAmount: '10',
      maxAmount: '50000',
      confirmWindowMinutes: 60,
      cancelAllowed: true,
    });
    expect((await call(p, 'GET', '/wps/withdraw/requests')).json().value.items[0].canCancel).toBe(true);
    const c = (await call(p, 'POST', `/wps/withdraw/requests/${id}/cancel`)).json().value;
    expect(c.status).toBe('cancelled');
    expect(await wallet(p.id)).toEqual({ balance: 10_000n, available: 10_000n });
    expect((await call(p, 'POST', `/wps/withdraw/requests/${id}/cancel`)).json().code).toBe('state_invalid');

    const id2 = (await request(p, '30')).json().value.id;
    await asAdmin('POST', `/admin/api/withdrawals/${id2}/approve`);
    expect((await call(p, 'POST', `/wps/withdraw/requests/${id2}/cancel`)).json().code).toBe('state_invalid');
    await asAdmin('PUT', '/admin/api/withdrawal-settings', {
      minAmount: '10',
      maxAmount: '50000',
      confirmWindowMinutes: 60,
      cancelAllowed: false,
    });
  });

  it('another member cannot see, cancel, confirm or use your withdrawal and bank account', async () => {
    await asAdmin('PUT', '/admin/api/withdrawal-settings', {
      minAmount: '10',
      maxAmount: '50000',
      confirmWindowMinutes: 60,
      cancelAllowed: true,
    });
    const { p, id } = await disbursed('30');
    const mallory = await player({ fund: 10_000n, txPassword: true, bank: true });
    expect(
      (await call(mallory, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'not_received' })).json().code,
    ).toBe('not_found');
    expect(
      (await call(mallory, 'POST', `/wps/withdraw/requests/${id}/receipt`, { result: 'received' })).json().code,
    ).toBe('not_found');
    expect((await call(mallory, 'POST', `/wps/withdraw/requests/${id}/cancel`)).json().code).toBe('not_found');
    expect((await request(mallory, '20', { bankAccountId: p.bankId })).json().code).toBe('not_found');
    expect((await call(mallory, 'GET', '/wps/withdraw/requests')).json().value.total).toBe(0);
    expect((await rowsOf(p.id))[0]!.status).toBe('disbursed');
    await asAdmin('PUT', '/admin/api/withdrawal-settings', {
      minAmount: '10',
      maxAmount: '50000',
      confirmWindowMinutes: 60,
      cancelAllowed: false,
    });
  });
});

describe('scheduled job', () => {
  it('the job runner (pg-boss) confirms due withdrawals on its own and stops cleanly', async () => {
    const { id } = await disbursed('12');
    await t.database.all
      .updateTable('withdrawals')
      .set({ receipt_due_at: new Date(Date.now() - 1000) })
      .where('reference', '=', id)
      .execute();
    const jobs = await startJobRunner({
      database: t.database,
      jobs: t.app.modules.withdrawals.jobs,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollSeconds: 0.5,
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await t.database.all
                .selectFrom('withdrawals')
                .select('status')
                .where('reference', '=', id)
                .executeTakeFirstOrThrow()
            ).status,
          { timeout: 5000 },
        )
        .toBe('auto_confirmed');
    } finally {
      await jobs.stop();
    }
  });
});

describe('ledger', () => {
  it('audits clean after everything above', async () => {
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  });
});
