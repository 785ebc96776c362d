import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { buildTestApp, countingHasher, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const hasher = countingHasher();
beforeAll(async () => {
  t = await buildTestApp({ hasher });
});
afterAll(() => t.close());

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const login = (username: string, password: string, opts: { ip?: string; merchant?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    payload: { username, password },
    remoteAddress: opts.ip ?? freshIp(),
    ...(opts.merchant && { headers: { merchant: opts.merchant } }),
  });
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const demoId = async () => (await t.app.modules.merchants.findByCode('demo'))!.id;
const auditOf = async (action: string) =>
  t.database.all.selectFrom('admin_audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('admin sessions', () => {
  it('logs in, answers /me, and logs out (the token then stops working)', async () => {
    // An auditor: a role without two-factor sign-in (the owner's enrolment is tested in staff.test.ts).
    const a = await createTestAdmin(t, { username: 'alice', role: 'auditor' });
    const me = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: bearer(a.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().value).toMatchObject({
      id: String(a.id),
      username: 'alice',
      merchantCode: 'demo',
      mustChangePassword: false,
    });
    expect(me.json().value.lastLoginAt).toEqual(expect.any(String));

    const out = await t.app.inject({ method: 'DELETE', url: '/admin/api/session/logout', headers: bearer(a.token) });
    expect(out.json()).toMatchObject({ success: true });
    const after = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: bearer(a.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('admin_unauthorized');
    // Logout is idempotent.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/admin/api/session/logout', headers: bearer(a.token) })).statusCode,
    ).toBe(200);

    const actions = (
      await t.database.all
        .selectFrom('admin_audit_log')
        .select('action')
        .where('admin_id', '=', a.id)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['session.login', 'session.logout']);
  });

  it('stores only the argon2id hash of the password and the SHA-256 of the token', async () => {
    const a = await createTestAdmin(t);
    const row = await t.database.all
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await t.database.all
      .selectFrom('admin_sessions')
      .select('token_hash')
      .where('admin_id', '=', a.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]!.token_hash).not.toContain(a.token);
  });

  it('refuses missing, malformed, unknown and member tokens with 401 admin_unauthorized', async () => {
    const member = await t.app.modules.members.create({
      merchant: (await t.app.modules.merchants.findByCode('demo'))!,
      account: 'notanadmin',
      password: 'member pw 12345',
    });
    expect(member.id).toBeTypeOf('bigint');
    const memberToken = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'notanadmin', password: 'member pw 12345' },
      })
    ).json().value.token as string;
    for (const headers of [
      {},
      bearer('short'),
      bearer('A'.repeat(43)),
      bearer(memberToken),
      { authorization: 'Basic abc' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'admin_unauthorized' });
    }
    // And an admin token is not a member session.
    const a = await createTestAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(a.token) })).statusCode).toBe(
      401,
    );
  });

  it('refuses an admin of another merchant (the token only works on its own merchant)', async () => {
    const other = await createMerchant(t.database.all);
    const a = await createTestAdmin(t, { merchantCode: other.code });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: bearer(a.token, { merchant: other.code }) })
      ).json().value.merchantCode,
    ).toBe(other.code);
    const cross = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: bearer(a.token) });
    expect(cross.statusCode).toBe(401);
    expect(cross.json().code).toBe('admin_unauthorized');
    // Same username in two merchants: separate accounts.
    await createTestAdmin(t, { username: 'shared', merchantCode: other.code });
    await createTestAdmin(t, { username: 'shared' });
  });

  it('is not gated by maintenance', async () => {
    const a = await createTestAdmin(t);
    await t.database.all.updateTable('merchants').set({ maintenance: true }).where('code', '=', 'demo').execute();
    try {
      // Merchant rows are cached for a moment; a fresh request context still resolves it.
      await new Promise((r) => setTimeout(r, 2_100));
      expect(
        (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(a.token) })).json().code,
      ).toBe('system_maintenance');
      expect((await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: bearer(a.token) })).statusCode).toBe(
        200,
      );
    } finally {
      await t.database.all.updateTable('merchants').set({ maintenance: false }).where('code', '=', 'demo').execute();
      await new Promise((r) => setTimeout(r, 2_100));
    }
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const a = await createTestAdmin(t, { username: 'bob' });
    const wrongPw = await login(a.username, 'not the password');
    const unknown = await login('nobody-here', 'not the password');
    expect(wrongPw.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrongPw.statusCode);
    expect(unknown.json()).toEqual(wrongPw.json());
    expect(wrongPw.json()).toMatchObject({
      success: false,
      code: 'admin_unauthorized',
      message: 'Incorrect username or password.',
    });
  });

  it('locks an account after 5 failures (known and unknown alike), and the right password is refused while locked', async () => {
    const a = await createTestAdmin(t);
    const answers: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
    for (let i = 0; i < 5; i++) {
      answers.known.push((await login(a.username, `wrong ${i}`)).statusCode);
      answers.unknown.push((await login('ghost-admin', `wrong ${i}`)).statusCode);
    }
    expect(answers.known).toEqual([401, 401, 401, 401, 401]);
    expect(answers.unknown).toEqual(answers.known);
    const locked = await login(a.username, a.password);
    const lockedGhost = await login('ghost-admin', 'whatever');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_requests');
    expect(locked.json().value.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(lockedGhost.statusCode).toBe(429);
    expect(lockedGhost.json().value.retryAfterSeconds).toBe(locked.json().value.retryAfterSeconds);
    const failures = await auditOf('session.login_failed');
    expect(failures.filter((f) => f.admin_id === a.id)).toHaveLength(5);
    expect(failures.find((f) => f.admin_id === a.id && (f.detail as { locked: boolean }).locked)).toBeDefined();
  });

  it('rate-limits per IP and per account before any password hash is computed', async () => {
    const carol = await createTestAdmin(t, { username: 'carol', role: 'auditor' }); // 1 login
    // Per account: 10 a minute, from any address (successful logins count too).
    for (let i = 0; i < 9; i++) expect((await login('carol', carol.password)).statusCode).toBe(200);
    const before = hasher.checks;
    const throttled = await login('carol', carol.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().value.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(hasher.checks).toBe(before);

    // Per IP: 20 a minute whatever the account.
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await login(`someone${i}`, 'x', { ip });
    const checks = hasher.checks;
    const res = await login('someone-else', 'x', { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().value.retryAfterSeconds).toBeGreaterThan(0);
    expect(hasher.checks).toBe(checks);
  });

  it('validates the login body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/api/session/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('admin audit log', () => {
  it('is append-only: updates, deletes and truncation are refused by the database', async () => {
    const id = await demoId();
    await t.database.all
      .insertInto('admin_audit_log')
      .values({ merchant_id: id, admin_id: null, action: 'test.entry', detail: '{}' })
      .execute();
    await expect(
      t.database.all
        .updateTable('admin_audit_log')
        .set({ action: 'changed' })
        .where('action', '=', 'test.entry')
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.all.deleteFrom('admin_audit_log').where('action', '=', 'test.entry').execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate admin_audit_log`.execute(t.database.all)).rejects.toThrow(/append-only/);
    expect(await auditOf('test.entry')).toHaveLength(1);
  });

  it('is listed newest first with paging, filtered by action', async () => {
    const a = await createTestAdmin(t, { role: 'auditor' });
    const page = await t.app.inject({ method: 'GET', url: '/admin/api/audit?pageSize=2', headers: bearer(a.token) });
    expect(page.statusCode).toBe(200);
    const v = page.json().value;
    expect(v.items).toHaveLength(2);
    expect(v.total).toBeGreaterThan(2);
    expect(BigInt(v.items[0].id)).toBeGreaterThan(BigInt(v.items[1].id));
    expect(v.items[0]).toMatchObject({ action: 'session.login', adminId: String(a.id), adminUsername: a.username });

    const logins = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/audit?action=session.login&pageSize=100',
        headers: bearer(a.token),
      })
    ).json().value;
    expect(logins.items.every((e: { action: string }) => e.action === 'session.login')).toBe(true);
    const page2 = (
      await t.app.inject({ method: 'GET', url: '/admin/api/audit?pageSize=2&pageNo=2', headers: bearer(a.token) })
    ).json().value;
    expect(BigInt(page2.items[0].id)).toBeLessThan(BigInt(v.items[1].id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/audit?pageSize=101', headers: bearer(a.token) })).json()
        .code,
    ).toBe('validation_failed');
  });

  it('shows only the merchant’s own entries', async () => {
    const other = await createMerchant(t.database.all);
    const a = await createTestAdmin(t, { merchantCode: other.code, role: 'auditor' });
    const items = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/audit?pageSize=100',
        headers: bearer(a.token, { merchant: other.code }),
      })
    ).json().value.items;
    expect(items.map((e: { action: string }) => e.action).sort()).toEqual(['admin.create', 'session.login']);
  });
});

describe('openapi', () => {
  it('tags admin routes "admin"', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(doc.paths['/admin/api/session/login']?.post?.tags).toEqual(['admin']);
    expect(doc.paths['/admin/api/me']?.get?.tags).toEqual(['admin']);
  });
});
