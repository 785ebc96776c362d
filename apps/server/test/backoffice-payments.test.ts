import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { multipart, newPlayer, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 22, the rest of Payments: deposit methods and their limits (read with payments.view, changed with
 * payments.settings, audited), a withdrawal disbursed with the payment's proof image, adjustments naming their
 * requester and approver by username, and server-side sorting of the three lists (allow-listed `sort`).
 */
let t: TestApp;
let demo: Merchant;
let finance: TestAdmin;
let finance2: TestAdmin;
let risk: TestAdmin;
let auditor: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  finance = await createTestAdmin(t, { role: 'finance', username: `fin${randomUUID().slice(0, 6)}` });
  finance2 = await createTestAdmin(t, { role: 'finance', username: `fin${randomUUID().slice(0, 6)}` });
  risk = await createTestAdmin(t, { role: 'risk' });
  auditor = await createTestAdmin(t, { role: 'auditor' });
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (a: { token: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${a.token}` }, ...(payload && { payload }) });
const ok = async (a: { token: string }, method: Method, url: string, payload?: object) => {
  const res = await call(a, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const auditOf = (action: string, targetId: string) =>
  t.database.all
    .selectFrom('admin_audit_log')
    .select(['admin_id', 'detail'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();
const available = async (memberId: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(memberId)]))[memberMain(memberId)]!;

describe('deposit methods and limits', () => {
  it('lists every method; finance changes limits and the bank account (audited); the member sees the new limits', async () => {
    const list = await ok(auditor, 'GET', '/admin/api/deposit-methods');
    expect(list).toMatchObject({ currency: 'PHP', exponent: 2 });
    const bank = list.items.find((m: { kind: string }) => m.kind === 'bank_transfer');
    expect(bank.bank).toMatchObject({ bankName: expect.any(String) });

    const body = {
      name: 'Bank transfer (BDO)',
      minAmount: '250',
      maxAmount: '75000.50',
      sort: 3,
      enabled: true,
      bank: { bankName: 'BDO Unibank', accountNumber: '0099887766', accountName: 'SEA Gaming Ltd' },
    };
    const saved = await ok(finance, 'PUT', `/admin/api/deposit-methods/${bank.code}`, body);
    expect(saved).toMatchObject({
      code: bank.code,
      minAmount: '25000',
      maxAmount: '7500050',
      sort: 3,
      bank: body.bank,
    });
    const audit = await auditOf('deposit_method.update', bank.code);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      admin_id: finance.id,
      detail: { before: { minAmount: bank.minAmount }, after: { minAmount: '25000' } },
    });

    const p = await newPlayer(t, demo);
    const member = await t.app.inject({
      method: 'GET',
      url: '/wps/deposit/methods',
      headers: { authorization: `Bearer ${p.token}` },
    });
    const seen = member.json().value.methods.find((m: { code: string }) => m.code === bank.code);
    expect(seen).toMatchObject({ minAmount: '25000', maxAmount: '7500050', bank: body.bank });

    // Switched off: gone from the member's list.
    await ok(finance, 'PUT', `/admin/api/deposit-methods/${bank.code}`, { ...body, enabled: false });
    const after = await t.app.inject({
      method: 'GET',
      url: '/wps/deposit/methods',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(after.json().value.methods.map((m: { code: string }) => m.code)).not.toContain(bank.code);
    await ok(finance, 'PUT', `/admin/api/deposit-methods/${bank.code}`, body);
  });

  it('refuses bad input with a code and a field, other roles with 403, and writes nothing', async () => {
    const { items } = await ok(finance, 'GET', '/admin/api/deposit-methods');
    const bank = items.find((m: { kind: string }) => m.kind === 'bank_transfer');
    const gateway = items.find((m: { kind: string }) => m.kind === 'gateway');
    const base = {
      name: bank.name,
      minAmount: '100',
      maxAmount: '1000',
      sort: 1,
      enabled: true,
      bank: bank.bank,
    };
    const before = (await auditOf('deposit_method.update', bank.code)).length;
    const cases: [string, object, string, string | undefined][] = [
      [bank.code, { ...base, maxAmount: '99' }, 'validation_failed', 'maxAmount'],
      [bank.code, { ...base, minAmount: 'ten' }, 'validation_failed', 'minAmount'],
      [bank.code, { ...base, minAmount: '0' }, 'amount_invalid', undefined],
      [bank.code, { ...base, minAmount: '1.005' }, 'amount_invalid', undefined],
      [bank.code, { ...base, bank: null }, 'validation_failed', 'bank'],
      [gateway.code, { ...base, name: gateway.name }, 'validation_failed', 'bank'],
      [bank.code, { ...base, sort: 2 ** 31 }, 'validation_failed', 'sort'],
      [bank.code, { ...base, name: '' }, 'validation_failed', 'name'],
    ];
    for (const [code, body, errorCode, field] of cases) {
      const res = await call(finance, 'PUT', `/admin/api/deposit-methods/${code}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(errorCode);
      if (field) expect(res.json().value.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await call(finance, 'PUT', '/admin/api/deposit-methods/NOPE', base)).statusCode).toBe(404);
    expect((await call(finance, 'PUT', '/admin/api/deposit-methods/bad code', base)).statusCode).toBe(400);
    for (const who of [risk, auditor]) {
      const res = await call(who, 'PUT', `/admin/api/deposit-methods/${bank.code}`, base);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('admin_forbidden');
    }
    expect((await call(risk, 'GET', '/admin/api/deposit-methods')).statusCode).toBe(200);
    expect(await auditOf('deposit_method.update', bank.code)).toHaveLength(before);
  });
});

/** A funded member's withdrawal request (major units), approved by finance: its reference. */
async function approvedWithdrawal(amount: string) {
  const p = await newPlayer(t, demo, { fund: 1_000_000n });
  const w = t.app.modules.withdrawals;
  await w.txPassword.set(demo, p.id, { loginPassword: p.password, newPassword: '135790', confirm: '135790' });
  const bank = await w.bankAccounts.add(demo, p.id, {
    bankName: 'BDO',
    accountNumber: '1234567890',
    accountName: 'Juan Dela Cruz',
  });
  const req = await w.withdrawals.request(demo, p.id, {
    bankAccountId: bank.id,
    amount,
    transactionPassword: '135790',
    requestId: randomUUID(),
  });
  await ok(finance, 'POST', `/admin/api/withdrawals/${req.reference}/approve`);
  return { p, reference: req.reference as string };
}

describe('disbursement with a proof image', () => {
  it('stores the payment’s proof re-encoded with the disbursement, shows it, audits it', async () => {
    const { p, reference } = await approvedWithdrawal('300');
    const before = await available(p.id);
    const form = multipart({}, { field: 'proof', content: await testImage('png'), name: 'slip.png' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${reference}/disburse`,
      headers: { authorization: `Bearer ${finance.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'disbursed', hasPayoutProof: true, hasProof: false });
    const proof = await ok(auditor, 'GET', `/admin/api/withdrawals/${reference}/payout-proof`);
    expect(proof.image).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect((await auditOf('withdrawal.disburse', reference))[0]).toMatchObject({ detail: { payoutProof: true } });
    // The hold was posted: the balance dropped by the amount, available unchanged by the disbursement itself.
    expect((await available(p.id)).balance).toBe(before.balance - 30_000n);
  });

  it('disburses without a proof too (JSON), and then has none', async () => {
    const { reference } = await approvedWithdrawal('120');
    const w = await ok(finance, 'POST', `/admin/api/withdrawals/${reference}/disburse`, {});
    expect(w).toMatchObject({ status: 'disbursed', hasPayoutProof: false });
    expect(await ok(finance, 'GET', `/admin/api/withdrawals/${reference}/payout-proof`)).toEqual({ image: null });
  });

  it('refuses a file that is not an image with nothing written; refuses a role without withdrawals.decide', async () => {
    const { p, reference } = await approvedWithdrawal('200');
    const before = await available(p.id);
    const form = multipart({}, { field: 'proof', content: Buffer.from('not an image at all'), name: 'x.png' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${reference}/disburse`,
      headers: { authorization: `Bearer ${finance.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect((await ok(finance, 'GET', `/admin/api/withdrawals/${reference}`)).status).toBe('approved');
    expect(await available(p.id)).toEqual(before);
    expect(await auditOf('withdrawal.disburse', reference)).toEqual([]);
    expect((await call(risk, 'POST', `/admin/api/withdrawals/${reference}/disburse`, {})).statusCode).toBe(403);
  });
});

describe('adjustments name their staff; lists sort on the server', () => {
  it('shows requester and approver usernames', async () => {
    const p = await newPlayer(t, demo);
    const a = await ok(finance, 'POST', '/admin/api/adjustments', {
      memberAccount: p.account,
      direction: 'credit',
      amount: '12.50',
      reason: 'goodwill',
      requestId: randomUUID(),
    });
    expect(a).toMatchObject({ requestedByUsername: finance.username, decidedByUsername: null });
    const approved = await ok(finance2, 'POST', `/admin/api/adjustments/${a.id}/approve`);
    expect(approved).toMatchObject({ requestedByUsername: finance.username, decidedByUsername: finance2.username });
    const list = await ok(auditor, 'GET', '/admin/api/adjustments?status=approved');
    expect(list.items.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      requestedByUsername: finance.username,
      decidedByUsername: finance2.username,
    });
  });

  it('sorts deposits, withdrawals and adjustments by an allow-listed column; anything else is a 400', async () => {
    // Withdrawals of three amounts, requested in an order that is not the amounts' order.
    for (const amount of ['150', '50', '400']) await approvedWithdrawal(amount);
    const amounts = async (url: string) =>
      ((await ok(finance, 'GET', url)).items as { amount: string }[]).map((w) => BigInt(w.amount));
    const asc = await amounts('/admin/api/withdrawals?status=approved&sort=amount:asc&pageSize=100');
    expect(asc).toEqual([...asc].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(asc.length).toBeGreaterThanOrEqual(3);
    const desc = await amounts('/admin/api/withdrawals?status=approved&sort=amount:desc&pageSize=100');
    expect(desc).toEqual([...asc].reverse());
    const newest = (await ok(finance, 'GET', '/admin/api/withdrawals?sort=createdAt:desc')).items as {
      createdAt: string;
    }[];
    const oldest = (await ok(finance, 'GET', '/admin/api/withdrawals?sort=createdAt:asc')).items as {
      createdAt: string;
    }[];
    expect(newest[0]!.createdAt >= oldest[0]!.createdAt).toBe(true);

    for (const p of [1, 2, 3]) {
      const m = await newPlayer(t, demo);
      await ok(finance, 'POST', '/admin/api/adjustments', {
        memberAccount: m.account,
        direction: 'credit',
        amount: String(10 * (4 - p)),
        reason: 'sort test',
        requestId: randomUUID(),
      });
    }
    const adj = (await ok(finance, 'GET', '/admin/api/adjustments?sort=amount:asc&pageSize=100')).items as {
      amount: string;
    }[];
    const adjAmounts = adj.map((x) => BigInt(x.amount));
    expect(adjAmounts).toEqual([...adjAmounts].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    const { items: methods } = await ok(finance, 'GET', '/admin/api/deposit-methods');
    const bankCode = methods.find((m: { kind: string }) => m.kind === 'bank_transfer').code as string;
    for (const amount of ['300', '1000', '500']) {
      const m = await newPlayer(t, demo);
      await t.app.modules.deposits.createManual(
        demo,
        m.id,
        { methodCode: bankCode, amount, requestId: randomUUID() },
        await testImage('png', 20, 20),
      );
    }
    const dep = await ok(finance, 'GET', '/admin/api/deposits?sort=amount:desc&pageSize=100');
    expect(dep.list.length).toBeGreaterThanOrEqual(3);
    // The reviewer is named by username once the deposit is decided.
    await ok(finance2, 'POST', `/admin/api/deposits/${dep.list[0].reference}/approve`);
    const reviewed = (await ok(finance, 'GET', '/admin/api/deposits?status=success')).list.find(
      (d: { reference: string }) => d.reference === dep.list[0].reference,
    );
    expect(reviewed).toMatchObject({ reviewedByUsername: finance2.username, reviewedBy: String(finance2.id) });
    const depAmounts = (dep.list as { amount: string }[]).map((x) => BigInt(x.amount));
    expect(depAmounts).toEqual([...depAmounts].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0)));

    for (const url of [
      '/admin/api/withdrawals?sort=memberId:asc',
      '/admin/api/withdrawals?sort=amount',
      '/admin/api/deposits?sort=amount:sideways',
      '/admin/api/adjustments?sort=reason:asc',
      '/admin/api/adjustments?sort=amount:asc;drop%20table',
    ]) {
      const res = await call(finance, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('validation_failed');
    }
  });
});
