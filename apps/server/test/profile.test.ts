import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import { fundMember } from './helpers/money.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The player's profile and account closure (issue 25; PGlite by default, PostgreSQL with DATABASE_URL): field
 * validation with field errors, the merchant's required / optional / hidden modes, the minimum age, the real name
 * set once by the member then changed only by staff (audited, members.manage), and closure: refused with money in
 * a wallet, then sessions ended, login refused with account_closed, the account kept and shown closed to staff.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
const now = Date.parse('2026-11-26T04:00:05.000Z');

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const profile = (p: Player, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url: '/wps/member/profile', headers: bearer(p.token), ...(payload && { payload }) });
const staffCall = (a: TestAdmin, method: 'GET' | 'PUT', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: { ...bearer(a.token), merchant: 'demo' },
    ...(payload && { payload }),
  });
const fieldsOf = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body).value.fields as { field: string; reason: string }[]).map((f) => [f.field, f.reason]),
  );
const login = (p: Player) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: p.account, password: p.password, area: 'member' },
    remoteAddress: '198.51.100.77',
  });

describe('profile', () => {
  it('saves valid fields (normalised) and shows them with the settings', async () => {
    const p = await newPlayer(t, demo);
    const r = await profile(p, 'PUT', {
      nickname: '  Lucky  Star ',
      birthday: '1990-05-17',
      email: 'Player@Example.COM',
      zalo: '+84901234567',
      telegram: 'lucky_star',
      address: '12 Rizal Ave, Manila',
      nationality: 'Filipino',
      occupation: 'Engineer',
      incomeSource: 'salary',
    });
    expect(r.statusCode, r.body).toBe(200);
    const v = r.json().value;
    expect(v.values).toMatchObject({
      nickname: 'Lucky Star',
      email: 'player@example.com',
      telegram: '@lucky_star',
      birthday: '1990-05-17',
      incomeSource: 'salary',
      realName: null,
    });
    expect(v.settings.minAge).toBe(18);
    const again = (await profile(p, 'GET')).json().value;
    expect(again.values).toEqual(v.values);
    // The members row's own columns: the member's info shows the nickname.
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(p.token) });
    expect(info.json().value.nickname).toBe('Lucky Star');
  });

  it('refuses bad values field by field, writing nothing', async () => {
    const p = await newPlayer(t, demo);
    const r = await profile(p, 'PUT', {
      nickname: 'A',
      birthday: '1990-02-30',
      email: 'not-an-email',
      zalo: '12ab5678',
      telegram: '@x',
      incomeSource: 'lottery',
      address: 'Good street 1',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('validation_failed');
    expect(fieldsOf(r.body)).toEqual({
      nickname: 'tooShort',
      birthday: 'invalidDate',
      email: 'pattern',
      zalo: 'pattern',
      telegram: 'tooShort',
      incomeSource: 'pattern',
    });
    expect((await profile(p, 'GET')).json().value.values.address).toBeNull();
    const future = await profile(p, 'PUT', { birthday: '2027-01-01' });
    expect(fieldsOf(future.body)).toEqual({ birthday: 'future' });
    // Unknown fields are refused by the schema.
    expect((await profile(p, 'PUT', { favouriteColour: 'red' })).statusCode).toBe(400);
  });

  it("checks the age against the merchant's minimum with profile_under_age", async () => {
    const p = await newPlayer(t, demo);
    const r = await profile(p, 'PUT', { birthday: '2008-11-27' }); // 17 the day before the 18th birthday
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('profile_under_age');
    expect(r.json().value).toMatchObject({ minAge: 18, fields: [{ field: 'birthday', reason: 'underAge' }] });
    expect((await profile(p, 'PUT', { birthday: '2008-11-26' })).statusCode).toBe(200); // 18 today
  });

  it('sets the real name once; then only staff (members.manage) change it, audited', async () => {
    const p = await newPlayer(t, demo);
    expect((await profile(p, 'PUT', { realName: 'Maria Santos' })).statusCode).toBe(200);
    const again = await profile(p, 'PUT', { realName: 'Maria Cruz' });
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again.body)).toEqual({ realName: 'setOnce' });
    // Sending the same name again is no change.
    expect((await profile(p, 'PUT', { realName: 'Maria Santos', nickname: 'Mia' })).statusCode).toBe(200);
    expect((await profile(p, 'GET')).json().value).toMatchObject({ realNameLocked: true });

    const auditor = await createTestAdmin(t, { role: 'auditor' });
    const seen = await staffCall(auditor, 'GET', `/members/${p.account}/profile`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().value.values.realName).toBe('Maria Santos');
    const refused = await staffCall(auditor, 'PUT', `/members/${p.account}/profile`, { realName: 'Maria Cruz' });
    expect(refused.statusCode).toBe(403);

    const bad = await staffCall(owner, 'PUT', `/members/${p.account}/profile`, { realName: 'M4ria' });
    expect(bad.statusCode).toBe(400);
    const ok = await staffCall(owner, 'PUT', `/members/${p.account}/profile`, {
      realName: 'Maria Cruz',
      occupation: 'Teacher',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.values).toMatchObject({ realName: 'Maria Cruz', occupation: 'Teacher' });
    const audit = await staffCall(owner, 'GET', `/audit?action=member.profile&target=${p.account}`);
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().value.items as { action: string; detail: Record<string, unknown> }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({
      account: p.account,
      changed: {
        realName: { from: 'Maria Santos', to: 'Maria Cruz' },
        occupation: { from: null, to: 'Teacher' },
      },
    });
  });

  it("follows the merchant's required / hidden modes and minimum age (settings audited)", async () => {
    const set = await staffCall(owner, 'PUT', '/site-settings/profile', {
      minAge: 21,
      fields: { address: 'required', zalo: 'hidden' },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const p = await newPlayer(t, demo);
      const r = await profile(p, 'PUT', { nickname: 'Neo', zalo: '0901234567', birthday: '2006-01-01' }); // 20
      expect(r.json().code).toBe('profile_under_age');
      expect(fieldsOf(r.body)).toEqual({ zalo: 'hidden', address: 'required', birthday: 'underAge' });
      expect((await profile(p, 'PUT', { nickname: 'Neo', address: '1 Main Street' })).statusCode).toBe(200);
      // A required field cannot be emptied.
      expect(fieldsOf((await profile(p, 'PUT', { address: '' })).body)).toEqual({ address: 'required' });
      const s = (await profile(p, 'GET')).json().value.settings;
      expect(s).toMatchObject({ minAge: 21, fields: { address: 'required', zalo: 'hidden', nickname: 'optional' } });
      const audit = await staffCall(owner, 'GET', '/audit?action=site.profile_fields');
      expect(audit.json().value.items.length).toBeGreaterThanOrEqual(1);
      const content = await createTestAdmin(t, { role: 'content' });
      expect((await staffCall(content, 'PUT', '/site-settings/profile', { minAge: 18 })).statusCode).toBe(403);
    } finally {
      await staffCall(owner, 'PUT', '/site-settings/profile', {
        minAge: 18,
        fields: { address: 'optional', zalo: 'optional' },
      });
    }
  });
});

describe('e-mail verified by link', () => {
  const mailTo = async (address: string) =>
    (await t.database.all
      .selectFrom('dev_outbox')
      .select(['recipient', 'body'])
      .where('channel', '=', 'email')
      .where('recipient', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null;
  const verify = (p: Player) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/profile/email/verify',
      headers: { ...bearer(p.token), host: 'casino.example' },
    });
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/wps/member/profile/email/confirm', payload: { token } });

  it('sends a single-use link; opening it verifies the address until the address changes', async () => {
    const p = await newPlayer(t, demo);
    expect(fieldsOf((await verify(p)).body)).toEqual({ email: 'required' });
    const address = `v${p.id}@example.com`;
    expect((await profile(p, 'PUT', { email: address })).json().value.emailVerified).toBe(false);
    expect((await verify(p)).statusCode).toBe(200);
    const mail = await mailTo(address);
    const token = /http:\/\/casino\.example\/verifyEmail\?token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    const ok = await confirm(token!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toEqual({ email: address });
    expect((await profile(p, 'GET')).json().value.emailVerified).toBe(true);
    expect((await confirm(token!)).json().code).toBe('verification_code_invalid');
    // A new address is not verified by the old link.
    expect((await profile(p, 'PUT', { email: `w${p.id}@example.com` })).json().value.emailVerified).toBe(false);
  });

  it('a link sent before the address changed does not verify the new one', async () => {
    const p = await newPlayer(t, demo);
    const first = `x${p.id}@example.com`;
    await profile(p, 'PUT', { email: first });
    await verify(p);
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await mailTo(first))?.body ?? '')?.[1];
    await profile(p, 'PUT', { email: `y${p.id}@example.com` });
    expect((await confirm(token!)).json().code).toBe('verification_code_invalid');
    expect((await profile(p, 'GET')).json().value.emailVerified).toBe(false);
  });
});

describe('account closure', () => {
  const close = (p: Player, password: string) =>
    t.app.inject({ method: 'POST', url: '/wps/member/close', headers: bearer(p.token), payload: { password } });

  it('is refused while a wallet holds money, and with a wrong password', async () => {
    const p = await newPlayer(t, demo, { fund: 5_000n });
    const wrong = await close(p, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong.body)).toEqual({ password: 'incorrect' });
    const r = await close(p, p.password);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('account_balance_not_zero');
    expect(r.json().message).toMatch(/withdraw/i);
    // Still open: the session works and the member can log in.
    expect((await profile(p, 'GET')).statusCode).toBe(200);
    expect((await login(p)).statusCode).toBe(200);
  });

  it('closes an empty account: sessions end, login refused with account_closed, kept and shown closed', async () => {
    const p = await newPlayer(t, demo);
    const second = (await login(p)).json().value.token as string;
    // Money that came and went (in, then back out through the ledger): the wallet is at zero again.
    await fundMember(t.app.modules, demo, p.id, 1_000n);
    await t.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'test_funding',
      key: `unfund:${p.id}`,
      kind: 'adjustment',
      memberId: p.id,
      legs: [
        { debit: memberMain(p.id), credit: systemAccount('adjustments', p.id), amount: 1_000n, code: 'adjustment' },
      ],
    });
    expect((await t.app.modules.ledger.memberAccounts(demo.id, p.id)).map((a) => a.balance)).toEqual([0n]);
    const r = await close(p, p.password);
    expect(r.statusCode, r.body).toBe(200);
    for (const token of [p.token, second]) {
      const s = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
      expect(s.statusCode).toBe(401);
    }
    const l = await login(p);
    expect(l.statusCode).toBe(403);
    expect(l.json().code).toBe('account_closed');
    // A wrong password says nothing about the closure.
    const w = await login({ ...p, password: 'wrong password 9' });
    expect(w.json().code).toBe('in_incorrect_password');

    const detail = await staffCall(owner, 'GET', `/members/${p.account}`);
    expect(detail.json().value.status).toMatchObject({ status: 'closed' });
    expect(detail.json().value.status.closedAt).toBe(new Date(now).toISOString());
    const search = await staffCall(owner, 'GET', `/members?by=username&q=${p.account}&status=closed`);
    expect(search.json().value.items.map((i: { account: string }) => i.account)).toEqual([p.account]);
    // Staff cannot unlock a closed account back to life.
    for (const action of ['unlock', 'lock']) {
      const r2 = await t.app.inject({
        method: 'POST',
        url: `/admin/api/members/${p.account}/${action}`,
        headers: { ...bearer(owner.token), merchant: 'demo' },
        payload: action === 'lock' ? { reason: 'test' } : {},
      });
      expect(r2.json().code, action).toBe('account_closed');
    }
    const audit = await staffCall(owner, 'GET', `/audit?action=member.close&target=${p.account}`);
    expect(audit.json().value.items).toHaveLength(1);
    expect((await t.app.modules.members.findById(demo.id, p.id))!.status).toBe('closed');
  });
});
