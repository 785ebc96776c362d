import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { bearer, newAgent, newPlayer, type Player } from './helpers/players.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { generateTree } from './helpers/agent-tree.ts';

let t: TestApp;
let demo: Merchant;
let admin: { token: string };
let vendor: ReturnType<typeof vendorClient>;
let liveGame: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  admin = await createTestAdmin(t);
  // The demo vendor's launch URL carries the session token (as in seamless.test.ts), so the test can bet as it.
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  liveGame = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' })).json().value
    .content[0].nodeId;
  vendor = vendorClient(t, demo, 'DEMO');
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const call = (p: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(p.token), ...(payload && { payload }) });
const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload && { payload }) });

/** An agent (type 1) with a session, created through the members face with its rebate point. */
const agent = (opts: { upline?: { id: bigint }; rebatePoint?: string; merchant?: Merchant } = {}) =>
  newAgent(t, opts.merchant ?? demo, opts);

async function downline(parent: { token: string }, kind: 'member' | 'agent', rebatePoint = '0') {
  const account = `dl${randomUUID().slice(0, 8)}`;
  const res = await call(parent, 'POST', '/wps/agent/downline', {
    account,
    password: 'downline pw 1',
    kind,
    rebatePoint,
  });
  return res;
}

describe('operator agent management', () => {
  it('creates agents within the system maximum, promotes a member, and audits both', async () => {
    const account = `top${randomUUID().slice(0, 6)}`;
    const over = await adminCall('POST', '/admin/api/agents', {
      account,
      password: 'agent pw 123',
      rebatePoint: '13.5',
    });
    expect(over.json().code).toBe('rebate_point_invalid');
    const ok = await adminCall('POST', '/admin/api/agents', { account, password: 'agent pw 123', rebatePoint: '12.5' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ account, type: 1, rebatePoint: '12.5', teamSize: 1, uplineAccount: null });
    expect(ok.json().value.affiliateCode).toMatch(/^[0-9A-F]{10}$/);

    // Under an agent: never above the upline's point.
    const sub = { account: `sub${randomUUID().slice(0, 6)}`, password: 'agent pw 123', uplineAccount: account };
    expect((await adminCall('POST', '/admin/api/agents', { ...sub, rebatePoint: '12.6' })).json().code).toBe(
      'rebate_point_invalid',
    );
    const subOk = await adminCall('POST', '/admin/api/agents', { ...sub, rebatePoint: '12.5' });
    expect(subOk.json().value).toMatchObject({ uplineAccount: account, rebatePoint: '12.5' });
    // The system maximum is a setting (audited too).
    const settings = await adminCall('PUT', '/admin/api/agents/settings', { maxRebatePoint: '14' });
    expect(settings.json().value).toEqual({
      maxRebatePoint: '14.0',
      activeMinBet: '0',
      currency: demo.currency,
      exponent: demo.currencyExponent,
    });
    // Read back (the back office's agent settings form), with the currency its amount is in.
    expect((await adminCall('GET', '/admin/api/agents/settings')).json().value).toMatchObject({
      maxRebatePoint: '14.0',
      currency: demo.currency,
    });
    const bad = await adminCall('PUT', '/admin/api/agents/settings', { maxRebatePoint: 'many' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'maxRebatePoint' }] } });
    await adminCall('PUT', '/admin/api/agents/settings', { maxRebatePoint: '13' });

    const member = await newPlayer(t, demo);
    const promoted = await adminCall('POST', '/admin/api/agents/promote', {
      account: member.account,
      rebatePoint: '5',
    });
    expect(promoted.json().value).toMatchObject({ account: member.account, type: 1, rebatePoint: '5.0' });
    expect((await adminCall('POST', '/admin/api/agents/promote', { account: member.account })).json().code).toBe(
      'conflict',
    );
    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'agent.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'agent.create',
      'agent.create',
      'agent.promote',
      'agent.settings',
      'agent.settings',
    ]);
    expect(audit).toContainEqual({ action: 'agent.promote', target_id: member.account });
    const list = await adminCall('GET', `/admin/api/agents?search=${account}`);
    expect(list.json().value.rows.find((r: { account: string }) => r.account === account).teamSize).toBe(2);
  });
});

describe('downline registration and management', () => {
  it('registers downlines with rebate points never above the registering agent', async () => {
    const a = await agent({ rebatePoint: '10' });
    expect((await downline(a, 'agent', '10.5')).json().code).toBe('rebate_point_invalid');
    const subRes = await downline(a, 'agent', '9.5');
    expect(subRes.statusCode, subRes.body).toBe(200);
    const sub = subRes.json().value;
    expect(sub).toMatchObject({ isAgent: true, depth: 1, rebatePoint: '9.5', uplineAccount: a.account, teamSize: 1 });
    const subSession = await t.app.modules.auth.startSession(
      demo,
      (await t.app.modules.members.findById(demo.id, BigInt(sub.id)))!,
      'agent',
      'password',
      { ip: '203.0.113.9', userAgent: 'vitest' },
    );
    const s = { token: subSession.token };
    expect((await downline(s, 'member', '9.6')).json().code).toBe('rebate_point_invalid');
    const leaf = (await downline(s, 'member', '9.0')).json().value;
    expect(leaf).toMatchObject({ isAgent: false, rebatePoint: '9.0' });

    const direct = (await call(a, 'GET', '/wps/agent/downline')).json().value;
    expect(direct.rows.map((r: { account: string }) => r.account)).toEqual([sub.account]);
    expect(direct.rows[0].teamSize).toBe(2);
    const team = (await call(a, 'GET', '/wps/agent/downline?scope=team')).json().value;
    expect(team.total).toBe(2);
    expect(team.rows.map((r: { account: string; depth: number }) => [r.account, r.depth])).toEqual([
      [sub.account, 1],
      [leaf.account, 2],
    ]);
    expect((await call(a, 'GET', `/wps/agent/downline?scope=team&search=${leaf.account}`)).json().value.total).toBe(1);

    // Rebate edits: between the downline's own downlines' highest (9.0) and the editor's point (10.0).
    const edit = (p: { token: string }, id: string, rebatePoint: string) =>
      call(p, 'PUT', `/wps/agent/downline/${id}/rebate`, { rebatePoint });
    expect((await edit(a, sub.id, '8.9')).json()).toMatchObject({
      code: 'rebate_point_invalid',
      value: { min: '9.0' },
    });
    expect((await edit(a, sub.id, '10.1')).json()).toMatchObject({
      code: 'rebate_point_invalid',
      value: { max: '10.0' },
    });
    expect((await edit(a, sub.id, '9.2')).json().value).toEqual({ id: sub.id, rebatePoint: '9.2' });
    // Only the direct upline grants a rebate point.
    expect((await edit(a, leaf.id, '1')).json()).toMatchObject({
      code: 'forbidden',
      value: { reason: 'not_direct_downline' },
    });
    expect((await edit(s, leaf.id, '9.2')).json().value.rebatePoint).toBe('9.2');

    // Lock and unlock anyone of the team: a locked member cannot use its session.
    const leafRow = (await t.app.modules.members.findById(demo.id, BigInt(leaf.id)))!;
    const leafSession = await t.app.modules.auth.startSession(demo, leafRow, 'member', 'password', {
      ip: '203.0.113.9',
      userAgent: 'vitest',
    });
    expect((await call(a, 'POST', `/wps/agent/downline/${leaf.id}/lock`)).json().value.status).toBe('disabled');
    expect((await call(leafSession, 'GET', '/wps/member/info')).statusCode).toBe(401);
    expect((await call(a, 'POST', `/wps/agent/downline/${leaf.id}/unlock`)).json().value.status).toBe('active');

    // Members are not agents: the whole centre refuses them.
    const m = await newPlayer(t, demo);
    for (const url of ['/wps/agent/team/overview', '/wps/agent/downline', '/wps/agent/report/pnl'])
      expect((await call(m, 'GET', url)).json().code).toBe('agent_required');
    expect((await call(m, 'POST', '/wps/agent/downline', { account: 'zz1234', password: 'pw123456' })).statusCode).toBe(
      403,
    );
  });

  it('keeps an upline at or above its downlines when both change at once', async () => {
    const a = await agent({ rebatePoint: '10' });
    const sub = (await downline(a, 'agent', '5')).json().value;
    // The upline lowers the sub-agent's ceiling while the sub-agent's point goes up: one of them must lose.
    const subRow = (await t.app.modules.members.findById(demo.id, BigInt(sub.id)))!;
    const results = await Promise.allSettled([
      t.app.modules.members.setRebatePoint(demo.id, a.id, '6', {}),
      t.app.modules.members.setRebatePoint(demo.id, subRow.id, '8'),
    ]);
    const [aRow, sRow] = await Promise.all([
      t.app.modules.members.findById(demo.id, a.id),
      t.app.modules.members.findById(demo.id, subRow.id),
    ]);
    expect(Number(sRow!.rebate_point)).toBeLessThanOrEqual(Number(aRow!.rebate_point));
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  });
});

describe('affiliate links', () => {
  let ip = 0;
  const register = (affiliateCode: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'x-forwarded-for': `10.30.0.${++ip}` },
      payload: {
        username: `viaLink${ip}${randomUUID().slice(0, 4)}`.toLowerCase(),
        password: 'long enough pw',
        confirmPassword: 'long enough pw',
        agreeTerms: true,
        affiliateCode,
      },
    });

  it('creates, lists and deletes links whose codes register under the agent with the link’s terms', async () => {
    const a = await agent({ rebatePoint: '8' });
    expect(
      (await call(a, 'POST', '/wps/agent/affiliate/links', { kind: 'agent', rebatePoint: '8.1' })).json().code,
    ).toBe('rebate_point_invalid');
    const link = (
      await call(a, 'POST', '/wps/agent/affiliate/links', { kind: 'agent', rebatePoint: '3', note: 'fb' })
    ).json().value;
    expect(link).toMatchObject({ kind: 'agent', rebatePoint: '3.0', note: 'fb', registrations: 0 });
    expect(link.code).toMatch(/^L[0-9A-Z]{9}$/);
    const memberLink = (await call(a, 'POST', '/wps/agent/affiliate/links', {})).json().value;
    const listed = (await call(a, 'GET', '/wps/agent/affiliate/links')).json().value;
    expect(listed.ownCode).toBe(a.affiliateCode);
    expect(listed.links.map((l: { code: string }) => l.code)).toEqual([memberLink.code, link.code]);

    const check = await t.app.inject({ method: 'GET', url: `/wps/agent/affiliate?affiliateCode=${link.code}` });
    expect(check.json().value).toEqual({ valid: true, agentName: a.account });
    const reg = await register(link.code.toLowerCase());
    expect(reg.statusCode, reg.body).toBe(200);
    const team = (await call(a, 'GET', '/wps/agent/downline')).json().value.rows;
    expect(team).toHaveLength(1);
    expect(team[0]).toMatchObject({ isAgent: true, type: 1, rebatePoint: '3.0', uplineAccount: a.account });
    expect((await register(memberLink.code)).statusCode).toBe(200);
    expect((await register(a.affiliateCode!)).statusCode).toBe(200);
    const all = (await call(a, 'GET', '/wps/agent/downline')).json().value.rows;
    expect(all.map((r: { isAgent: boolean; rebatePoint: string }) => [r.isAgent, r.rebatePoint])).toEqual([
      [true, '3.0'],
      [false, '0.0'],
      [false, '0.0'],
    ]);
    expect(
      (await call(a, 'GET', '/wps/agent/affiliate/links'))
        .json()
        .value.links.map((l: { registrations: number }) => l.registrations),
    ).toEqual([1, 1]);

    // Another agent cannot delete it; the owner can, and the code stops working at once.
    const b = await agent();
    expect((await call(b, 'DELETE', `/wps/agent/affiliate/links/${link.id}`)).json().code).toBe('not_found');
    expect((await call(a, 'DELETE', `/wps/agent/affiliate/links/${link.id}`)).statusCode).toBe(200);
    expect((await call(a, 'DELETE', `/wps/agent/affiliate/links/${link.id}`)).json().code).toBe('not_found');
    expect((await register(link.code)).json().code).toBe('invitation_code_error');
    expect(
      (await t.app.inject({ method: 'GET', url: `/wps/agent/affiliate?affiliateCode=${link.code}` })).json().code,
    ).toBe('invitation_code_error');
  });
});

describe('access: an agent reaches its own team only', () => {
  it('refuses other teams, uplines, itself and other merchants by id or account with not_in_team', async () => {
    const upline = await agent({ rebatePoint: '12' });
    const a = await agent({ upline, rebatePoint: '10' });
    const sibling = await agent({ upline, rebatePoint: '10' });
    const b = await agent({ rebatePoint: '10' });
    const mine = (await downline(a, 'member')).json().value;
    const theirs = (await downline(b, 'member')).json().value;
    const cousin = (await downline(sibling, 'member')).json().value;
    const other = await createMerchant(t.database.all);
    const otherMerchant = (await t.app.modules.merchants.findById(other.id))!;
    const foreign = await agent({ merchant: otherMerchant });

    const targets = [
      ['another agent’s downline', theirs.id, theirs.account],
      ['a cousin', cousin.id, cousin.account],
      ['its upline', String(upline.id), upline.account],
      ['a sibling agent', String(sibling.id), sibling.account],
      ['another merchant’s agent', String(foreign.id), foreign.account],
      ['itself (as a downline)', String(a.id), null],
      ['an id that does not exist', '999999999', 'nobody-here'],
    ] as const;
    for (const [what, id, account] of targets) {
      for (const [method, url, payload] of [
        ['PUT', `/wps/agent/downline/${id}/rebate`, { rebatePoint: '1' }],
        ['POST', `/wps/agent/downline/${id}/lock`, undefined],
        ['POST', `/wps/agent/downline/${id}/unlock`, undefined],
      ] as const) {
        const res = await call(a, method, url, payload);
        expect([what, url, res.statusCode, res.json().code]).toEqual([what, url, 404, 'not_in_team']);
      }
      if (account) {
        for (const url of ['/wps/agent/team/bets', '/wps/agent/team/transactions', '/wps/agent/report/pnl']) {
          const res = await call(a, 'GET', `${url}?account=${account}`);
          expect([what, url, res.statusCode, res.json().code]).toEqual([what, url, 404, 'not_in_team']);
        }
      }
    }
    // Nothing above was changed.
    for (const id of [theirs.id, cousin.id, String(upline.id)]) {
      const row = await t.app.modules.members.findById(demo.id, BigInt(id));
      expect(row?.status).toBe('active');
    }
    // Its own downline works, and lists never show other branches.
    expect((await call(a, 'POST', `/wps/agent/downline/${mine.id}/lock`)).json().value.status).toBe('disabled');
    const team = (await call(a, 'GET', '/wps/agent/downline?scope=team')).json().value;
    expect(team.rows.map((r: { account: string }) => r.account)).toEqual([mine.account]);
    expect((await call(a, 'GET', '/wps/agent/team/overview')).json().value).toMatchObject({ members: 2 });
    // A hostile id never reaches the database as anything but "not in your team".
    expect((await call(a, 'POST', `/wps/agent/downline/1e3/lock`)).statusCode).toBe(400);
  });
});

describe('closure table', () => {
  it('equals the upline walk for random trees (property)', async () => {
    const m = await createMerchant(t.database.all);
    const merchant = (await t.app.modules.merchants.findById(m.id))!;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 25 }), async (picks) => {
        // Each new member hangs under a random earlier one of this tree (or none: a new root).
        const ids: bigint[] = [];
        for (const p of picks) {
          const upline = p % 4 === 0 || ids.length === 0 ? null : ids[p % ids.length]!;
          const row = await t.app.modules.members.create({
            merchant,
            account: `c${randomUUID().replaceAll('-', '').slice(0, 12)}`,
            password: 'closure pw 1',
            type: 1,
            uplineId: upline,
          });
          ids.push(row.id);
        }
        const members = await t.database.all
          .selectFrom('members')
          .select(['id', 'upline_id'])
          .where('merchant_id', '=', m.id)
          .execute();
        const uplineOf = new Map(members.map((r) => [r.id, r.upline_id]));
        const expected: string[] = [];
        for (const r of members) {
          let cur: bigint | null = r.id;
          for (let depth = 0; cur !== null; depth++) {
            expected.push(`${cur}>${r.id}@${depth}`);
            cur = uplineOf.get(cur) ?? null;
          }
        }
        const actual = (await t.app.modules.members.treeRows(m.id)).map(
          (r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`,
        );
        expect(actual.sort()).toEqual(expected.sort());
      }),
      { numRuns: 8 },
    );
  });

  it('was backfilled by the migration for members that existed before it', async () => {
    // The template database was migrated with the demo seed only; every member made since has its rows, and the
    // backfill query (same shape as migration 0022) finds nothing missing.
    const { rows } = await (
      await import('kysely')
    ).sql<{ n: string }>`
      with recursive up (descendant_id, ancestor_id, depth) as (
        select id, id, 0 from members
        union all
        select u.descendant_id, m.upline_id, u.depth + 1 from up u join members m on m.id = u.ancestor_id
         where m.upline_id is not null
      )
      select count(*) as n from up
       where not exists (select 1 from member_tree t where t.ancestor_id = up.ancestor_id
                           and t.descendant_id = up.descendant_id and t.depth = up.depth)`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('reports', () => {
  /** A member of the agent's tree with a live vendor session. */
  async function gambler(
    upline: { id: bigint },
    fund = 1_000_000n,
  ): Promise<Player & { session: string; pid: string }> {
    const p = await newPlayer(t, demo, { upline, fund });
    return { ...p, session: await launchToken(t, p, liveGame), pid: String(p.id) };
  }
  async function round(p: { pid: string; session: string }, stake: bigint, win: bigint | null | 'rollback') {
    const roundId = `r-${randomUUID()}`;
    const betTx = `b-${randomUUID()}`;
    const bet = await vendor.call('bet', {
      player_id: p.pid,
      session_token: p.session,
      round_id: roundId,
      tx_id: betTx,
      amount: String(stake),
      game_code: 'demo-baccarat',
    });
    expect(bet.json.status).toBe('OK');
    if (win === 'rollback') {
      const rb = await vendor.call('rollback', {
        player_id: p.pid,
        round_id: roundId,
        tx_id: `x-${randomUUID()}`,
        original_tx_id: betTx,
      });
      expect(rb.json.status, rb.text).toBe('OK');
    } else if (win !== null) {
      const w = await vendor.call('win', {
        player_id: p.pid,
        round_id: roundId,
        tx_id: `w-${randomUUID()}`,
        bet_tx_id: betTx,
        amount: String(win),
      });
      expect(w.json.status).toBe('OK');
    }
  }
  async function deposit(memberId: bigint, amount: string) {
    const d = t.app.modules.deposits;
    const order = await d.createOrder(demo, memberId, { methodCode: 'SANDBOX', amount, requestId: randomUUID() });
    const orderId = decodeURIComponent(order.payUrl.split('/').pop()!);
    const row = (await d.findOrder(orderId))!;
    const cb = await d.sandbox.buildCallback({ orderId, amount: row.amount, currency: row.currency }, 'paid');
    await d.handleCallback('sandbox', cb.headers, Buffer.from(cb.body));
  }

  it('match hand-computed figures, per member, per level, per day, and for the contracts face', async () => {
    //   A ── m1 (member)
    //     └─ s1 (agent) ── m2 (member)
    const a = await agent({ rebatePoint: '10' });
    const m1 = await gambler(a);
    const s1Res = (await downline(a, 'agent', '9')).json().value;
    const s1 = { id: BigInt(s1Res.id) };
    const m2 = await gambler(s1);
    const stranger = await gambler(await agent());

    await round(m1, 100_00n, 250_00n); // settled: bet 100, paid 250
    await round(m2, 300_00n, 0n); // settled: lost 300
    await round(m2, 50_00n, 'rollback'); // rolled back: counts for nothing
    await round(m1, 20_00n, null); // open: not settled yet, not counted
    await round(stranger, 999_00n, 0n); // another team
    await deposit(m1.id, '500');
    await t.app.modules.agents.runRollup();

    const overview = (await call(a, 'GET', '/wps/agent/team/overview')).json().value;
    expect(overview).toMatchObject({
      validBet: '40000',
      payout: '25000',
      profit: '-15000',
      betCount: 2,
      deposits: '50000',
      withdrawals: '0',
      activeMembers: 2,
      members: 4,
      directMembers: 2,
      newMembers: 3,
      currency: 'PHP',
      exponent: 2,
    });
    expect(overview.freshAsOf).not.toBeNull();

    const byMember = (await call(a, 'GET', '/wps/agent/report/pnl')).json().value;
    expect(
      byMember.rows.map((r: { account: string; validBet: string; profit: string; depth: number }) => [
        r.account,
        r.validBet,
        r.profit,
        r.depth,
      ]),
    ).toEqual([
      [m2.account, '30000', '-30000', 2],
      [m1.account, '10000', '15000', 1],
    ]);
    expect(byMember.totals.validBet).toBe('40000');
    const one = (await call(a, 'GET', `/wps/agent/report/pnl?account=${m1.account}`)).json().value;
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0]).toMatchObject({ deposits: '50000', payout: '25000' });
    const byLevel = (await call(a, 'GET', '/wps/agent/report/pnl?by=level')).json().value;
    expect(
      byLevel.rows.map((r: { depth: number; validBet: string; members: number }) => [r.depth, r.validBet, r.members]),
    ).toEqual([
      [1, '10000', 1],
      [2, '30000', 1],
    ]);
    // With an account: that member's levels within the team, numbered from the caller; outside the team → 404.
    const levelsOf = async (account: string) =>
      (await call(a, 'GET', `/wps/agent/report/pnl?by=level&account=${account}`))
        .json()
        .value.rows.map((r: { depth: number; validBet: string; members: number }) => [r.depth, r.validBet, r.members]);
    expect(await levelsOf(s1Res.account)).toEqual([[2, '30000', 1]]);
    expect(await levelsOf(m1.account)).toEqual([[1, '10000', 1]]);
    expect(await levelsOf(m2.account)).toEqual([[2, '30000', 1]]);
    const outside = await call(a, 'GET', `/wps/agent/report/pnl?by=level&account=${stranger.account}`);
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'not_in_team']);
    // The same with a minimum bet for "active" (the per-member pass instead of the team roll-up).
    expect((await adminCall('PUT', '/admin/api/agents/settings', { activeMinBet: '1' })).statusCode).toBe(200);
    try {
      expect(await levelsOf(s1Res.account)).toEqual([[2, '30000', 1]]);
      expect(await levelsOf(m1.account)).toEqual([[1, '10000', 1]]);
    } finally {
      await adminCall('PUT', '/admin/api/agents/settings', { activeMinBet: '0' });
    }
    const revenue = (await call(a, 'GET', '/wps/agent/report/revenue')).json().value;
    expect(revenue.days).toHaveLength(1);
    expect(revenue.days[0]).toMatchObject({ validBet: '40000', payout: '25000', deposits: '50000', activeMembers: 2 });
    // The sub-agent sees its own team only.
    const s1Session = await t.app.modules.auth.startSession(
      demo,
      (await t.app.modules.members.findById(demo.id, s1.id))!,
      'agent',
      'password',
      { ip: '203.0.113.9', userAgent: 'vitest' },
    );
    expect((await call(s1Session, 'GET', '/wps/agent/team/overview')).json().value).toMatchObject({
      validBet: '30000',
      members: 2,
    });

    const today = overview.from as string;
    const stats = await t.app.modules.agents.teamPeriodStats(demo.id, a.id, today, today);
    expect(stats.team).toEqual({ validBet: 40000n, payout: 25000n, profit: -15000n, activeMembers: 2, members: 4 });
    expect(stats.directs.map((d) => [d.memberId, d.validBet, d.members, d.activeMembers])).toEqual([
      [m1.id, 10000n, 1, 1],
      [s1.id, 30000n, 2, 1],
    ]);

    // Team records: every round of the team (open and rolled back included), filterable by member.
    const bets = (await call(a, 'GET', '/wps/agent/team/bets')).json().value;
    expect(bets.total).toBe(4);
    expect(bets.rows.map((r: { account: string }) => r.account)).not.toContain(stranger.account);
    const m2Bets = (await call(a, 'GET', `/wps/agent/team/bets?account=${m2.account}`)).json().value;
    expect(m2Bets.rows.map((r: { status: string }) => r.status).sort()).toEqual(['rolled_back', 'settled']);
    const tx = (await call(a, 'GET', `/wps/agent/team/transactions?account=${m1.account}&code=deposit`)).json().value;
    expect(tx.rows.map((r: { amount: string }) => r.amount)).toEqual(['50000']);
    const income = (await call(a, 'GET', '/wps/agent/income')).json().value;
    expect(income).toMatchObject({ rows: [], total: 0, sum: '0' });

    // Incremental: a new settled round shows after the next pass; a pass with no change changes nothing.
    await round(m1, 10_00n, 0n);
    await t.app.modules.agents.runRollup();
    const after = (await call(a, 'GET', '/wps/agent/team/overview')).json().value;
    expect(after).toMatchObject({ validBet: '41000', betCount: 3 });
    await t.app.modules.agents.runRollup();
    expect((await call(a, 'GET', '/wps/agent/team/overview')).json().value).toEqual(after);

    // Periods are checked.
    expect((await call(a, 'GET', '/wps/agent/team/overview?from=2026-01-10&to=2026-01-01')).json().code).toBe(
      'period_invalid',
    );
    expect((await call(a, 'GET', '/wps/agent/team/overview?from=2025-01-01&to=2026-01-01')).json().code).toBe(
      'period_invalid',
    );
  });
});

describe('reports over a generated tree of 10,000 members', () => {
  it('equal the figures computed from the generated rounds, for the root and a mid-level agent', async () => {
    const m = await createMerchant(t.database.all); // Asia/Ho_Chi_Minh: UTC+7, no daylight saving
    const merchant = (await t.app.modules.merchants.findById(m.id))!;
    const tree = await generateTree(t.database.db, {
      merchantId: m.id,
      members: 10_000,
      rounds: 20_000,
      from: new Date('2026-02-28T17:00:00Z'), // 2026-03-01 00:00 local
      days: 3,
      seed: 42,
    });
    await t.app.modules.agents.runRollup();

    const children = new Map<bigint, bigint[]>();
    for (const [id, up] of tree.uplineOf) if (up !== null) children.set(up, [...(children.get(up) ?? []), id]);
    const teamOf = (root: bigint) => {
      const depth = new Map<bigint, number>([[root, 0]]);
      const queue = [root];
      while (queue.length) {
        const cur = queue.shift()!;
        for (const c of children.get(cur) ?? []) {
          depth.set(c, depth.get(cur)! + 1);
          queue.push(c);
        }
      }
      return depth;
    };
    const localDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const expected = (team: Map<bigint, number>, from: string, to: string) => {
      const sum = { validBet: 0n, payout: 0n, betCount: 0, active: new Set<bigint>() };
      const levels = new Map<number, bigint>();
      const days = new Map<string, bigint>();
      for (const r of tree.rounds) {
        const day = localDay(r.at);
        if (r.status !== 'settled' || !team.has(r.memberId) || day < from || day > to) continue;
        sum.validBet += r.stake;
        sum.payout += r.payout;
        sum.betCount += 1;
        sum.active.add(r.memberId);
        const d = team.get(r.memberId)!;
        levels.set(d, (levels.get(d) ?? 0n) + r.stake);
        days.set(day, (days.get(day) ?? 0n) + r.stake);
      }
      return { ...sum, active: sum.active.size, levels, days };
    };

    const sizes = [...tree.ids.slice(1, 1000)].map((id) => [id, teamOf(id).size] as const);
    const mid = sizes.filter(([, n]) => n >= 20 && n <= 2000).sort((a, b) => b[1] - a[1])[0]![0];
    for (const agentId of [tree.ids[0]!, mid]) {
      const team = teamOf(agentId);
      const session = await t.app.modules.auth.startSession(
        merchant,
        (await t.app.modules.members.findById(m.id, agentId))!,
        'agent',
        'password',
        { ip: '203.0.113.9', userAgent: 'vitest' },
      );
      const get = (url: string) =>
        t.app.inject({ method: 'GET', url, headers: { ...bearer(session.token), merchant: merchant.code } });
      for (const [from, to] of [
        ['2026-03-01', '2026-03-03'],
        ['2026-03-02', '2026-03-02'],
      ] as const) {
        const want = expected(team, from, to);
        const overview = (await get(`/wps/agent/team/overview?from=${from}&to=${to}`)).json().value;
        expect(overview).toMatchObject({
          validBet: String(want.validBet),
          payout: String(want.payout),
          profit: String(want.payout - want.validBet),
          betCount: want.betCount,
          activeMembers: want.active,
          members: team.size,
        });
        const levels = (await get(`/wps/agent/report/pnl?by=level&from=${from}&to=${to}`)).json().value.rows;
        expect(levels.map((l: { depth: number; validBet: string }) => [l.depth, l.validBet])).toEqual(
          [...want.levels.entries()].sort((a, b) => a[0] - b[0]).map(([d, v]) => [d, String(v)]),
        );
        if (agentId === tree.ids[0]) {
          // The mid-level agent's levels within the root's team: its own team's, numbered from the root.
          const midAccount = (await t.app.modules.members.findById(m.id, mid))!.account;
          const sub = expected(teamOf(mid), from, to);
          const rows = (await get(`/wps/agent/report/pnl?by=level&account=${midAccount}&from=${from}&to=${to}`)).json()
            .value.rows;
          expect(rows.map((l: { depth: number; validBet: string }) => [l.depth, l.validBet])).toEqual(
            [...sub.levels.entries()].sort((a, b) => a[0] - b[0]).map(([d, v]) => [d + team.get(mid)!, String(v)]),
          );
        }
        const revenue = (await get(`/wps/agent/report/revenue?from=${from}&to=${to}`)).json().value;
        expect(revenue.days.map((d: { day: string; validBet: string }) => [d.day, d.validBet])).toEqual(
          [...want.days.entries()].sort().map(([d, v]) => [d, String(v)]),
        );
      }
      const stats = await t.app.modules.agents.teamPeriodStats(m.id, agentId, '2026-03-01', '2026-03-03');
      const all = expected(team, '2026-03-01', '2026-03-03');
      expect(stats.team).toMatchObject({ validBet: all.validBet, activeMembers: all.active, members: team.size });
      for (const d of stats.directs.slice(0, 5)) {
        const sub = expected(teamOf(d.memberId), '2026-03-01', '2026-03-03');
        expect([d.memberId, d.validBet, d.members]).toEqual([d.memberId, sub.validBet, teamOf(d.memberId).size]);
      }
      expect(stats.directs.reduce((s, d) => s + d.validBet, 0n)).toBe(
        all.validBet -
          [...tree.rounds]
            .filter(
              (r) =>
                r.memberId === agentId &&
                r.status === 'settled' &&
                localDay(r.at) >= '2026-03-01' &&
                localDay(r.at) <= '2026-03-03',
            )
            .reduce((s, r) => s + r.stake, 0n),
      );
      // The P&L per member pages through exactly the members with settled bets.
      const page = (await get('/wps/agent/report/pnl?from=2026-03-01&to=2026-03-03&pageSize=100')).json().value;
      expect(page.total).toBe(all.active);
    }
  }, 240_000);
});

describe('demo team', () => {
  it('seeds demoagent with a three-level team that has deposits and bets, once', async () => {
    const { seedDemoTeam, DEMO_AGENT } = await import('../src/seed-demo-team.ts');
    await seedDemoTeam(t.app.modules, 'demo');
    await seedDemoTeam(t.app.modules, 'demo'); // idempotent
    const row = (await t.app.modules.members.findByAccount(demo.id, DEMO_AGENT.account))!;
    expect(row.type).toBe(1);
    // The README's login: the agent page's username login.
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': '10.40.0.1' },
      payload: { type: 'username', area: 'agent', username: DEMO_AGENT.account, password: DEMO_AGENT.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().value.token as string;
    const overview = (await call({ token }, 'GET', '/wps/agent/team/overview')).json().value;
    expect(overview).toMatchObject({ members: 8, directMembers: 3, activeMembers: 5, betCount: 25 });
    expect(BigInt(overview.deposits)).toBe((500n + 750n + 1000n + 1250n + 1500n) * 100n);
    expect(BigInt(overview.validBet)).toBeGreaterThan(0n);
    const levels = (await call({ token }, 'GET', '/wps/agent/report/pnl?by=level')).json().value.rows;
    expect(levels.map((l: { depth: number }) => l.depth)).toEqual([1, 2, 3]);
  }, 120_000);
});
