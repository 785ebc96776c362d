import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/modules/agents/period.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMerchant } from './helpers/factories.ts';
import { bearer, newAgent, newPlayer } from './helpers/players.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { type GeneratedTree, generateTree, prng } from './helpers/agent-tree.ts';

// The per-ancestor team roll-up (migration 0030): after random bets, settlements and rollbacks, and after a
// re-run of the job (also from scratch, as after a crash before the marks moved), it equals the recount from the
// member-day cells along the closure table (the audit), and the reports read from it equal the figures computed
// here from the rounds themselves.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  if (t) await t.close();
});

type Round = GeneratedTree['rounds'][number] & { id: bigint };

describe('team roll-up', () => {
  it('equals the per-member aggregation after random bets, settlements, rollbacks and re-runs', async () => {
    const m = await createMerchant(t.database.all);
    const merchant = (await t.app.modules.merchants.findById(m.id))! as Merchant;
    const tz = merchant.timezone;
    const now = Date.now();
    const from = new Date(now - 12 * 86_400_000);
    const tree = await generateTree(t.database.db, {
      merchantId: m.id,
      members: 300,
      rounds: 2_500,
      from,
      days: 10,
      seed: 1313,
      agentShare: 0.15,
      prefix: 'tr',
    });
    const { rows: ids } = await sql<{ id: string; round_ref: string }>`
      select id::text, round_ref from game_rounds where merchant_id = ${m.id} order by id`.execute(t.database.db);
    const rounds: Round[] = tree.rounds.map((r, i) => ({ ...r, id: BigInt(ids[i]!.id) }));
    const rand = prng(99);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;

    const audit = async () => {
      const a = await t.app.modules.agents.auditTeamRollup(m.id);
      expect(a.problems).toEqual([]);
    };
    const tx = (r: Round, kind: 'bet' | 'win' | 'rollback', amount: bigint) => sql`
      insert into game_transactions (merchant_id, vendor_code, member_id, tx_ref, kind, round_id, amount, status, request_hash)
      values (${m.id}, 'GEN', ${r.memberId}, ${`x${randomUUID()}`}, ${kind}, ${r.id}, ${amount}, 'applied', 'test')`;

    /** Random changes as the wallet would make them: new bets (some settled), settlements of open rounds, rollbacks. */
    async function mutate(n: number) {
      for (let i = 0; i < n; i++) {
        const x = rand();
        if (x < 0.4) {
          const r: Round = {
            id: 0n,
            memberId: pick(tree.ids),
            stake: BigInt(1 + Math.floor(rand() * 500)) * 100n,
            payout: 0n,
            status: rand() < 0.7 ? 'settled' : 'open',
            at: new Date(from.getTime() + Math.floor(rand() * 11 * 86_400_000)),
          };
          if (r.status === 'settled' && rand() < 0.5) r.payout = r.stake * 2n;
          const { rows } = await sql<{ id: string }>`
            insert into game_rounds (merchant_id, vendor_code, member_id, round_ref, status, stake, payout, started_at, settled_at)
            values (${m.id}, 'GEN', ${r.memberId}, ${`n${randomUUID()}`}, ${r.status}, ${r.stake}, ${r.payout}, ${r.at},
                    ${r.status === 'settled' ? new Date() : null})
            returning id::text`.execute(t.database.db);
          r.id = BigInt(rows[0]!.id);
          rounds.push(r);
          await tx(r, 'bet', r.stake).execute(t.database.db);
        } else if (x < 0.7) {
          const open = rounds.filter((r) => r.status === 'open');
          if (!open.length) continue;
          const r = pick(open);
          r.status = 'settled';
          r.payout = rand() < 0.5 ? r.stake * 3n : 0n;
          await sql`update game_rounds set status = 'settled', payout = ${r.payout}, settled_at = now()
                     where id = ${r.id}`.execute(t.database.db);
          await tx(r, 'win', r.payout).execute(t.database.db);
        } else {
          const live = rounds.filter((r) => r.status !== 'rolled_back');
          const r = pick(live);
          r.status = 'rolled_back';
          r.payout = 0n;
          await sql`update game_rounds set status = 'rolled_back', payout = 0, settled_at = null
                     where id = ${r.id}`.execute(t.database.db);
          await tx(r, 'rollback', r.stake).execute(t.database.db);
        }
      }
    }

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
    const expected = (team: Map<bigint, number>, f: string, to: string) => {
      const sum = { validBet: 0n, payout: 0n, betCount: 0, active: new Set<bigint>() };
      const levels = new Map<number, { validBet: bigint; members: Set<bigint> }>();
      const days = new Map<string, { validBet: bigint; members: Set<bigint> }>();
      for (const r of rounds) {
        const day = localDay(r.at, tz);
        if (r.status !== 'settled' || !team.has(r.memberId) || day < f || day > to) continue;
        sum.validBet += r.stake;
        sum.payout += r.payout;
        sum.betCount += 1;
        sum.active.add(r.memberId);
        const d = team.get(r.memberId)!;
        const l = levels.get(d) ?? { validBet: 0n, members: new Set() };
        l.validBet += r.stake;
        l.members.add(r.memberId);
        levels.set(d, l);
        const e = days.get(day) ?? { validBet: 0n, members: new Set() };
        e.validBet += r.stake;
        e.members.add(r.memberId);
        days.set(day, e);
      }
      return { ...sum, active: sum.active.size, levels, days };
    };
    const sessions = new Map<bigint, string>();
    const get = async (agentId: bigint, url: string) => {
      let token = sessions.get(agentId);
      if (!token) {
        const row = (await t.app.modules.members.findById(m.id, agentId))!;
        token = (
          await t.app.modules.auth.startSession(merchant, row, 'agent', 'password', {
            ip: '203.0.113.9',
            userAgent: 'vitest',
          })
        ).token;
        sessions.set(agentId, token);
      }
      const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), merchant: merchant.code } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    const agents = [tree.ids[0]!, ...tree.ids.slice(1, 45).filter((id) => (children.get(id)?.length ?? 0) > 0)];
    const days = Array.from({ length: 12 }, (_, i) => localDay(new Date(from.getTime() + i * 86_400_000), tz));

    /**
     * The P&L per member against the rounds: its pages (most valid bet first, then member id) and its count. The
     * member order is kept per state of the cells, so asking again after the roll-up wrote must see the change.
     */
    async function comparePnl(agentId: bigint, f: string, to: string) {
      const team = teamOf(agentId);
      const per = new Map<bigint, { vb: bigint; po: bigint; n: number }>();
      for (const r of rounds) {
        const day = localDay(r.at, tz);
        if (r.status !== 'settled' || !team.has(r.memberId) || day < f || day > to) continue;
        const e = per.get(r.memberId) ?? { vb: 0n, po: 0n, n: 0 };
        e.vb += r.stake;
        e.po += r.payout;
        e.n += 1;
        per.set(r.memberId, e);
      }
      const want = [...per.entries()]
        .sort(([ia, a], [ib, b]) => (a.vb !== b.vb ? (a.vb > b.vb ? -1 : 1) : ia < ib ? -1 : 1))
        .map(([id, e]) => [String(id), String(e.vb), String(e.po), e.n, team.get(id)]);
      const size = 7;
      const last = Math.max(1, Math.ceil(want.length / size));
      for (const pageNo of [1, 2, last, last + 1, 1]) {
        const page = await get(agentId, `/wps/agent/report/pnl?from=${f}&to=${to}&pageNo=${pageNo}&pageSize=${size}`);
        expect(page.total).toBe(want.length);
        expect(
          page.rows.map(
            (r: { memberId: string; validBet: string; payout: string; betCount: number; depth: number }) => [
              r.memberId,
              r.validBet,
              r.payout,
              r.betCount,
              r.depth,
            ],
          ),
        ).toEqual(want.slice((pageNo - 1) * size, pageNo * size));
      }
      const one = want[Math.floor(want.length / 2)];
      if (one) {
        const account = (await t.app.modules.members.findById(m.id, BigInt(one[0] as string)))!.account;
        const page = await get(agentId, `/wps/agent/report/pnl?from=${f}&to=${to}&account=${account}`);
        expect(page.total).toBe(1);
        expect(page.rows.map((r: { validBet: string }) => r.validBet)).toEqual([one[1]]);
      }
    }

    /** The reports (read from the team roll-up) against the rounds, for a few agents and periods. */
    async function compareReports() {
      // The same team and period every time (its member order is asked again after each change of the cells).
      await comparePnl(tree.ids[0]!, days[0]!, days[11]!);
      for (let k = 0; k < 4; k++) {
        const agentId = k === 0 ? tree.ids[0]! : pick(agents);
        const team = teamOf(agentId);
        const a = Math.floor(rand() * days.length);
        const b = Math.min(days.length - 1, a + Math.floor(rand() * 6));
        const [f, to] = [days[a]!, days[b]!];
        const want = expected(team, f, to);
        const overview = await get(agentId, `/wps/agent/team/overview?from=${f}&to=${to}`);
        expect(overview).toMatchObject({
          validBet: String(want.validBet),
          payout: String(want.payout),
          betCount: want.betCount,
          activeMembers: want.active,
        });
        const levels = (await get(agentId, `/wps/agent/report/pnl?by=level&from=${f}&to=${to}`)).rows;
        expect(
          levels.map((l: { depth: number; validBet: string; activeMembers: number; members: number }) => [
            l.depth,
            l.validBet,
            l.activeMembers,
            l.members,
          ]),
        ).toEqual(
          [...want.levels.entries()]
            .sort((x, y) => x[0] - y[0])
            .map(([d, v]) => [d, String(v.validBet), v.members.size, v.members.size]),
        );
        await comparePnl(agentId, f, to);
        const revenue = await get(agentId, `/wps/agent/report/revenue?from=${f}&to=${to}`);
        expect(
          revenue.days.map((d: { day: string; validBet: string; activeMembers: number }) => [
            d.day,
            d.validBet,
            d.activeMembers,
          ]),
        ).toEqual([...want.days.entries()].sort().map(([d, v]) => [d, String(v.validBet), v.members.size]));
      }
    }

    await t.app.modules.agents.runRollup();
    await audit();
    await compareReports();
    for (let step = 0; step < 4; step++) {
      await mutate(120);
      await t.app.modules.agents.runRollup();
      await audit();
      await compareReports();
    }
    // The change lists of the versions since the kept orders were pruned: the orders are recomputed.
    await mutate(60);
    await t.app.modules.agents.runRollup();
    await sql`delete from agent_rollup_changes where merchant_id = ${m.id}`.execute(t.database.db);
    await compareReports();

    // With a minimum bet for "active", the reports count it from each member's period sum (the per-member pass).
    await sql`insert into agent_settings (merchant_id, active_min_bet) values (${m.id}, 150000)`.execute(t.database.db);
    for (const [f, to] of [
      [days[1]!, days[4]!],
      [days[6]!, days[6]!],
    ] as const) {
      const team = teamOf(tree.ids[0]!);
      const perMember = new Map<bigint, bigint>();
      for (const r of rounds) {
        const day = localDay(r.at, tz);
        if (r.status !== 'settled' || !team.has(r.memberId) || day < f || day > to) continue;
        perMember.set(r.memberId, (perMember.get(r.memberId) ?? 0n) + r.stake);
      }
      const active = [...perMember.values()].filter((v) => v >= 150000n).length;
      expect(active).toBeLessThan(perMember.size);
      const overview = await get(tree.ids[0]!, `/wps/agent/team/overview?from=${f}&to=${to}`);
      expect(overview).toMatchObject({ activeMembers: active, validBet: String(expected(team, f, to).validBet) });
    }
    await sql`delete from agent_settings where merchant_id = ${m.id}`.execute(t.database.db);

    // A re-run changes nothing; so does a full recount from scratch (marks lost, as after a crash).
    const snapshot = async () =>
      (
        await sql<{ r: string }>`
          select concat_ws('|', agent_id, day, depth, valid_bet, payout, bet_count, deposits, withdrawals) as r
            from agent_team_daily
           where merchant_id = ${m.id} and (valid_bet, payout, bet_count, deposits, withdrawals) <> (0, 0, 0, 0, 0)
          union all
          select concat_ws('|', agent_id, day, depth, kind, gap, members) from agent_team_active
           where merchant_id = ${m.id} and members > 0
           order by 1`.execute(t.database.db)
      ).rows.map((r) => r.r);
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(100);
    await t.app.modules.agents.runRollup();
    expect(await snapshot()).toEqual(before);
    await sql`delete from agent_rollup_marks where merchant_id = ${m.id}`.execute(t.database.db);
    await t.app.modules.agents.runRollup();
    expect(await snapshot()).toEqual(before);
    await audit();

    // Migration 0030's backfill (existing cells at upgrade time) builds the same rows.
    await sql`delete from agent_team_daily`.execute(t.database.db);
    await sql`delete from agent_team_active`.execute(t.database.db);
    const migration = readFileSync(new URL('../src/db/migrations/0030_agent_team_rollup.sql', import.meta.url), 'utf8')
      .split('-- Backfill')[1]!
      .replace(/^.*\n/, ''); // the rest of the comment line
    for (const statement of migration.split(/;\s*\n/).slice(0, -1)) {
      await sql.raw(statement.replace(/^--.*$/gm, '')).execute(t.database.db);
    }
    // …followed by 0206's (the stake beside the valid bet: until then they were one).
    await sql`update agent_team_daily set stake = valid_bet`.execute(t.database.db);
    expect(await snapshot()).toEqual(before);
    await audit();
  }, 300_000);
});

describe('team bet records', () => {
  it('name the vendor and the game and give the currency', async () => {
    const demo = (await t.app.modules.merchants.findByCode('demo'))!;
    t.app.modules.games.registerProvider({
      adapter: 'demo',
      launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
    });
    const list = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' })).json()
      .value.content;
    const game = list.find((g: { gameCode?: string; nodeId: string }) => g.gameCode === 'demo-baccarat') ?? list[0];
    const { token, ...row } = await newAgent(t, demo);
    const p = await newPlayer(t, demo, { upline: { id: row.id }, fund: 1_000_000n });
    const session = await launchToken(t, p, game.nodeId);
    const vendor = vendorClient(t, demo, 'DEMO');
    const bet = await vendor.call('bet', {
      player_id: String(p.id),
      session_token: session,
      round_id: `r-${randomUUID()}`,
      tx_id: `b-${randomUUID()}`,
      amount: '1000',
      game_code: 'demo-baccarat',
    });
    expect(bet.json.status, bet.text).toBe('OK');

    const res = await t.app.inject({ method: 'GET', url: '/wps/agent/team/bets', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().value;
    const vendors = await t.app.modules.games.listVendors(demo.id);
    const gameRow = (
      await sql<{ id: string; name: string }>`
        select id::text, coalesce(display_names ->> ${demo.defaultLanguage}, name) as name from games where merchant_id = ${demo.id} and vendor_code = 'DEMO'
           and game_code = 'demo-baccarat'`.execute(t.database.db)
    ).rows[0]!;
    expect(page).toMatchObject({ total: 1, currency: demo.currency, exponent: demo.currencyExponent });
    expect(page.rows[0]).toMatchObject({
      account: p.account,
      vendorCode: 'DEMO',
      vendorName: vendors.find((v) => v.code === 'DEMO')!.name,
      gameId: gameRow.id,
      stake: '1000',
    });
    expect(page.rows[0].gameName).toBe(gameRow.name);
    expect(page.rows[0].gameName).not.toBe('');
    expect(page.rows[0].vendorName).not.toBe('');
  }, 120_000);
});
