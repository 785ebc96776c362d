import { BUILT_IN_ROLES, BUILT_IN_ROLE_CODES, TWO_FACTOR_PERMISSIONS } from '@sea/contracts';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/modules/agents/period.ts';
import { createTestAdmin, enrolTwoFactor, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Back-office staff: every /admin/api route declares a permission and is refused without it (a matrix over
 * every route and built-in role), staff accounts (one-time passwords, disable, reset), custom roles, two-factor
 * sign-in (TOTP with replay refusal, recovery codes) and the IP allow-list.
 */

let t: TestApp;
let owner: TestAdmin;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createTestAdmin(t, { username: 'theowner' });
});
afterAll(() => t.close());

let ipSeq = 0;
const freshIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, merchant: 'demo' });
const call = (token: string, method: string, url: string, payload?: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined && { payload: payload as object }),
    remoteAddress,
  });
const login = (payload: object, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/admin/api/session/login', payload, remoteAddress });
const counts = async () => {
  const r = await sql<{ audit: string; journals: string }>`
    select (select count(*) from admin_audit_log) as audit, (select count(*) from ledger_journals) as journals`.execute(
    t.database.all,
  );
  return r.rows[0]!;
};

describe('permissions on every admin route', () => {
  it('every /admin/api route declares a permission through the route kit', () => {
    const routes = [...t.app.adminRoutes.entries()];
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter(([, p]) => p === null).map(([r]) => r)).toEqual([]);
    expect(t.app.adminRoutes.get('POST /admin/api/session/login')).toBe('public');
    expect(t.app.adminRoutes.get('GET /admin/api/me')).toBe('signed-in');
  });

  it('a permission that only reads (".view") guards only GET routes, so the auditor never writes', () => {
    for (const [route, permission] of t.app.adminRoutes) {
      if (permission?.endsWith('.view')) expect(route, route).toMatch(/^GET /);
    }
    expect(BUILT_IN_ROLES.auditor!.permissions.every((p) => p.endsWith('.view'))).toBe(true);
  });

  it('matrix: each built-in role is refused exactly the routes whose permission it lacks, and a refusal writes nothing', async () => {
    const path = (url: string) =>
      url
        .replace(':id', '999999999')
        .replace(':code', 'zz-nope')
        .replace(':category', 'NOPE')
        .replace(':action', 'x')
        .replace(':account', 'nosuchmember');
    for (const role of BUILT_IN_ROLE_CODES) {
      const staff = await createTestAdmin(t, { role });
      const allowed = new Set<string>(BUILT_IN_ROLES[role]!.permissions);
      const routes = [...t.app.adminRoutes].filter(
        (r): r is [string, string] => r[1] !== null && r[1] !== 'public' && r[1] !== 'signed-in',
      );
      // The refused ones first, all together: nothing may be written by any of them.
      routes.sort(([, a], [, b]) => Number(allowed.has(a)) - Number(allowed.has(b)));
      const before = await counts();
      let refusedSeen = 0;
      for (const [route, permission] of routes) {
        const [method, url] = route.split(' ') as [string, string];
        if (allowed.has(permission) && refusedSeen >= 0) {
          expect(await counts(), `${role}: a refused call wrote`).toEqual(before);
          refusedSeen = -1;
        }
        const res = await call(staff.token, method, path(url), method === 'GET' ? undefined : {});
        const refused = res.statusCode === 403 && res.json().code === 'admin_forbidden';
        expect(refused, `${role} ${route} (${permission}) → ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(
          !allowed.has(permission),
        );
        expect(res.statusCode, `${role} ${route}`).toBeLessThan(500);
        if (refused) refusedSeen += 1;
      }
      if (refusedSeen >= 0) expect(await counts()).toEqual(before);
      // Every role answers its own identity with its permissions.
      const me = (await call(staff.token, 'GET', '/admin/api/me')).json().value;
      expect(me).toMatchObject({ role, twoFactorEnabled: me.twoFactorRequired });
      expect(new Set(me.permissions)).toEqual(allowed);
    }
  }, 240_000);

  it('roles that move money or change games and results require two-factor sign-in', () => {
    for (const code of BUILT_IN_ROLE_CODES) {
      const needs = BUILT_IN_ROLES[code]!.permissions.some((p) => TWO_FACTOR_PERMISSIONS.includes(p));
      expect(needs, code).toBe(code !== 'auditor');
    }
  });
});

describe('staff accounts', () => {
  it('an owner creates a finance colleague: one-time password shown once, forced change, two-factor enrolment, then only finance screens', async () => {
    const created = await call(owner.token, 'POST', '/admin/api/staff', {
      username: 'Fiona',
      displayName: 'Fiona Finance',
      role: 'finance',
    });
    expect(created.statusCode, created.body).toBe(200);
    const v = created.json().value;
    expect(v.staff).toMatchObject({
      username: 'fiona',
      displayName: 'Fiona Finance',
      role: 'finance',
      roleName: 'Finance',
      mustChangePassword: true,
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });
    expect(v.oneTimePassword.length).toBeGreaterThanOrEqual(16);
    const row = await t.database.all
      .selectFrom('admins')
      .select('password_hash')
      .where('username', '=', 'fiona')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(v.oneTimePassword);

    const first = await login({ username: 'fiona', password: v.oneTimePassword });
    expect(first.json().value).toMatchObject({ mustChangePassword: true, twoFactorSetupRequired: true });
    const fiona: TestAdmin = {
      id: BigInt(v.staff.id),
      username: 'fiona',
      token: first.json().value.token,
      password: 'money desk passphrase 1',
      merchantCode: 'demo',
      totpSecret: null,
      recoveryCodes: [],
      clock: () => new Date(),
      lastStep: 0,
    };
    const early = await call(fiona.token, 'GET', '/admin/api/deposits');
    expect(early.json()).toMatchObject({ code: 'admin_setup_required', value: { passwordChangeRequired: true } });
    const changed = await call(fiona.token, 'POST', '/admin/api/session/password', {
      oldPassword: v.oneTimePassword,
      newPassword: fiona.password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const still = await call(fiona.token, 'GET', '/admin/api/deposits');
    expect(still.json()).toMatchObject({ code: 'admin_setup_required', value: { twoFactorSetupRequired: true } });
    await enrolTwoFactor(t, fiona);
    expect(fiona.recoveryCodes).toHaveLength(10);
    expect((await call(fiona.token, 'GET', '/admin/api/deposits')).statusCode).toBe(200);
    expect((await call(fiona.token, 'GET', '/admin/api/staff')).json().code).toBe('admin_forbidden');

    // The list finds her by name; the audit names her by username, never by a row id.
    const list = (await call(owner.token, 'GET', '/admin/api/staff?q=finance&role=finance')).json().value;
    expect(list.items.map((s: { username: string }) => s.username)).toEqual(['fiona']);
    const audit = (await call(owner.token, 'GET', '/admin/api/audit?action=admin.create&pageSize=100')).json().value;
    expect(audit.items.find((e: { targetId: string }) => e.targetId === 'fiona')).toMatchObject({
      adminUsername: 'theowner',
    });
    // Filters: staff, target, days (the merchant's zone), all together.
    const demo = await t.app.modules.merchants.findByCode('demo');
    const day = localDay(new Date(), demo!.timezone);
    const q = (query: string) => call(owner.token, 'GET', `/admin/api/audit?pageSize=100&${query}`);
    const byTarget = (await q(`target=fiona&admin=theowner&from=${day}&to=${day}`)).json().value;
    expect(byTarget.items.map((e: { action: string }) => e.action)).toEqual(['admin.create']);
    const herOwn = (await q('admin=fiona')).json().value.items.map((e: { action: string }) => e.action);
    expect(herOwn).toEqual(expect.arrayContaining(['session.login', 'password.change', 'two_factor.enable']));
    expect(herOwn).not.toContain('admin.create');
    expect((await q('from=2001-01-01&to=2001-01-02')).json().value.total).toBe(0);
    expect((await q('from=2026-02-02&to=2026-01-01')).json().code).toBe('validation_failed');
  });

  it('refuses bad input with field errors: unknown role, taken username, weak or duplicate fields', async () => {
    const unknown = await call(owner.token, 'POST', '/admin/api/staff', {
      username: 'someone',
      displayName: 'X',
      role: 'nope',
    });
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'role' }] } });
    // Not a role because every object has it (found by the OpenAPI fuzzer: it answered 500).
    const proto = await call(owner.token, 'POST', '/admin/api/staff', {
      username: 'someone',
      displayName: 'X',
      role: 'constructor',
    });
    expect(proto.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'role' }] } });
    const badName = await call(owner.token, 'POST', '/admin/api/staff', {
      username: '-bad name',
      displayName: 'X',
      role: 'finance',
    });
    expect(badName.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'username' }] } });
    const nothing = await call(owner.token, 'PATCH', `/admin/api/staff/${owner.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect((await call(owner.token, 'POST', '/admin/api/staff/123456789/disable')).statusCode).toBe(404);
  });

  it('disabling a staff member ends its open session at once; sign-in is refused until enabled again', async () => {
    const sam = await createTestAdmin(t, { role: 'auditor' });
    expect((await call(sam.token, 'GET', '/admin/api/audit')).statusCode).toBe(200);
    const off = await call(owner.token, 'POST', `/admin/api/staff/${sam.id}/disable`);
    expect(off.json().value.status).toBe('disabled');
    const refused = await call(sam.token, 'GET', '/admin/api/audit');
    expect(refused.statusCode).toBe(401);
    expect((await login({ username: sam.username, password: sam.password })).statusCode).toBe(401);
    await call(owner.token, 'POST', `/admin/api/staff/${sam.id}/enable`);
    expect((await login({ username: sam.username, password: sam.password })).statusCode).toBe(200);
    // Nobody disables or resets themselves.
    expect((await call(owner.token, 'POST', `/admin/api/staff/${owner.id}/disable`)).json().code).toBe('forbidden');
  });

  it('a password reset issues a one-time password and ends the sessions; the old password stops working', async () => {
    const rita = await createTestAdmin(t, { role: 'auditor' });
    const reset = (await call(owner.token, 'POST', `/admin/api/staff/${rita.id}/reset-password`)).json().value;
    expect(reset.staff.mustChangePassword).toBe(true);
    expect((await call(rita.token, 'GET', '/admin/api/me')).statusCode).toBe(401);
    expect((await login({ username: rita.username, password: rita.password })).statusCode).toBe(401);
    const again = await login({ username: rita.username, password: reset.oneTimePassword });
    expect(again.json().value.mustChangePassword).toBe(true);
  });

  it('keeps at least one active owner', async () => {
    const m = await createMerchant(t.database.all);
    const solo = await createTestAdmin(t, { merchantCode: m.code });
    const h = (token: string) => ({ authorization: `Bearer ${token}`, merchant: m.code });
    const role = await t.app.inject({
      method: 'POST',
      url: '/admin/api/roles',
      headers: h(solo.token),
      payload: { code: 'people', name: 'People', permissions: ['staff.view', 'staff.manage'] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const hr = await createTestAdmin(t, { merchantCode: m.code, role: 'people' });
    const disable = await t.app.inject({
      method: 'POST',
      url: `/admin/api/staff/${solo.id}/disable`,
      headers: h(hr.token),
    });
    expect(disable.json().code).toBe('staff_last_owner');
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/staff/${solo.id}`,
      headers: h(hr.token),
      payload: { role: 'auditor' },
    });
    expect(demote.json().code).toBe('staff_last_owner');
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: h(solo.token) })).statusCode).toBe(200);
  });
});

describe('custom roles', () => {
  it('are permission sets: a holder gets exactly them, a change applies at the next call, a role in use is not deleted', async () => {
    const create = await call(owner.token, 'POST', '/admin/api/roles', {
      code: 'support',
      name: 'Support desk',
      permissions: ['members.view', 'payments.view', 'members.view'],
    });
    expect(create.json().value).toMatchObject({
      code: 'support',
      builtIn: false,
      permissions: ['members.view', 'payments.view'],
      twoFactorRequired: false,
    });
    expect(
      (await call(owner.token, 'POST', '/admin/api/roles', { code: 'support', name: 'x', permissions: [] })).json(),
    ).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'code', reason: 'taken' }] } });
    expect(
      (await call(owner.token, 'PUT', '/admin/api/roles/finance', { name: 'x', permissions: [] })).json().value
        .fields[0].reason,
    ).toBe('built_in');
    const unknownPermission = await call(owner.token, 'POST', '/admin/api/roles', {
      code: 'weird',
      name: 'x',
      permissions: ['ledger.rewrite'],
    });
    expect(unknownPermission.statusCode).toBe(400);

    const desk = await createTestAdmin(t, { role: 'support' });
    expect((await call(desk.token, 'GET', '/admin/api/deposits')).statusCode).toBe(200);
    expect((await call(desk.token, 'GET', '/admin/api/audit')).json().code).toBe('admin_forbidden');
    await call(owner.token, 'PUT', '/admin/api/roles/support', {
      name: 'Support desk',
      permissions: ['audit.view'],
    });
    expect((await call(desk.token, 'GET', '/admin/api/audit')).statusCode).toBe(200);
    expect((await call(desk.token, 'GET', '/admin/api/deposits')).json().code).toBe('admin_forbidden');

    const roles = (await call(owner.token, 'GET', '/admin/api/roles')).json().value;
    expect(roles.items.find((r: { code: string }) => r.code === 'support').staffCount).toBe(1);
    expect(roles.items.filter((r: { builtIn: boolean }) => r.builtIn)).toHaveLength(BUILT_IN_ROLE_CODES.length);
    expect((await call(owner.token, 'DELETE', '/admin/api/roles/support')).json().code).toBe('conflict');
    await call(owner.token, 'PATCH', `/admin/api/staff/${desk.id}`, { role: 'auditor' });
    expect((await call(owner.token, 'DELETE', '/admin/api/roles/support')).statusCode).toBe(200);

    // A role that gains a money permission makes its holders enrol before their next action.
    await call(owner.token, 'POST', '/admin/api/roles', { code: 'cashier', name: 'Cashier', permissions: [] });
    const cash = await createTestAdmin(t, { role: 'cashier' });
    await call(owner.token, 'PUT', '/admin/api/roles/cashier', { name: 'Cashier', permissions: ['deposits.decide'] });
    expect((await call(cash.token, 'GET', '/admin/api/deposits')).json().code).toBe('admin_setup_required');
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after the password; a wrong or replayed code is refused and counts as a failure; a recovery code works once', async () => {
    const gail = await createTestAdmin(t, { role: 'games' });
    expect(gail.totpSecret).not.toBeNull();
    const ip = freshIp();
    const noCode = await login({ username: gail.username, password: gail.password }, ip);
    expect(noCode.json()).toMatchObject({ success: false, code: 'admin_otp_required' });
    // A wrong password never reaches the code question.
    expect((await login({ username: gail.username, password: 'wrong one' }, ip)).json().code).toBe(
      'admin_unauthorized',
    );

    const wrong = await login({ username: gail.username, password: gail.password, otp: '000000' }, ip);
    expect(wrong.json().code).toBe('admin_unauthorized');
    const failures = await t.database.all
      .selectFrom('admin_audit_log')
      .select('action')
      .where('admin_id', '=', gail.id)
      .where('action', '=', 'session.otp_failed')
      .execute();
    expect(failures).toHaveLength(1);

    const now = Math.floor(Date.now() / 1000);
    const code = await generate({ secret: gail.totpSecret!, epoch: (Math.floor(now / 30) + 1) * 30 });
    const ok = await login({ username: gail.username, password: gail.password, otp: code }, ip);
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await login({ username: gail.username, password: gail.password, otp: code }, ip);
    expect(replay.json().code).toBe('admin_unauthorized');

    const recovery = gail.recoveryCodes[0]!;
    const viaRecovery = await login({
      username: gail.username,
      password: gail.password,
      recoveryCode: recovery.toLowerCase(),
    });
    expect(viaRecovery.statusCode, viaRecovery.body).toBe(200);
    expect(
      (await login({ username: gail.username, password: gail.password, recoveryCode: recovery })).json().code,
    ).toBe('admin_unauthorized');

    // A second set-up is refused while two-factor is on; staff reset it (lost phone) and it enrols again.
    expect((await call(gail.token, 'POST', '/admin/api/me/two-factor/setup')).json().code).toBe('state_invalid');
    const reset = await call(owner.token, 'POST', `/admin/api/staff/${gail.id}/reset-two-factor`);
    expect(reset.json().value.twoFactorEnabled).toBe(false);
    const after = await login({ username: gail.username, password: gail.password });
    expect(after.json().value.twoFactorSetupRequired).toBe(true);
  });

  it('a wrong enrolment code is a field error and turns nothing on', async () => {
    const a = await createTestAdmin(t, { role: 'auditor' });
    await call(a.token, 'POST', '/admin/api/me/two-factor/setup');
    const bad = await call(a.token, 'POST', '/admin/api/me/two-factor/enable', { code: '123456' });
    expect(bad.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'code' }] } });
    expect((await call(a.token, 'GET', '/admin/api/me')).json().value.twoFactorEnabled).toBe(false);
    const noSetup = await createTestAdmin(t, { role: 'auditor' });
    expect((await call(noSetup.token, 'POST', '/admin/api/me/two-factor/enable', { code: '123456' })).json().code).toBe(
      'state_invalid',
    );
  });
});

describe('IP allow-list', () => {
  it('refuses a list that locks the caller out; with a list, sign-in and sessions from elsewhere are refused', async () => {
    const m = await createMerchant(t.database.all);
    const boss = await createTestAdmin(t, { merchantCode: m.code });
    const put = (body: object, ip: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/staff-settings',
        headers: { authorization: `Bearer ${boss.token}`, merchant: m.code },
        payload: body,
        remoteAddress: ip,
      });
    const lockout = await put({ ipAllowList: ['198.51.100.0/24'], withdrawalSecondApprovalAbove: null }, '10.9.9.9');
    expect(lockout.json()).toMatchObject({
      code: 'validation_failed',
      value: { fields: [{ reason: 'locks_you_out' }] },
    });
    expect(
      (await put({ ipAllowList: ['10.9.0.0/33'], withdrawalSecondApprovalAbove: null }, '10.9.9.9')).json().value
        .fields[0].reason,
    ).toBe('invalid');
    const saved = await put(
      { ipAllowList: ['10.9.0.0/16', '2001:db8::1'], withdrawalSecondApprovalAbove: '500000' },
      '10.9.9.9',
    );
    expect(saved.json().value).toEqual({
      ipAllowList: ['10.9.0.0/16', '2001:db8::1'],
      withdrawalSecondApprovalAbove: '500000',
    });
    const me = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: '/admin/api/me',
        headers: { authorization: `Bearer ${boss.token}`, merchant: m.code },
        remoteAddress: ip,
      });
    expect((await me('10.9.1.2')).statusCode).toBe(200);
    expect((await me('192.0.2.7')).json().code).toBe('admin_ip_not_allowed');
    const outside = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      headers: { merchant: m.code },
      payload: { username: boss.username, password: boss.password },
      remoteAddress: '192.0.2.8',
    });
    expect(outside.json().code).toBe('admin_ip_not_allowed');
    expect(await loginTestAdmin(t, boss, '10.9.3.4')).toEqual(expect.any(String));
  });
});
