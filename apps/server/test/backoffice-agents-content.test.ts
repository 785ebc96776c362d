import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { bearer, newAgent, newPlayer } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The back office's agents and content reads and writes added for its screens (issue 22): the agent tree one
 * level at a time, the contracts list, settlements of one agent, messages to a segment; refusals and audit.
 */

let t: TestApp;
let m: Merchant;
let owner: TestAdmin;
let agentsStaff: TestAdmin;
let contentStaff: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  m = (await t.app.modules.merchants.findByCode((await createMerchant(t.database.all)).code))!;
  owner = await createTestAdmin(t, { merchantCode: m.code });
  agentsStaff = await createTestAdmin(t, { merchantCode: m.code, role: 'agents' });
  contentStaff = await createTestAdmin(t, { merchantCode: m.code, role: 'content' });
});
afterAll(() => t?.close());

const DAILY = [
  { minValidBet: '10000', minActive: 3, rate: '0.3' },
  { minValidBet: '50000', minActive: 5, rate: '0.5' },
  { minValidBet: '100000', minActive: 10, rate: '0.8' },
];
const DIVIDEND = [
  { minValidBet: '100000', minActive: 5, minProfit: '10000', rate: '10' },
  { minValidBet: '500000', minActive: 10, minProfit: '50000', rate: '15' },
  { minValidBet: '2000000', minActive: 20, minProfit: '200000', rate: '20' },
];

const call = (a: TestAdmin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(a.token), merchant: m.code }, ...(payload && { payload }) });

describe('agent tree', () => {
  it('lists the top-level agents, then each level below with level, team size and live contracts', async () => {
    const top = await newAgent(t, m, { rebatePoint: '10' });
    const sub = await newAgent(t, m, { upline: top, rebatePoint: '8' });
    const player = await newPlayer(t, m, { upline: sub });
    await newPlayer(t, m, { upline: top });
    await newPlayer(t, m); // a player without an upline is not an agent: not a root
    // The house offers the top-level agent a daily wage (pending until it accepts).
    const offer = await call(owner, 'POST', '/admin/api/contracts/house-offer', {
      agentAccount: top.account,
      type: 'daily_wage',
      tiers: DAILY,
    });
    expect(offer.statusCode, offer.body).toBe(200);

    const roots = await call(agentsStaff, 'GET', '/admin/api/agents/tree');
    expect(roots.statusCode, roots.body).toBe(200);
    expect(roots.json().value).toMatchObject({ total: 1, parent: null, pageNo: 1, pageSize: 20 });
    expect(roots.json().value.rows).toEqual([
      {
        account: top.account,
        nickname: null,
        type: 1,
        isAgent: true,
        level: 1,
        downlines: 3,
        rebatePoint: '10.0',
        status: 'active',
        contracts: [{ type: 'daily_wage', status: 'pending' }],
      },
    ]);

    const level2 = (await call(agentsStaff, 'GET', `/admin/api/agents/tree?parent=${top.account}`)).json().value;
    expect(level2.parent).toEqual({ account: top.account, level: 1 });
    expect(level2.total).toBe(2);
    const subNode = level2.rows.find((r: { account: string }) => r.account === sub.account);
    expect(subNode).toMatchObject({ level: 2, downlines: 1, isAgent: true, rebatePoint: '8.0', contracts: [] });
    expect(level2.rows.find((r: { account: string }) => r.account !== sub.account)).toMatchObject({
      isAgent: false,
      downlines: 0,
      level: 2,
    });

    const level3 = (await call(agentsStaff, 'GET', `/admin/api/agents/tree?parent=${sub.account}&pageSize=1`)).json()
      .value;
    expect(level3).toMatchObject({ total: 1, parent: { account: sub.account, level: 2 } });
    expect(level3.rows.map((r: { account: string; level: number }) => [r.account, r.level])).toEqual([
      [player.account, 3],
    ]);
  });

  it('refuses a role without agents.view, an unknown parent and bad paging', async () => {
    const refused = await call(contentStaff, 'GET', '/admin/api/agents/tree');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'admin_forbidden']);
    const unknown = await call(agentsStaff, 'GET', '/admin/api/agents/tree?parent=nobody-here');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
    const bad = await call(agentsStaff, 'GET', '/admin/api/agents/tree?pageSize=1000');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
  });
});

describe('contracts and settlements of one agent', () => {
  it('lists the contracts (all, of an agent, by status) and settlements of an agent', async () => {
    const a = await newAgent(t, m, { rebatePoint: '5' });
    const offered = await call(agentsStaff, 'POST', '/admin/api/contracts/house-offer', {
      agentAccount: a.account,
      type: 'dividend',
      period: 'weekly',
      tiers: DIVIDEND,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const mine = (await call(agentsStaff, 'GET', `/admin/api/contracts?agent=${a.account}`)).json().value;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({
      agentAccount: a.account,
      type: 'dividend',
      status: 'pending',
      period: 'weekly',
    });
    const all = (await call(agentsStaff, 'GET', '/admin/api/contracts?status=pending')).json().value;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await call(agentsStaff, 'GET', '/admin/api/contracts?agent=nobody-here')).json().value.total).toBe(0);
    const settlements = await call(agentsStaff, 'GET', `/admin/api/contracts/settlements?agent=${a.account}`);
    expect(settlements.json().value).toMatchObject({ list: [], total: 0, currency: 'VND', exponent: 0 });
    const bad = await call(agentsStaff, 'GET', '/admin/api/contracts?status=nonsense');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
    expect((await call(contentStaff, 'GET', '/admin/api/contracts')).statusCode).toBe(403);
  });
});

describe('messages to a segment', () => {
  it("sends to an agent's team and to a registration range; only those members see it; audited", async () => {
    const top = await newAgent(t, m, { rebatePoint: '5' });
    const inTeam = await newPlayer(t, m, { upline: top });
    const deeper = await newAgent(t, m, { upline: top, rebatePoint: '4' });
    const deepest = await newPlayer(t, m, { upline: deeper });
    const outside = await newPlayer(t, m);
    const trial = await newPlayer(t, m, { type: 4, upline: top });

    const sent = await call(contentStaff, 'POST', '/admin/api/messages', {
      to: 'segment',
      segment: { agentAccount: top.account.toUpperCase() },
      title: 'Team news',
      content: '<p>Hello team</p>',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({
      account: null,
      segment: { agentAccount: top.account },
      recipients: 3, // inTeam, deeper, deepest (not the agent itself, not the trial account)
    });
    const inbox = async (p: { token: string }) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/member/messages',
          headers: { ...bearer(p.token), merchant: m.code },
        })
      ).json().value;
    for (const p of [inTeam, deepest])
      expect((await inbox(p)).list.map((x: { title: string }) => x.title)).toContain('Team news');
    for (const p of [outside, top])
      expect((await inbox(p)).list.map((x: { title: string }) => x.title)).not.toContain('Team news');
    void trial;
    // One member's message and a broadcast still reach theirs.
    await call(contentStaff, 'POST', '/admin/api/messages', { to: 'all', title: 'For all', content: 'x' });
    expect((await inbox(outside)).list.map((x: { title: string }) => x.title)).toContain('For all');

    // Registered today (the merchant's date): every real member of this merchant so far.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });
    const byDate = await call(contentStaff, 'POST', '/admin/api/messages', {
      to: 'segment',
      segment: { registeredFrom: today, registeredTo: today },
      title: 'New members',
      content: 'Welcome',
    });
    expect(byDate.json().value.recipients).toBeGreaterThanOrEqual(5);
    expect((await inbox(outside)).list.map((x: { title: string }) => x.title)).toContain('New members');

    const list = (await call(contentStaff, 'GET', '/admin/api/messages')).json().value.list;
    expect(list.find((x: { title: string }) => x.title === 'Team news')).toMatchObject({
      segment: { agentAccount: top.account },
      recipients: 3,
    });
    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'message.send')
      .where('admin_id', '=', contentStaff.id)
      .execute();
    expect(audit.map((a) => a.detail)).toContainEqual({
      to: 'segment',
      agentAccount: top.account,
      recipients: 3,
      title: 'Team news',
    });
  });

  it('refuses an empty or reversed segment, an unknown agent, and staff without content.manage', async () => {
    const send = (a: TestAdmin, segment: object) =>
      call(a, 'POST', '/admin/api/messages', { to: 'segment', segment, title: 'x', content: 'y' });
    const empty = await send(contentStaff, {});
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'validation_failed']);
    const reversed = await send(contentStaff, { registeredFrom: '2026-02-01', registeredTo: '2026-01-01' });
    expect([reversed.statusCode, reversed.json().code]).toEqual([400, 'validation_failed']);
    const badDate = await send(contentStaff, { registeredFrom: '2026-13-01' });
    expect(badDate.statusCode).toBe(400);
    const unknown = await send(contentStaff, { agentAccount: 'nobody-here' });
    expect(unknown.json().code).toBe('message_recipient_not_found');
    const refused = await send(agentsStaff, { agentAccount: 'nobody-here' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'admin_forbidden']);
    const before = await t.database.all
      .selectFrom('member_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('title', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(0);
  });
});

describe('API docs', () => {
  it('/docs offers the back-office document as a second entry; the document itself needs a staff session', async () => {
    const pub = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(pub.paths).filter((p) => p.startsWith('/admin/api/'))).toEqual([]);
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"/admin/api/openapi"');
    expect(init.body).toContain('"Back office API (staff)"');
    expect(init.body).toMatch(/sessionStorage\.getItem\(["']adminToken["']\)/);
    expect(init.body).not.toContain('__name('); // the interceptors run in the browser: nothing of the bundler's
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/api/openapi', headers: { merchant: m.code } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('/admin/api/agents/tree');
    const staff = await call(contentStaff, 'GET', '/admin/api/openapi');
    expect(staff.statusCode).toBe(200);
    expect(Object.keys(staff.json().value.paths)).toEqual(
      expect.arrayContaining(['/admin/api/agents/tree', '/admin/api/contracts', '/admin/api/messages']),
    );
  });
});
