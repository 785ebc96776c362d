import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapFirstAdmin } from '../src/modules/admin/admin-bootstrap.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, enrolTwoFactor } from './helpers/admin.ts';
import { createMember, createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let alice: { id: bigint; token: string };
let bob: { id: bigint; token: string };
let carol: { id: bigint; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  alice = await createTestAdmin(t, { username: 'alice' });
  bob = await createTestAdmin(t, { username: 'bob' });
  carol = await createTestAdmin(t, { username: 'carol' });
});
afterAll(async () => {
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  await t.close();
});

const auth = (token: string, merchant?: string) => ({
  authorization: `Bearer ${token}`,
  ...(merchant && { merchant }),
});
const requestAdjustment = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/adjustments',
    headers: auth(token),
    payload: { requestId: randomUUID(), reason: 'goodwill', ...body },
  });
const decide = (token: string, id: string, action: 'approve' | 'reject', payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api/adjustments/${id}/${action}`,
    headers: auth(token),
    ...(payload && { payload }),
  });
const balanceOf = async (memberId: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(memberId)]))[memberMain(memberId)]!.balance;
const auditFor = (id: string) =>
  t.database.all
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('target_type', '=', 'adjustment')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();

describe('first-admin bootstrap', () => {
  it('creates `admin` once with a one-time password that must be changed before anything else', async () => {
    const m = await createMerchant(t.database.all);
    const printed: string[] = [];
    expect(await bootstrapFirstAdmin({ ...t.app.modules, log: t.app.log }, m.code, (l) => printed.push(l))).toBe(true);
    expect(await bootstrapFirstAdmin({ ...t.app.modules, log: t.app.log }, m.code, (l) => printed.push(l))).toBe(false);
    expect(
      await bootstrapFirstAdmin({ ...t.app.modules, log: t.app.log }, 'no-such-merchant', (l) => printed.push(l)),
    ).toBe(false);
    expect(printed).toHaveLength(1);
    const password = /one-time password: (\S+)/.exec(printed[0]!)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const row = await t.database.all
      .selectFrom('admins')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'admin', must_change_password: true });
    expect(row.password_hash).not.toContain(password);

    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      headers: { merchant: m.code },
      payload: { username: 'admin', password },
    });
    expect(login.json().value.mustChangePassword).toBe(true);
    const token = login.json().value.token as string;
    // A second session of the same admin, ended by the password change.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/api/session/login',
        headers: { merchant: m.code },
        payload: { username: 'admin', password },
      })
    ).json().value.token as string;

    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: auth(token, m.code) })).json().value
        .mustChangePassword,
    ).toBe(true);
    const blocked = await t.app.inject({ method: 'GET', url: '/admin/api/adjustments', headers: auth(token, m.code) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'admin_setup_required', value: { passwordChangeRequired: true } });

    const change = (body: object) =>
      t.app.inject({ method: 'POST', url: '/admin/api/session/password', headers: auth(token, m.code), payload: body });
    expect(
      (await change({ oldPassword: 'wrong', newPassword: 'a brand new passphrase' })).json().value.fields[0].field,
    ).toBe('oldPassword');
    expect((await change({ oldPassword: password, newPassword: 'short' })).json().code).toBe('validation_failed');
    expect(
      (await change({ oldPassword: password, newPassword: 'my admin passphrase' })).json().value.fields[0].reason,
    ).toBe('too_weak');
    expect((await change({ oldPassword: password, newPassword: 'a brand new passphrase' })).statusCode).toBe(200);

    // The owner moves money: after the password, two-factor sign-in must be set up before anything else.
    const pending = await t.app.inject({ method: 'GET', url: '/admin/api/adjustments', headers: auth(token, m.code) });
    expect(pending.json()).toMatchObject({ code: 'admin_setup_required', value: { twoFactorSetupRequired: true } });
    await enrolTwoFactor(t, {
      id: row.id,
      username: 'admin',
      token,
      password: 'a brand new passphrase',
      merchantCode: m.code,
      totpSecret: null,
      recoveryCodes: [],
      clock: () => new Date(),
      lastStep: 0,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/adjustments', headers: auth(token, m.code) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: auth(other, m.code) })).statusCode).toBe(
      401,
    );
    const old = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      headers: { merchant: m.code },
      payload: { username: 'admin', password },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      headers: { merchant: m.code },
      payload: { username: 'admin', password: 'a brand new passphrase' },
    });
    // Two-factor is on now: the password alone is not enough.
    expect(fresh.json()).toMatchObject({ success: false, code: 'admin_otp_required' });
    const actions = (
      await t.database.all
        .selectFrom('admin_audit_log')
        .select('action')
        .where('merchant_id', '=', m.id)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual([
      'admin.create',
      'session.login',
      'session.login',
      'password.change',
      'two_factor.enable',
      'session.login_failed',
    ]);
  });
});

describe('manual adjustments (four eyes)', () => {
  it('a request moves no money; the requester cannot approve; another admin posts it once, with audit records', async () => {
    const member = await createMember(t.app.modules, demo);
    const req = await requestAdjustment(alice.token, {
      memberAccount: member.account.toUpperCase(),
      direction: 'credit',
      amount: '150.25',
    });
    expect(req.statusCode).toBe(200);
    const adj = req.json().value;
    expect(adj).toMatchObject({
      memberAccount: member.account,
      direction: 'credit',
      amount: '15025',
      currency: 'PHP',
      exponent: 2,
      status: 'pending',
      requestedBy: String(alice.id),
      decidedBy: null,
      journalId: null,
    });
    expect(await balanceOf(member.id)).toBe(0n);

    const self = await decide(alice.token, adj.id, 'approve');
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('second_approval_required');
    expect(await balanceOf(member.id)).toBe(0n);

    const ok = await decide(bob.token, adj.id, 'approve');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({
      status: 'approved',
      decidedBy: String(bob.id),
      journalId: expect.stringMatching(/^\d+$/),
    });
    expect(await balanceOf(member.id)).toBe(15025n);

    const journal = await t.database.all
      .selectFrom('ledger_journals')
      .selectAll()
      .where('id', '=', BigInt(ok.json().value.journalId))
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({
      scope: 'admin_adjustment',
      idem_key: `adjustment:${adj.id}`,
      kind: 'adjustment',
      member_id: member.id,
      ok: true,
    });
    const sys = (await t.app.modules.ledger.balances(demo.id, [systemAccount('adjustments', member.id)]))[
      systemAccount('adjustments', member.id)
    ]!;
    expect(sys.balance).toBeLessThanOrEqual(-15025n);

    const again = await decide(carol.token, adj.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('state_invalid');
    expect((await decide(carol.token, adj.id, 'reject')).json().code).toBe('state_invalid');
    expect(await balanceOf(member.id)).toBe(15025n);

    const audit = await auditFor(adj.id);
    expect(audit.map((a) => [a.action, a.admin_id])).toEqual([
      ['adjustment.request', alice.id],
      ['adjustment.approve', bob.id],
    ]);
    expect(audit[1]!.detail).toMatchObject({
      amount: '15025',
      direction: 'credit',
      balanceAfter: '15025',
      journalId: ok.json().value.journalId,
    });
  });

  it('a debit larger than the balance answers insufficient_funds and stays pending; it posts once the money is there', async () => {
    const member = await createMember(t.app.modules, demo);
    const credit = (
      await requestAdjustment(alice.token, { memberAccount: member.account, direction: 'credit', amount: '10' })
    ).json().value;
    await decide(bob.token, credit.id, 'approve');
    const debit = (
      await requestAdjustment(alice.token, { memberAccount: member.account, direction: 'debit', amount: '10.01' })
    ).json().value;
    const refused = await decide(bob.token, debit.id, 'approve');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('insufficient_funds');
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/adjustments?status=pending&pageSize=100',
        headers: auth(bob.token),
      })
    ).json().value;
    expect(listed.items.find((a: { id: string }) => a.id === debit.id)).toMatchObject({
      status: 'pending',
      journalId: null,
    });
    expect(await balanceOf(member.id)).toBe(1000n);
    expect((await auditFor(debit.id)).map((a) => a.action)).toEqual(['adjustment.request']);

    const topUp = (
      await requestAdjustment(carol.token, { memberAccount: member.account, direction: 'credit', amount: '0.01' })
    ).json().value;
    await decide(alice.token, topUp.id, 'approve');
    const posted = await decide(carol.token, debit.id, 'approve');
    expect(posted.json().value.status).toBe('approved');
    expect(await balanceOf(member.id)).toBe(0n);
  });

  it('two approvals racing: exactly one posts', async () => {
    const member = await createMember(t.app.modules, demo);
    const adj = (
      await requestAdjustment(alice.token, { memberAccount: member.account, direction: 'credit', amount: '7' })
    ).json().value;
    const results = await Promise.all([
      decide(bob.token, adj.id, 'approve'),
      decide(carol.token, adj.id, 'approve'),
      decide(bob.token, adj.id, 'approve'),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(await balanceOf(member.id)).toBe(700n);
    const journals = await t.database.all
      .selectFrom('ledger_journals')
      .select('id')
      .where('scope', '=', 'admin_adjustment')
      .where('idem_key', '=', `adjustment:${adj.id}`)
      .execute();
    expect(journals).toHaveLength(1);
    expect((await auditFor(adj.id)).filter((a) => a.action === 'adjustment.approve')).toHaveLength(1);
  });

  it('rejection closes a request without moving money (the requester may withdraw its own)', async () => {
    const member = await createMember(t.app.modules, demo);
    const a = (
      await requestAdjustment(alice.token, { memberAccount: member.account, direction: 'credit', amount: '5' })
    ).json().value;
    const b = (
      await requestAdjustment(alice.token, { memberAccount: member.account, direction: 'credit', amount: '6' })
    ).json().value;
    const r1 = await decide(bob.token, a.id, 'reject', { reason: 'duplicate' });
    expect(r1.json().value).toMatchObject({ status: 'rejected', decidedBy: String(bob.id), journalId: null });
    expect((await decide(alice.token, b.id, 'reject')).json().value.status).toBe('rejected');
    expect((await decide(carol.token, a.id, 'approve')).json().code).toBe('state_invalid');
    expect(await balanceOf(member.id)).toBe(0n);
    expect((await auditFor(a.id)).map((x) => [x.action, x.detail])).toEqual([
      ['adjustment.request', expect.objectContaining({ amount: '500' })],
      ['adjustment.reject', expect.objectContaining({ reason: 'duplicate' })],
    ]);
  });

  it('requestId makes the request idempotent: same content replays, different content conflicts', async () => {
    const member = await createMember(t.app.modules, demo);
    const requestId = randomUUID();
    const body = { memberAccount: member.account, direction: 'credit', amount: '3', requestId };
    const first = await requestAdjustment(alice.token, body);
    const replay = await requestAdjustment(alice.token, body);
    expect(replay.json().value.id).toBe(first.json().value.id);
    const changed = await requestAdjustment(alice.token, { ...body, amount: '4' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('idempotency_conflict');
    expect((await requestAdjustment(bob.token, body)).json().code).toBe('idempotency_conflict');
    expect((await auditFor(first.json().value.id)).map((a) => a.action)).toEqual(['adjustment.request']);
  });

  it('refuses bad input with clear codes', async () => {
    const member = await createMember(t.app.modules, demo);
    const codeOf = async (body: Record<string, unknown>) =>
      (
        await requestAdjustment(alice.token, {
          memberAccount: member.account,
          direction: 'credit',
          amount: '1',
          ...body,
        })
      ).json().code;
    expect(await codeOf({ amount: '0' })).toBe('amount_invalid');
    expect(await codeOf({ amount: '1.001' })).toBe('amount_invalid');
    expect(await codeOf({ amount: '-5' })).toBe('validation_failed');
    expect(await codeOf({ amount: 5 })).toBe('validation_failed');
    expect(await codeOf({ direction: 'steal' })).toBe('validation_failed');
    expect(await codeOf({ reason: '' })).toBe('validation_failed');
    expect(await codeOf({ memberAccount: 'nobody-at-all' })).toBe('validation_failed');
    expect((await decide(bob.token, '999999999', 'approve')).json().code).toBe('not_found');
    expect((await decide(bob.token, 'abc', 'approve')).json().code).toBe('validation_failed');
    const noAuth = await t.app.inject({ method: 'POST', url: '/admin/api/adjustments', payload: {} });
    expect(noAuth.json().code).toBe('admin_unauthorized');
  });

  it('another merchant’s admins neither see nor decide this merchant’s adjustments', async () => {
    const other = await createMerchant(t.database.all);
    const outsider = await createTestAdmin(t, { merchantCode: other.code });
    const member = await createMember(t.app.modules, demo);
    const adj = (
      await requestAdjustment(alice.token, { memberAccount: member.account, direction: 'credit', amount: '2' })
    ).json().value;
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api/adjustments/${adj.id}/approve`,
      headers: auth(outsider.token, other.code),
    });
    expect(res.json().code).toBe('not_found');
    const list = (
      await t.app.inject({ method: 'GET', url: '/admin/api/adjustments', headers: auth(outsider.token, other.code) })
    ).json().value;
    expect(list).toEqual({ total: 0, items: [] });
    // A member of the other merchant is not reachable by account name from here either.
    const theirs = await createMember(t.app.modules, (await t.app.modules.merchants.findByCode(other.code))!);
    expect(
      (await requestAdjustment(alice.token, { memberAccount: theirs.account, direction: 'credit', amount: '1' })).json()
        .code,
    ).toBe('validation_failed');
  });

  it('lists by status, newest first, paginated', async () => {
    const all = (
      await t.app.inject({ method: 'GET', url: '/admin/api/adjustments?pageSize=100', headers: auth(alice.token) })
    ).json().value;
    expect(all.total).toBe(all.items.length);
    const ids = all.items.map((a: { id: string }) => BigInt(a.id));
    expect([...ids].sort((x, y) => (x > y ? -1 : 1))).toEqual(ids);
    for (const status of ['pending', 'approved', 'rejected']) {
      const v = (
        await t.app.inject({
          method: 'GET',
          url: `/admin/api/adjustments?status=${status}&pageSize=100`,
          headers: auth(alice.token),
        })
      ).json().value;
      expect(v.total).toBeGreaterThan(0);
      expect(v.items.every((a: { status: string }) => a.status === status)).toBe(true);
    }
    const p2 = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/adjustments?pageSize=2&pageNo=2',
        headers: auth(alice.token),
      })
    ).json().value;
    expect(p2.items.map((a: { id: string }) => a.id)).toEqual(all.items.slice(2, 4).map((a: { id: string }) => a.id));
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/admin/api/adjustments?status=lost', headers: auth(alice.token) })
      ).json().code,
    ).toBe('validation_failed');
  });
});
