import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Contract settlement on the product's own team figures: the agents module's TeamStatsPort reads the real bet
 * records (rounds played through the seamless wallet) of the agent's real team (closure table), and the daily wage
 * and the real-time salary are paid once from them.
 */

let now = new Date();
const clock = () => now;
let t: TestApp;
let demo: Merchant;
let table: Awaited<ReturnType<typeof demoLiveTable>>;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  table = await demoLiveTable(t, demo);
});
afterAll(async () => {
  if (!t) return;
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
  await t.close();
});

const mainOf = async (id: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;

const play = (p: Player, stake: bigint, win: bigint) => table.round(p, stake, win);

const TIERS = [
  { minValidBet: 10_000n, minActive: 1, minProfit: 0n, rateBp: 100, lossRateBp: null },
  { minValidBet: 1_000_000n, minActive: 2, minProfit: 0n, rateBp: 150, lossRateBp: null },
  { minValidBet: 5_000_000n, minActive: 3, minProfit: 0n, rateBp: 200, lossRateBp: null },
];

describe('contract settlement on real team figures', () => {
  it("pays the daily wage once from the team's settled rounds; members outside the team do not count", async () => {
    const contracts = t.app.modules.contracts;
    const agent = await newPlayer(t, demo, { type: 1 });
    const offered = await contracts.offerFromHouse(demo, agent.id, { type: 'daily_wage', tiers: TIERS });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/wps/agent/contract/${offered.id}/accept`,
      headers: { ...bearer(agent.token), merchant: demo.code },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Two levels of team: a member directly below and one below a sub-agent; a stranger plays too.
    const sub = await newPlayer(t, demo, { type: 1, upline: agent });
    const p1 = await newPlayer(t, demo, { upline: agent, fund: 1_000_000n });
    const p2 = await newPlayer(t, demo, { upline: sub, fund: 1_000_000n });
    const stranger = await newPlayer(t, demo, { fund: 1_000_000n });
    await play(p1, 20_000n, 0n);
    await play(p1, 30_000n, 45_000n);
    await play(p2, 50_000n, 0n);
    await play(stranger, 900_000n, 0n);

    // The team's valid bet is 1,000.00 (< the second tier's 10,000.00): tier 1 at 1 % = 10.00.
    const port = t.app.modules.agents.teamStats;
    const dayStart = new Date(now.getTime() - 24 * 3600_000);
    const dayEnd = new Date(now.getTime() + 3600_000);
    expect(await port.teamPeriodStats(demo.id, agent.id, dayStart, dayEnd)).toMatchObject({
      validBet: 100_000n,
      payout: 45_000n,
      activeMembers: 2,
      members: 4,
    });
    expect(await port.teamBetSplit(demo.id, agent.id, dayStart, dayEnd, 0n)).toEqual({
      wonBet: 30_000n,
      lostBet: 70_000n,
    });
    expect(await port.teamBetSplit(demo.id, agent.id, dayStart, dayEnd, 25_000n)).toEqual({
      wonBet: 30_000n,
      lostBet: 50_000n,
    });

    const before = await mainOf(agent.id);
    const played = now;
    // The next day, after the daily period closed: settle twice (and concurrently) — paid once.
    now = new Date(played.getTime() + 26 * 3600_000);
    try {
      await Promise.all([contracts.settle!('daily_wage'), contracts.settle!('daily_wage')]);
      await contracts.settle!('daily_wage');
    } finally {
      now = played;
    }
    expect((await mainOf(agent.id)) - before).toBe(1_000n);
  });

  it('category rebates use the rounds of each category', async () => {
    const port = t.app.modules.agents.teamStats;
    const p = await newPlayer(t, demo, { fund: 1_000_000n });
    await play(p, 40_000n, 0n);
    const rows = await port.categoryBets(demo.id, new Date(now.getTime() - 3600_000), new Date(now.getTime() + 60_000));
    expect(rows.filter((r) => r.memberId === p.id)).toEqual([{ memberId: p.id, category: 'LIVE', validBet: 40_000n }]);
    expect(
      await port.merchantsWithBets(new Date(now.getTime() - 3600_000), new Date(now.getTime() + 60_000)),
    ).toContain(demo.id);
  });
});
