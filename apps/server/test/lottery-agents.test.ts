import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newAgent, newPlayer, type Player } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Lottery bets count wherever game rounds count (issues 12 and 13): a member of an agent's team bets on the fast
 * e-lottery and plays a live-casino round; once the draw settles, the agent's overview, P&L, revenue, team records
 * and the contracts' team figures include the settled lottery bet; the member's manual rebate offers ELOTT 1 % of
 * the settled stake and pays it once; the daily rebate job pays another member's ELOTT rebate; a cancelled
 * issue's refunded bets and open bets count for nothing; the personal profit page shows the bet and the win.
 */

// Near the real time (lottery bets carry the database's created_at), on a minute boundary + 5 s; the test moves the
// clock forward only, by a few minutes before the rebate's check (the draws), then by a day.
let now = Math.floor(Date.now() / 60_000) * 60_000 + 5_000;
const clock = () => new Date(now);
const UNIT = 100n; // PHP, 2 decimals
const GAME = 'elott-ssc-1m';
let t: TestApp;
let demo: Merchant;
let table: Awaited<ReturnType<typeof demoLiveTable>>;

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 600, checkpointEvery: 50, settleBatch: 3 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  now = clearOfMidnight(now, demo.timezone);
  await t.app.modules.lottery.schedule();
  table = await demoLiveTable(t, demo, () => now);
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

/**
 * The manual rebate counts the rounds settled since the merchant's local midnight: the live round (settled at the
 * start) and the draws (minutes later) must fall on one local day. Within 15 minutes of midnight the clock starts
 * 5 s after it instead.
 */
function clearOfMidnight(at: number, timeZone: string): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(at))
    .split(':')
    .map(Number);
  const left = 24 * 60 - (h! * 60 + m!);
  return left <= 15 ? at + left * 60_000 : at;
}

const lottery = () => t.app.modules.lottery;
const get = (p: { token: string }, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(p.token), ...headers } });
const value = async (p: { token: string }, url: string, headers?: Record<string, string>) => {
  const res = await get(p, url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const mainOf = async (id: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;

/** The merchant's local date `days` from the clock's (YYYY-MM-DD). */
const localDate = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: demo.timezone }).format(new Date(now + days * 86_400_000));
/** Yesterday to tomorrow: the bet day is the database's, the clock's day ± a few minutes. */
const period = () => `from=${localDate(-1)}&to=${localDate(1)}`;

async function game() {
  const res = await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${GAME}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { current: { issueId: string; drawsAt: string }; next: { issueId: string }[] };
}

/** Big and small of the sum on one issue: exactly one of them wins every draw. Answers the bet's charge. */
async function bet(p: Player, issueId: string, unitStake = 10n * UNIT): Promise<bigint> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: {
      requestId: randomUUID(),
      gameCode: GAME,
      issueId,
      bets: [{ code: 'ssc.bsoe.sum', selection: { sides: ['big', 'small'] }, unitStake: String(unitStake) }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return BigInt(res.json().value.charge);
}

async function drawUntil(drawsAt: string) {
  now = Math.max(now, Date.parse(drawsAt) + 1000);
  await lottery().schedule();
  await lottery().advance();
}

interface MyBet {
  ref: string;
  issueId: string;
  status: string;
  charge: string;
  payout: string;
}
const myBets = async (p: Player): Promise<MyBet[]> =>
  (await value(p, `/wps/lottery/bets?gameCode=${GAME}&page=1&pageSize=50`)).list;

/** An agent (type 1) with an agent session. */
const agent = () => newAgent(t, demo);

const claim = (p: Player) =>
  t.app.inject({ method: 'POST', url: '/wps/rebate/manual/claim', headers: bearer(p.token) });

describe('lottery bets in the agent centre, the contracts and the rebates', () => {
  let a: Awaited<ReturnType<typeof agent>>;
  let m: Player;
  let m2: Player;
  let stranger: Player;
  let settledCharge: bigint;
  let settledPayout: bigint;
  let settledIssue: string;

  it('a settled lottery bet counts in the overview, P&L, revenue, team records and team figures', async () => {
    a = await agent();
    m = await newPlayer(t, demo, { upline: a, fund: 10_000n * UNIT });
    m2 = await newPlayer(t, demo, { upline: a, fund: 10_000n * UNIT });
    stranger = await newPlayer(t, demo, { fund: 10_000n * UNIT });
    const g = await game();
    settledIssue = g.current.issueId;

    const charge = await bet(m, settledIssue); // settles at the draw below
    const m2Charge = await bet(m2, settledIssue, 5n * UNIT);
    await bet(stranger, settledIssue); // another team
    const cancelled = g.next[3]!.issueId;
    await bet(m, cancelled); // refunded below: counts for nothing
    await bet(m, g.next[5]!.issueId); // still open at the end: not valid yet
    await table.round(m, 100n * UNIT, 0n); // a live-casino round lost: LIVE
    expect(await lottery().cancelIssue(demo, GAME, cancelled)).toBe(true);
    await lottery().advance();

    // Before the draw the lottery bets are open: the overview has the round only.
    await t.app.modules.agents.runRollup();
    expect(await value(a, `/wps/agent/team/overview?${period()}`)).toMatchObject({
      validBet: String(100n * UNIT),
      payout: '0',
      betCount: 1,
    });

    await drawUntil(g.current.drawsAt);
    const [mine] = (await myBets(m)).filter((b) => b.issueId === settledIssue);
    expect(mine).toMatchObject({ status: 'won', charge: String(charge) });
    settledCharge = charge;
    settledPayout = BigInt(mine!.payout);
    expect(settledPayout).toBeGreaterThan(0n);
    const m2Payout = BigInt((await myBets(m2))[0]!.payout);
    expect((await myBets(m)).map((b) => b.status).sort()).toEqual(['placed', 'refunded', 'won']);

    await t.app.modules.agents.runRollup();
    const validBet = 100n * UNIT + charge + m2Charge;
    const payout = settledPayout + m2Payout;
    const overview = await value(a, `/wps/agent/team/overview?${period()}`);
    expect(overview).toMatchObject({
      validBet: String(validBet),
      payout: String(payout),
      profit: String(payout - validBet),
      betCount: 3,
      activeMembers: 2,
    });
    // A second pass with nothing new changes nothing; the team roll-up agrees with the cells.
    await t.app.modules.agents.runRollup();
    expect(await value(a, `/wps/agent/team/overview?${period()}`)).toEqual(overview);
    expect(await t.app.modules.agents.auditTeamRollup(demo.id)).toMatchObject({ ok: true });

    const pnl = await value(a, `/wps/agent/report/pnl?${period()}`);
    const row = pnl.rows.find((r: { account: string }) => r.account === m.account);
    expect(row).toMatchObject({
      validBet: String(100n * UNIT + charge),
      payout: String(settledPayout),
      profit: String(settledPayout - 100n * UNIT - charge),
    });
    expect(pnl.rows.map((r: { account: string }) => r.account)).not.toContain(stranger.account);
    const revenue = await value(a, `/wps/agent/report/revenue?${period()}`);
    const days = revenue.days as { validBet: string; payout: string }[];
    expect(days.reduce((s, d) => s + BigInt(d.validBet), 0n)).toBe(validBet);
    expect(days.reduce((s, d) => s + BigInt(d.payout), 0n)).toBe(payout);

    // Team records: the round and the three lottery bets of m (settled, refunded at stake 0, open), named.
    const bets = await value(a, `/wps/agent/team/bets?${period()}&account=${m.account}`);
    expect(bets.total).toBe(4);
    type Row = { category: string; gameName: string; status: string; stake: string; payout: string; summary: string };
    const lot = (bets.rows as Row[]).filter((r) => r.category === 'ELOTT');
    expect(lot.map((r) => r.status).sort()).toEqual(['open', 'rolled_back', 'settled']);
    const won = lot.find((r) => r.status === 'settled')!;
    expect(won).toMatchObject({
      gameName: 'Fast 5D · 1 min',
      stake: String(charge),
      payout: String(settledPayout),
      vendorCode: 'SEA',
    });
    expect(won.summary).toContain(settledIssue);
    expect(lot.find((r) => r.status === 'rolled_back')).toMatchObject({ stake: '0', payout: '0' });
    expect((bets.rows as Row[]).find((r) => r.category === 'LIVE')).toMatchObject({ stake: String(100n * UNIT) });
    // The game name in the request's language, a vendor filter, paging across both sources.
    const ty = await value(a, `/wps/agent/team/bets?${period()}&account=${m.account}&vendorCode=SEA`, {
      language: 'ty',
    });
    expect(ty.total).toBe(3);
    expect(ty.rows[0].gameName).toBe('Xổ Số Nhanh 5D · 1 phút');
    const paged = await Promise.all(
      [1, 2].map((n) => value(a, `/wps/agent/team/bets?${period()}&account=${m.account}&pageSize=2&pageNo=${n}`)),
    );
    expect(paged.flatMap((p) => p.rows.map((r: { id: string }) => r.id)).sort()).toEqual(
      bets.rows.map((r: { id: string }) => r.id).sort(),
    );
    const all = await value(a, `/wps/agent/team/bets?${period()}`);
    expect(all.total).toBe(5);
    expect(all.rows.map((r: { account: string }) => r.account)).not.toContain(stranger.account);

    // The contracts' figures (wages, dividends, real-time salary) read the same bets.
    const from = new Date(now - 86_400_000);
    const to = new Date(now + 1);
    const stats = await t.app.modules.agents.teamStats.teamPeriodStats(demo.id, a.id, from, to);
    expect(stats).toMatchObject({ validBet, payout, profit: payout - validBet, activeMembers: 2 });
    const split = await t.app.modules.agents.teamStats.teamBetSplit(demo.id, a.id, from, to, 0n);
    expect(split.wonBet + split.lostBet).toBe(validBet);
    expect(split.wonBet).toBe((settledPayout > charge ? charge : 0n) + (m2Payout > m2Charge ? m2Charge : 0n));
  });

  it('personal profit shows the lottery bet and win; the refund nets to nothing', async () => {
    const profit = await value(m, `/wps/member/profit?from=${localDate(-2)}&to=${localDate(0)}`);
    // Bets: the round, the settled bet and the open bet (its money is staked); the refunded bet is back.
    const open = BigInt((await myBets(m)).find((b) => b.status === 'placed')!.charge);
    expect(profit.total.bets).toBe(String(100n * UNIT + settledCharge + open));
    expect(profit.total.wins).toBe(String(settledPayout));
  });

  it('the manual rebate offers ELOTT 1 % of the settled stake and pays it once; the daily job pays the rest', async () => {
    const view = await value(m, '/wps/rebate/manual');
    const elott = settledCharge / 100n;
    expect(view.rows).toEqual([
      {
        category: 'ELOTT',
        validBet: String(settledCharge),
        rateBp: 100,
        accrued: String(elott),
        claimed: '0',
        claimable: String(elott),
      },
      { category: 'LIVE', validBet: String(100n * UNIT), rateBp: 80, accrued: '80', claimed: '0', claimable: '80' },
    ]);
    const before = await mainOf(m.id);
    const answers = await Promise.all([claim(m), claim(m), claim(m)]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect(answers.map((r) => r.json().value.paid).sort()).toEqual(['0', '0', String(elott + 80n)].sort());
    expect((await mainOf(m.id)) - before).toBe(elott + 80n);
    expect((await claim(m)).json().value.paid).toBe('0');

    // The merchant-wide figures of the daily job include the lottery.
    const today = await t.app.modules.agents.teamStats.categoryBets(
      demo.id,
      new Date(now - 86_400_000),
      new Date(now + 1),
    );
    expect(today.find((b) => b.memberId === m.id && b.category === 'ELOTT')?.validBet).toBe(settledCharge);
    expect(
      await t.app.modules.agents.teamStats.merchantsWithBets(new Date(now - 60_000), new Date(now + 1)),
    ).toContainEqual(demo.id);

    // m2 claims nothing: the next day's job pays its ELOTT 1 %; m has nothing left of that day.
    const m2Charge = BigInt((await myBets(m2))[0]!.charge);
    const [m2Before, mBefore] = [await mainOf(m2.id), await mainOf(m.id)];
    now += 86_400_000;
    await t.app.modules.contracts.settleRebates!();
    await t.app.modules.contracts.settleRebates!(); // a redelivery pays nothing more
    expect((await mainOf(m2.id)) - m2Before).toBe(m2Charge / 100n);
    expect(await mainOf(m.id)).toBe(mBefore);
  });
});
