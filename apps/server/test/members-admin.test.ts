import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain, memberVendor, systemAccount } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { createMember, createMerchant } from './helpers/factories.ts';
import { newAgent, newPlayer } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The back office's members screens (issue 22): each search mode finds exactly its members, the 360° view's
 * balances are the ledger's, a member's lists never show another member's rows, login history records real
 * logins, and the actions (lock / unlock, reset password, end sessions, notes, move under another agent) do what
 * they say, audited by account; permissions, bad input and other merchants' members are refused cleanly.
 */

let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
});
afterAll(() => t.close());

const call = (a: TestAdmin, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${a.token}`, merchant: a.merchantCode },
    ...(payload !== undefined && { payload }),
  });
const get = async (url: string, a = owner) => {
  const res = await call(a, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const accountsOf = (v: { items: { account: string }[] }) => v.items.map((i) => i.account).sort();
const search = (qs: string) => get(`/admin/api/members?${qs}`);

let ipSeq = 0;
const login = (username: string, password: string, ua = 'Mozilla/5.0 (test) Members/1.0', ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { 'x-forwarded-for': ip ?? `198.51.100.${++ipSeq}`, 'user-agent': ua },
    payload: { type: 'username', username, password },
  });
const memberInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
const audits = async (action: string, target: string) =>
  (
    await sql<{ target_type: string; target_id: string; admin_id: string }>`
      select target_type, target_id, admin_id::text from admin_audit_log where action = ${action} and target_id = ${target}`.execute(
      t.database.all,
    )
  ).rows;

describe('search', () => {
  it('by username prefix: exactly the members whose account starts with it (wildcards literal)', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const a = await createMember(t.app.modules, demo, { account: `${tag}aa1` });
    const b = await createMember(t.app.modules, demo, { account: `${tag}aa2` });
    await createMember(t.app.modules, demo, { account: `${tag}xa3` });
    const found = await search(`by=username&q=${tag}aa&pageSize=100`);
    expect(accountsOf(found)).toEqual([a.account, b.account]);
    expect(found.total).toBe(2);
    // LIKE's wildcards in the text are literal: "_a" matches no account (accounts have no underscore).
    expect((await search(`q=${tag}_a`)).total).toBe(0);
    expect((await search(`q=${tag}%25`)).total).toBe(0);
    // Upper case input finds the same; paging keeps the total.
    const page2 = await search(`q=${tag.toUpperCase()}&pageSize=2&pageNo=2`);
    expect(page2).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);
    expect(page2.totalCapped).toBe(false);
  });

  it('counts at most 10,000 matches (totalCapped), and pages past them still answer', async () => {
    const tag = `cap${randomUUID().slice(0, 6)}`;
    await sql`insert into members (merchant_id, account, password_hash)
      select ${demo.id}, ${tag} || lpad(i::text, 5, '0'), 'no-login' from generate_series(1, 10005) i`.execute(
      t.database.all,
    );
    await sql`insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select merchant_id, id, id, 0 from members where account like ${`${tag}%`}`.execute(t.database.all);
    const all = await search(`q=${tag}`);
    expect(all).toMatchObject({ total: 10_000, totalCapped: true });
    const last = await search(`q=${tag}&pageNo=501&pageSize=20`);
    expect(last.items.map((i: { account: string }) => i.account)).toEqual([
      `${tag}10001`,
      `${tag}10002`,
      `${tag}10003`,
      `${tag}10004`,
      `${tag}10005`,
    ]);
    expect(await search(`q=${tag}1000`)).toMatchObject({ total: 6, totalCapped: false });
  });

  it('by mobile: the whole number, with or without the country code, or its last digits', async () => {
    const digits = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const m = await createMember(t.app.modules, demo, { mobile: digits, countryDialingCode: '84' });
    for (const q of [digits, `0${digits}`, `%2B84 ${digits}`, digits.slice(-7)]) {
      const found = await search(`by=mobile&q=${q}`);
      expect(accountsOf(found), q).toEqual([m.account]);
    }
    expect((await search(`by=mobile&q=${digits.slice(0, 6)}1234`)).total).toBe(0);
    // A suffix keeps its zeros (only a whole national number's trunk 0 goes).
    const zeros = await createMember(t.app.modules, demo, { mobile: '912300012', countryDialingCode: '84' });
    expect(accountsOf(await search('by=mobile&q=00012'))).toContain(zeros.account);
    const row = (await search(`by=mobile&q=${digits}`)).items[0];
    expect(row.mobile).toBe(`+84 ${digits}`);
  });

  it('by id: exactly that member', async () => {
    const m = await createMember(t.app.modules, demo);
    expect(accountsOf(await search(`by=id&q=${m.id}`))).toEqual([m.account]);
    expect((await search(`by=id&q=999999999999`)).total).toBe(0);
  });

  it('by IP: the members who logged in from it (failed attempts do not count)', async () => {
    const ip = `203.0.113.${100 + Math.floor(Math.random() * 100)}`;
    const a = await createMember(t.app.modules, demo);
    const b = await createMember(t.app.modules, demo);
    const c = await createMember(t.app.modules, demo);
    expect((await login(a.account, a.password, 'ua', ip)).statusCode).toBe(200);
    expect((await login(b.account, b.password, 'ua', ip)).statusCode).toBe(200);
    expect((await login(c.account, 'wrong password', 'ua', ip)).json().code).toBe('in_incorrect_password');
    expect(accountsOf(await search(`by=ip&q=${ip}`))).toEqual([a.account, b.account].sort());
  });

  it('by affiliate: the members who registered with an agent code or an affiliate link', async () => {
    const agent = await newAgent(t, demo, { rebatePoint: '8' });
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/agent/affiliate/links',
        headers: { authorization: `Bearer ${agent.token}` },
        payload: {},
      })
    ).json().value.code as string;
    const register = async (affiliateCode: string) => {
      const username = `aff${randomUUID().slice(0, 8)}`;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        headers: { 'x-forwarded-for': `10.31.0.${++ipSeq % 250}` },
        payload: {
          username,
          password: 'long enough pw',
          confirmPassword: 'long enough pw',
          agreeTerms: true,
          affiliateCode,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return username;
    };
    const viaCode = await register(agent.affiliateCode!);
    const viaLink = await register(link);
    await newPlayer(t, demo, { upline: agent }); // under the agent, but not registered through a code
    expect(accountsOf(await search(`by=affiliate&q=${agent.affiliateCode!.toLowerCase()}`))).toEqual([viaCode]);
    expect(accountsOf(await search(`by=affiliate&q=${link}`))).toEqual([viaLink]);
  });

  it('by agent: its whole downline (every level, not itself), and the status filter', async () => {
    const top = await newAgent(t, demo, { rebatePoint: '9' });
    const sub = await newAgent(t, demo, { upline: top, rebatePoint: '5' });
    const p1 = await newPlayer(t, demo, { upline: top });
    const p2 = await newPlayer(t, demo, { upline: sub });
    await newPlayer(t, demo); // elsewhere
    expect(accountsOf(await search(`by=agent&q=${top.account}&pageSize=100`))).toEqual(
      [sub.account, p1.account, p2.account].sort(),
    );
    expect(accountsOf(await search(`by=agent&q=${sub.account}`))).toEqual([p2.account]);
    expect((await call(owner, 'POST', `/admin/api/members/${p2.account}/lock`, { reason: 'test' })).statusCode).toBe(
      200,
    );
    expect(accountsOf(await search(`by=agent&q=${top.account}&status=locked`))).toEqual([p2.account]);
    expect(accountsOf(await search(`by=agent&q=${top.account}&status=active`))).toEqual(
      [sub.account, p1.account].sort(),
    );
    expect((await search(`by=agent&q=nosuchagent${randomUUID().slice(0, 4)}`)).total).toBe(0);
  });

  it('never finds a member of another merchant, whose page is 404', async () => {
    const other = await createMerchant(t.database.all);
    const otherMerchant = (await t.app.modules.merchants.findByCode(other.code))!;
    const stranger = await createMember(t.app.modules, otherMerchant, { mobile: '987650001' });
    expect((await search(`by=id&q=${stranger.id}`)).total).toBe(0);
    expect((await search(`q=${stranger.account}`)).total).toBe(0);
    expect((await search(`by=mobile&q=987650001`)).items.map((i: { account: string }) => i.account)).not.toContain(
      stranger.account,
    );
    const res = await call(owner, 'GET', `/admin/api/members/${stranger.account}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('member_not_found');
  });

  it('bad input is a 400 naming the field; an unknown account is a 404; never a 500', async () => {
    for (const qs of [
      'by=id&q=abc',
      'by=ip&q=not-an-ip',
      'by=mobile&q=12',
      'by=mobile',
      'by=nope&q=x',
      'by=affiliate&q=a$b',
      'pageSize=1000',
      'pageNo=0',
    ]) {
      const res = await call(owner, 'GET', `/admin/api/members?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code, qs).toBe('validation_failed');
    }
    const unknown = `nobody${randomUUID().slice(0, 6)}`;
    for (const path of ['', '/journals', '/bets', '/deposits', '/withdrawals', '/logins', '/notes']) {
      const res = await call(owner, 'GET', `/admin/api/members/${unknown}${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    for (const action of ['lock', 'unlock', 'reset-password', 'end-sessions']) {
      const res = await call(owner, 'POST', `/admin/api/members/${unknown}/${action}`, { reason: 'x' });
      expect(res.statusCode, action).toBe(404);
    }
    expect((await call(owner, 'GET', '/admin/api/members/bad%20account!')).statusCode).toBe(400);
    const m = await createMember(t.app.modules, demo);
    expect((await call(owner, 'POST', `/admin/api/members/${m.account}/lock`, {})).statusCode).toBe(400);
    expect(
      (await call(owner, 'POST', `/admin/api/members/${m.account}/notes`, { text: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect((await call(owner, 'POST', `/admin/api/members/${m.account}/move`, { toAgent: '' })).statusCode).toBe(400);
  });
});

describe("a member's page", () => {
  it("shows profile, status, balances equal to the ledger's (main, held, vendor wallets) and the agent line", async () => {
    const top = await newAgent(t, demo, { rebatePoint: '9' });
    const sub = await newAgent(t, demo, { upline: top, rebatePoint: '5' });
    const p = await newPlayer(t, demo, { upline: sub, fund: 10_000n });
    const post = (key: string, legs: object[]) =>
      t.app.modules.ledger.postOrThrow({
        merchantId: demo.id,
        currency: demo.currency,
        scope: 'test_funding',
        key: `${key}:${p.id}`,
        kind: 'adjustment',
        memberId: p.id,
        legs: legs as never,
      });
    await post('to-vendor', [
      { debit: memberMain(p.id), credit: memberVendor(p.id, 'DEMOT'), amount: 3_000n, code: 'wallet_transfer' },
    ]);
    await post('hold', [
      {
        debit: memberMain(p.id),
        credit: systemAccount('payment_clearing', p.id),
        amount: 1_500n,
        code: 'withdrawal',
        pending: true,
      },
    ]);
    const v = await get(`/admin/api/members/${p.account}`);
    const ledger = await t.app.modules.ledger.balances(demo.id, [memberMain(p.id), memberVendor(p.id, 'DEMOT')]);
    const main = ledger[memberMain(p.id)]!;
    const vendor = ledger[memberVendor(p.id, 'DEMOT')]!;
    expect(v.balances.main).toEqual({
      balance: String(main.balance),
      available: String(main.available),
      held: String(main.balance - main.available),
    });
    expect(v.balances.main).toEqual({ balance: '7000', available: '5500', held: '1500' });
    expect(v.balances.vendors).toEqual([
      { vendorCode: 'DEMOT', balance: String(vendor.balance), available: String(vendor.available), held: '0' },
    ]);
    expect(v.balances.total).toBe(String(main.balance + vendor.balance));
    expect(v.profile).toMatchObject({ id: String(p.id), account: p.account, isAgent: false, isTrial: false });
    expect(v.status).toEqual({
      status: 'active',
      lockReason: null,
      loginLockedUntil: null,
      mustChangePassword: false,
      closedAt: null,
      anonymisedAt: null,
    });
    expect(v.agentLine).toEqual([
      { account: sub.account, depth: 1, type: 1 },
      { account: top.account, depth: 2, type: 1 },
    ]);
    expect(v.counts).toMatchObject({ downlines: 0, liveSessions: 1 });
    const agentView = await get(`/admin/api/members/${top.account}`);
    expect(agentView.profile).toMatchObject({ isAgent: true, affiliateCode: top.affiliateCode, rebatePoint: '9.0' });
    expect(agentView.counts).toMatchObject({ downlines: 2, directDownlines: 1 });
  });

  it("journals, bets, deposits and withdrawals are the member's own: another member's never appear", async () => {
    const a = await newPlayer(t, demo, { fund: 1_000_00n });
    const b = await newPlayer(t, demo, { fund: 2_000_00n });
    const table = await demoLiveTable(t, demo);
    await table.round(a, 100_00n, 0n);
    await table.round(b, 200_00n, 300_00n);
    await table.round(b, 50_00n, 0n);
    for (const [p, token] of [
      [a, a.token],
      [b, b.token],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/deposit/orders',
        headers: { authorization: `Bearer ${token}` },
        payload: { methodCode: 'SANDBOX', amount: p === a ? '100' : '200', requestId: randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const journals = async (p: typeof a) => get(`/admin/api/members/${p.account}/journals?pageSize=100`);
    const own = await t.app.modules.history.transactions(demo, b.id, { type: 'all', pageNo: 1, pageSize: 100 });
    const jb = await journals(b);
    expect(jb).toEqual(own);
    expect(jb.items.map((r: { amount: string }) => r.amount)).toEqual(['-5000', '30000', '-20000', '200000']);
    const ja = await journals(a);
    expect(ja.items.map((r: { amount: string }) => r.amount)).toEqual(['-10000', '100000']);

    const bets = async (p: typeof a) => get(`/admin/api/members/${p.account}/bets`);
    const ba = await bets(a);
    expect(ba.total).toBe(1);
    expect(ba.totals).toMatchObject({ stake: '10000', payout: '0' });
    const bb = await bets(b);
    expect(bb.total).toBe(2);
    expect(bb.totals).toMatchObject({ stake: '25000', payout: '30000' });
    expect(bb.items.map((r: { id: string }) => r.id)).not.toContain(ba.items[0].id);

    const deposits = async (p: typeof a) => get(`/admin/api/members/${p.account}/deposits`);
    const da = await deposits(a);
    const db = await deposits(b);
    expect(da.list.map((d: { amount: string }) => d.amount)).toEqual(['10000']);
    expect(db.list.map((d: { amount: string }) => d.amount)).toEqual(['20000']);
    expect(da.list[0].reference).toMatch(/^DEP-/);

    // A withdrawal of b (transaction password, bank account, request: funds held): only in b's list.
    const asB = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${b.token}` }, payload });
    await asB('/wps/member/transaction-password', {
      loginPassword: b.password,
      newPassword: '246810',
      confirm: '246810',
    });
    const bank = (
      await asB('/wps/withdraw/bank-accounts', {
        bankName: 'BDO',
        accountNumber: '1234509876',
        accountName: 'Juan Cruz',
      })
    ).json().value.id as string;
    const wd = await asB('/wps/withdraw/requests', {
      bankAccountId: bank,
      amount: '300',
      transactionPassword: '246810',
      requestId: randomUUID(),
    });
    expect(wd.statusCode, wd.body).toBe(200);
    const wb = await get(`/admin/api/members/${b.account}/withdrawals`);
    expect(wb.total).toBe(1);
    expect(wb.items[0].id).toMatch(/^WDR-/);
    const wa = await get(`/admin/api/members/${a.account}/withdrawals`);
    expect(wa).toMatchObject({ total: 0, items: [] });
    // The hold shows in b's page: available = balance − 300.00.
    const viewB = await get(`/admin/api/members/${b.account}`);
    expect(viewB.balances.main.held).toBe('30000');
  });

  it('login history records real logins: time, IP, user agent and the result', async () => {
    const m = await createMember(t.app.modules, demo);
    expect((await login(m.account, 'not the password', 'Agent/1 wrong', '192.0.2.10')).json().code).toBe(
      'in_incorrect_password',
    );
    expect((await login(m.account, m.password, 'Mozilla/5.0 (iPhone) Safari', '192.0.2.11')).statusCode).toBe(200);
    const page = await get(`/admin/api/members/${m.account}/logins`);
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({
        ip: '192.0.2.11',
        userAgent: 'Mozilla/5.0 (iPhone) Safari',
        method: 'password',
        result: 'ok',
      }),
      expect.objectContaining({ ip: '192.0.2.10', userAgent: 'Agent/1 wrong', result: 'wrong_password' }),
    ]);
    expect(Date.parse(page.items[0].time)).toBeGreaterThan(Date.now() - 60_000);
    // Another member's logins are not in the list.
    const other = await createMember(t.app.modules, demo);
    await login(other.account, other.password);
    expect((await get(`/admin/api/members/${m.account}/logins`)).total).toBe(2);
    const view = await get(`/admin/api/members/${m.account}`);
    expect(view.profile.lastLoginIp).toBe('192.0.2.11');
  });

  it('staff notes: added by a staff member (author = username, audited), listed newest first', async () => {
    const m = await createMember(t.app.modules, demo);
    const first = await call(owner, 'POST', `/admin/api/members/${m.account}/notes`, { text: '  called about KYC  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ author: owner.username, text: 'called about KYC' });
    await call(owner, 'POST', `/admin/api/members/${m.account}/notes`, { text: 'x'.repeat(1000) });
    const notes = await get(`/admin/api/members/${m.account}/notes`);
    expect(notes.total).toBe(2);
    expect(notes.items.map((n: { text: string }) => n.text.length)).toEqual([1000, 16]);
    expect((await audits('member.note', m.account)).length).toBe(2);
    expect((await get(`/admin/api/members/${m.account}`)).counts.notes).toBe(2);
  });
});

describe('actions', () => {
  it('lock blocks login and ends the sessions’ use; unlock restores it; both audited by account', async () => {
    const m = await createMember(t.app.modules, demo);
    const token = (await login(m.account, m.password)).json().value.token as string;
    const locked = await call(owner, 'POST', `/admin/api/members/${m.account}/lock`, { reason: 'chargeback' });
    expect(locked.json().value).toMatchObject({ account: m.account, status: 'locked', lockReason: 'chargeback' });
    expect((await memberInfo(token)).statusCode).toBe(401);
    expect((await login(m.account, m.password)).json().code).toBe('in_incorrect_password');
    const again = await call(owner, 'POST', `/admin/api/members/${m.account}/lock`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('member_status_unchanged');
    const view = await get(`/admin/api/members/${m.account}`);
    expect(view.status).toMatchObject({ status: 'locked', lockReason: 'chargeback' });
    expect((await get(`/admin/api/members/${m.account}/logins`)).items[0].result).toBe('disabled');

    expect(locked.json().value.sessionsEnded).toBe(1);
    const unlocked = await call(owner, 'POST', `/admin/api/members/${m.account}/unlock`);
    expect(unlocked.json().value).toMatchObject({ status: 'active', lockReason: null });
    expect((await memberInfo(token)).statusCode).toBe(401); // the session taken before the lock stays ended
    expect((await login(m.account, m.password)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/admin/api/members/${m.account}/unlock`)).statusCode).toBe(409);
    const lockAudit = await audits('member.lock', m.account);
    expect(lockAudit).toEqual([{ target_type: 'member', target_id: m.account, admin_id: String(owner.id) }]);
    expect(await audits('member.unlock', m.account)).toHaveLength(1);
  });

  it("an upline cannot lift the operator's lock; the operator takes over or ends an upline's lock", async () => {
    const agent = await newAgent(t, demo, { rebatePoint: '5' });
    const p = await newPlayer(t, demo, { upline: agent });
    const q = await newPlayer(t, demo, { upline: agent });
    const asAgent = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${agent.token}` } });
    expect((await call(owner, 'POST', `/admin/api/members/${p.account}/lock`, { reason: 'fraud' })).statusCode).toBe(
      200,
    );
    const refused = await asAgent(`/wps/agent/downline/${p.id}/unlock`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await get(`/admin/api/members/${p.account}`)).status).toMatchObject({
      status: 'locked',
      lockReason: 'fraud',
    });
    // q locked by its upline: the operator may add its own lock (with a reason) or unlock it.
    expect((await asAgent(`/wps/agent/downline/${q.id}/lock`)).statusCode).toBe(200);
    const over = await call(owner, 'POST', `/admin/api/members/${q.account}/lock`, { reason: 'review' });
    expect(over.json().value).toMatchObject({ status: 'locked', lockReason: 'review' });
    expect((await call(owner, 'POST', `/admin/api/members/${q.account}/unlock`)).json().value.status).toBe('active');
    expect((await asAgent(`/wps/agent/downline/${q.id}/lock`)).statusCode).toBe(200);
    expect((await asAgent(`/wps/agent/downline/${q.id}/unlock`)).statusCode).toBe(200);
  });

  it('unlock also ends a failed-login lock', async () => {
    const m = await createMember(t.app.modules, demo);
    // The lockout's own step after the third failure (the captcha the second one asks for is beside the point).
    await t.app.modules.members.lock(m.id, new Date(Date.now() + 5 * 60_000));
    expect((await login(m.account, m.password, 'ua', '192.0.2.78')).statusCode).not.toBe(200);
    const view = await get(`/admin/api/members/${m.account}`);
    expect(view.status.loginLockedUntil).not.toBeNull();
    const res = await call(owner, 'POST', `/admin/api/members/${m.account}/unlock`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/admin/api/members/${m.account}`)).status.loginLockedUntil).toBeNull();
    expect((await login(m.account, m.password, 'ua', '192.0.2.79')).statusCode).toBe(200);
  });

  it('reset password: a one-time password shown once, every session ended; it works once, then must be changed', async () => {
    const m = await createMember(t.app.modules, demo);
    const t1 = (await login(m.account, m.password)).json().value.token as string;
    const t2 = (await login(m.account, m.password)).json().value.token as string;
    const res = await call(owner, 'POST', `/admin/api/members/${m.account}/reset-password`);
    expect(res.statusCode, res.body).toBe(200);
    const { oneTimePassword, sessionsEnded } = res.json().value;
    expect(sessionsEnded).toBe(2);
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{14}$/);
    expect((await memberInfo(t1)).statusCode).toBe(401);
    expect((await memberInfo(t2)).statusCode).toBe(401);
    expect((await login(m.account, m.password)).json().code).toBe('in_incorrect_password');
    const first = await login(m.account, oneTimePassword);
    expect(first.statusCode).toBe(200);
    expect(first.json().value.passwordExpired).toBe(true);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: `Bearer ${first.json().value.token}` },
      payload: { oldPassword: oneTimePassword, newPassword: 'my own new pw 1', confirmNewPassword: 'my own new pw 1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await login(m.account, oneTimePassword)).json().code).toBe('in_incorrect_password');
    expect((await login(m.account, 'my own new pw 1')).statusCode).toBe(200);
    expect(await audits('member.reset_password', m.account)).toHaveLength(1);
    const row = await sql<{ detail: Record<string, unknown> }>`select detail from admin_audit_log
      where action = 'member.reset_password' and target_id = ${m.account}`.execute(t.database.all);
    expect(JSON.stringify(row.rows[0]!.detail)).not.toContain(oneTimePassword);
  });

  it('end sessions: every live session stops working; the member can log in again', async () => {
    const m = await createMember(t.app.modules, demo);
    const token = (await login(m.account, m.password)).json().value.token as string;
    expect((await get(`/admin/api/members/${m.account}`)).counts.liveSessions).toBe(1);
    const res = await call(owner, 'POST', `/admin/api/members/${m.account}/end-sessions`);
    expect(res.json().value).toMatchObject({ sessionsEnded: 1, status: 'active' });
    expect((await memberInfo(token)).statusCode).toBe(401);
    expect((await get(`/admin/api/members/${m.account}`)).counts.liveSessions).toBe(0);
    expect((await login(m.account, m.password)).statusCode).toBe(200);
    expect(await audits('member.end_sessions', m.account)).toHaveLength(1);
  });

  it('move: the member and its team go under another agent (the tree and team lists follow); cycles and rebate points above the new upline are refused', async () => {
    const a1 = await newAgent(t, demo, { rebatePoint: '10' });
    const s = await newAgent(t, demo, { upline: a1, rebatePoint: '8' });
    const s2 = await newAgent(t, demo, { upline: s, rebatePoint: '5' });
    const p = await newPlayer(t, demo, { upline: s2, fund: 1_000_00n });
    const a2 = await newAgent(t, demo, { rebatePoint: '9' });
    // Figures in the agents' roll-up before the move: p's bet counts for s2, s and a1.
    const table = await demoLiveTable(t, demo);
    await table.round(p, 40_00n, 0n);
    await t.app.modules.agents.runRollup();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: demo.timezone }).format(new Date());
    const overview = async (agent: { token: string }) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/agent/team/overview?from=${today}&to=${today}`,
          headers: { authorization: `Bearer ${agent.token}` },
        })
      ).json().value;
    expect((await overview(a1)).validBet).toBe('4000');
    expect((await overview(a2)).validBet).toBe('0');
    const low = await newAgent(t, demo, { rebatePoint: '5' });
    const team = async (agent: { token: string }) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/agent/downline?scope=team&pageSize=100',
          headers: { authorization: `Bearer ${agent.token}` },
        })
      )
        .json()
        .value.rows.map((r: { account: string }) => r.account)
        .sort();
    expect(await team(a1)).toEqual([s.account, s2.account, p.account].sort());

    const move = (account: string, toAgent: string) =>
      call(owner, 'POST', `/admin/api/members/${account}/move`, { toAgent });
    const cycle = await move(s.account, s2.account);
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().code).toBe('member_move_refused');
    const rebate = await move(s.account, low.account);
    expect(rebate.statusCode).toBe(400);
    expect(rebate.json().code).toBe('rebate_point_invalid');
    expect((await move(s.account, p.account)).statusCode).toBe(404); // not an agent
    expect((await move(s.account, s.account)).json().code).toBe('member_move_refused');

    // A member holding a live contract with its line waits for it to end.
    const offer = await call(owner, 'POST', '/admin/api/contracts/house-offer', {
      agentAccount: low.account,
      type: 'daily_wage',
      tiers: [
        { minValidBet: '10000', minActive: 3, rate: '0.3' },
        { minValidBet: '50000', minActive: 5, rate: '0.5' },
        { minValidBet: '100000', minActive: 10, rate: '0.8' },
      ],
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const held = await move(low.account, a2.account);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('contract');

    const ok = await move(s.account, a2.account);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ account: s.account, uplineAccount: a2.account });
    expect(await team(a1)).toEqual([]);
    expect(await team(a2)).toEqual([s.account, s2.account, p.account].sort());
    expect((await get(`/admin/api/members/${p.account}`)).agentLine.map((u: { account: string }) => u.account)).toEqual(
      [s2.account, s.account, a2.account],
    );
    expect(accountsOf(await search(`by=agent&q=${a2.account}`))).toEqual([s.account, s2.account, p.account].sort());
    expect((await move(s.account, a2.account)).json().code).toBe('member_move_refused'); // already there

    // The closure table equals the walk up the upline links, for every member of the merchant.
    const rows = await t.app.modules.members.treeRows(demo.id);
    const uplines = await sql<{ id: bigint; upline_id: bigint | null }>`
      select id, upline_id from members where merchant_id = ${demo.id}`.execute(t.database.all);
    const up = new Map(uplines.rows.map((r) => [r.id, r.upline_id]));
    const want: string[] = [];
    for (const id of up.keys()) {
      let at: bigint | null = id;
      for (let depth = 0; at !== null; depth++) {
        want.push(`${at}>${id}@${depth}`);
        at = up.get(at) ?? null;
      }
    }
    expect(rows.map((r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`).sort()).toEqual(want.sort());
    const moved = await audits('member.move', s.account);
    expect(moved).toHaveLength(1);
    // The team's figures moved with it: a1's team no longer has p's bet, a2's has; the roll-up equals a recount.
    expect((await overview(a1)).validBet).toBe('0');
    expect((await overview(a2)).validBet).toBe('4000');
    expect(await t.app.modules.agents.auditTeamRollup(demo.id)).toEqual({ ok: true, problems: [] });
    await table.round(p, 10_00n, 0n);
    await t.app.modules.agents.runRollup();
    expect((await overview(a2)).validBet).toBe('5000');
    expect((await overview(a1)).validBet).toBe('0');
    expect(await t.app.modules.agents.auditTeamRollup(demo.id)).toEqual({ ok: true, problems: [] });
  });
});

describe('permissions', () => {
  it('the routes are in the admin OpenAPI document, each declaring members.view or members.manage', async () => {
    const doc = await call(owner, 'GET', '/admin/api/openapi');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().value.paths);
    for (const p of ['/admin/api/members', '/admin/api/members/{account}', '/admin/api/members/{account}/move'])
      expect(paths).toContain(p);
    const mine = [...t.app.adminRoutes].filter(([route]) => route.includes('/admin/api/members'));
    // 14 of the member pages + 4 of responsible gaming (limits and breaks set by staff on request) + the profile
    // (read, edit) + the identity documents' summary + reopening a closed account
    expect(mine).toHaveLength(22);
    for (const [route, permission] of mine)
      expect(permission, route).toBe(route.startsWith('GET ') ? 'members.view' : 'members.manage');
  });

  it('a role without members.view is refused every members route; members.view without members.manage reads but never acts', async () => {
    const m = await createMember(t.app.modules, demo);
    const content = await createTestAdmin(t, { role: 'content' });
    for (const [method, url] of [
      ['GET', '/admin/api/members?q=a'],
      ['GET', `/admin/api/members/${m.account}`],
      ['GET', `/admin/api/members/${m.account}/logins`],
      ['POST', `/admin/api/members/${m.account}/lock`],
    ] as const) {
      const res = await call(content, method, url, method === 'POST' ? { reason: 'x' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('admin_forbidden');
    }
    const viewer = await createTestAdmin(t, { role: 'agents' }); // members.view, not members.manage
    expect((await call(viewer, 'GET', `/admin/api/members/${m.account}`)).statusCode).toBe(200);
    for (const action of ['lock', 'unlock', 'reset-password', 'end-sessions', 'notes', 'move']) {
      const res = await call(viewer, 'POST', `/admin/api/members/${m.account}/${action}`, {
        reason: 'x',
        text: 'x',
        toAgent: 'x',
      });
      expect(res.statusCode, action).toBe(403);
    }
    expect((await get(`/admin/api/members/${m.account}`)).status.status).toBe('active');
  });
});
