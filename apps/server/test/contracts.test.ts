import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContractsModule,
  type ContractsModule,
  type TeamPeriodStats,
  type TeamStatsPort,
  type Tier,
} from '../src/modules/contracts/index.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { fundMember } from './helpers/money.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Contracts through the API (offer, popup, accept, reject, terminate, caps, auto-termination, access) and their
 * settlement through the module face on a controlled clock, with the team figures of an in-test TeamStatsPort
 * (the agents module implements it in the product).
 */

const T0 = new Date('2026-11-03T04:00:00Z'); // 3 Nov 12:00 in Manila (the demo merchant's zone)
let now = T0;
const clock = () => now;
const at = (iso: string) => new Date(iso);

// ---- the fake port: figures booked at an instant, summed over the asked range ----------------------------
interface Booked {
  merchantId?: bigint;
  agentId: bigint;
  at: Date;
  validBet?: bigint;
  payout?: bigint;
  active?: number;
  wonBet?: bigint;
  lostBet?: bigint;
}
const booked: Booked[] = [];
const categoryBooked: { merchantId: bigint; memberId: bigint; at: Date; category: string; validBet: bigint }[] = [];
const inRange = (d: Date, from: Date, to: Date) => d >= from && d < to;
const port: TeamStatsPort = {
  async teamPeriodStats(_m, agentId, from, to): Promise<TeamPeriodStats> {
    const rows = booked.filter((b) => b.agentId === agentId && inRange(b.at, from, to));
    const validBet = rows.reduce((a, b) => a + (b.validBet ?? 0n), 0n);
    const payout = rows.reduce((a, b) => a + (b.payout ?? 0n), 0n);
    const activeMembers = rows.reduce((a, b) => Math.max(a, b.active ?? 0), 0);
    // profit as the agents module reports it: the members' result, payout − stake (here the stake is the valid bet)
    return { validBet, payout, profit: payout - validBet, activeMembers, members: activeMembers };
  },
  async teamBetSplit(_m, agentId, from, to) {
    const rows = booked.filter((b) => b.agentId === agentId && inRange(b.at, from, to));
    return {
      wonBet: rows.reduce((a, b) => a + (b.wonBet ?? 0n), 0n),
      lostBet: rows.reduce((a, b) => a + (b.lostBet ?? 0n), 0n),
    };
  },
  async categoryBets(merchantId, from, to) {
    return categoryBooked.filter((b) => b.merchantId === merchantId && inRange(b.at, from, to));
  },
  async merchantsWithBets(from, to) {
    return [...new Set(categoryBooked.filter((b) => inRange(b.at, from, to)).map((b) => b.merchantId))];
  },
};

let t: TestApp;
let demo: Merchant;
let contracts: ContractsModule;

beforeAll(async () => {
  t = await buildTestApp({ clock, teamStats: port });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  contracts = t.app.modules.contracts;
});
afterAll(async () => {
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
  await t.close();
});

/** Major units → minor (exponent 2). */
const M = (major: number) => BigInt(Math.round(major * 100));
const agent = (upline?: Player) => newPlayer(t, demo, { type: 1, upline });
const member = (upline?: Player) => newPlayer(t, demo, { type: 0, upline });

const call = (p: Player, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${p.token}`, merchant: demo.code },
    ...(payload !== undefined && { payload: payload as object }),
  });

type TierText = { minValidBet: string; minActive: number; minProfit?: string; rate: string; lossRate?: string };
// domain-rules §8.3 proposal tiers
const DAILY: TierText[] = [
  { minValidBet: '10000', minActive: 3, rate: '0.3' },
  { minValidBet: '50000', minActive: 5, rate: '0.5' },
  { minValidBet: '100000', minActive: 10, rate: '0.8' },
  { minValidBet: '300000', minActive: 20, rate: '1' },
  { minValidBet: '1000000', minActive: 30, rate: '1.2' },
  { minValidBet: '3000000', minActive: 50, rate: '1.5' },
];
const scaled = (tiers: TierText[], delta: number) =>
  tiers.map((x) => ({ ...x, rate: (Number(x.rate) + delta).toFixed(2) }));
const toTiers = (tiers: TierText[]): Tier[] =>
  tiers.map((x) => ({
    minValidBet: M(Number(x.minValidBet)),
    minActive: x.minActive,
    minProfit: x.minProfit ? M(Number(x.minProfit)) : 0n,
    rateBp: Math.round(Number(x.rate) * 100),
    lossRateBp: x.lossRate ? Math.round(Number(x.lossRate) * 100) : null,
  }));

const offer = (from: Player, to: Player, type: string, tiers: TierText[], extra: object = {}) =>
  call(from, 'POST', '/wps/agent/contract/offer', { downlineAccount: to.account, type, tiers, ...extra });
const decide = (p: Player, id: string, action: 'accept' | 'reject' | 'terminate') =>
  call(p, 'POST', `/wps/agent/contract/${id}/${action}`);

/** The house offers a top-level agent a contract, which it accepts; returns the contract id. */
async function houseContract(
  a: Player,
  type: 'daily_wage' | 'dividend' | 'realtime_salary' | 'hourly_salary',
  tiers: TierText[],
  extra: object = {},
) {
  const c = await contracts.offerFromHouse(demo, a.id, { type, tiers: toTiers(tiers), ...extra });
  const res = await decide(a, c.id, 'accept');
  expect(res.statusCode).toBe(200);
  return c.id;
}
/** An upline's offer accepted by the downline (through the API); returns the contract id. */
async function signed(up: Player, down: Player, type: string, tiers: TierText[], extra: object = {}) {
  const res = await offer(up, down, type, tiers, extra);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as string;
  expect((await decide(down, id, 'accept')).statusCode).toBe(200);
  return id;
}
const mainOf = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.balance ?? 0n;
async function settleAt<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  now = at(iso);
  try {
    return await fn();
  } finally {
    now = T0;
  }
}
const statusOf = async (p: Player, id: string, role: 'offered' | 'received' = 'received') =>
  (await call(p, 'GET', `/wps/agent/contracts?role=${role}`)).json().value.list.find((c: { id: string }) => c.id === id)
    ?.status;

describe('offers, the popup, accept and reject', () => {
  it('an upline offers a direct downline within its own contract; the downline sees it pending and accepts', async () => {
    const a = await agent();
    const b = await agent(a);
    await houseContract(a, 'daily_wage', DAILY);
    const res = await offer(a, b, 'daily_wage', scaled(DAILY, -0.1));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().value;
    expect(c).toMatchObject({ type: 'daily_wage', period: 'daily', status: 'pending', uplineAccount: a.account });
    expect(c.tiers.map((x: { rateBp: number }) => x.rateBp)).toEqual([20, 40, 70, 90, 110, 140]);
    expect(c.tiers[4].minValidBet).toBe(String(M(1_000_000)));

    const popup = (await call(b, 'GET', '/wps/agent/contract/pending')).json().value;
    expect(popup.list.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(popup.flags).toEqual({
      dailysalreqtype: true,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: false,
    });
    // a second offer of the same type while one waits
    expect((await offer(a, b, 'daily_wage', scaled(DAILY, -0.2))).json().code).toBe('contract_pending_exists');

    const accepted = await decide(b, c.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().value).toMatchObject({ contract: { id: c.id, status: 'active' }, invalidated: [] });
    expect((await call(b, 'GET', '/wps/agent/contract/pending')).json().value).toMatchObject({
      list: [],
      flags: { dailysalreqtype: false },
    });
    expect(await statusOf(a, c.id, 'offered')).toBe('active');
    // accepting twice
    expect((await decide(b, c.id, 'accept')).json().code).toBe('state_invalid');
  });

  it('the downline may reject; a rejected offer cannot be accepted', async () => {
    const a = await agent();
    const b = await agent(a);
    await houseContract(a, 'daily_wage', DAILY);
    const id = (await offer(a, b, 'daily_wage', DAILY)).json().value.id;
    const r = await decide(b, id, 'reject');
    expect(r.json().value.contract.status).toBe('rejected');
    expect((await decide(b, id, 'accept')).json().code).toBe('state_invalid');
  });

  it('the offerer withdraws a pending offer with terminate', async () => {
    const a = await agent();
    const b = await agent(a);
    await houseContract(a, 'daily_wage', DAILY);
    const id = (await offer(a, b, 'daily_wage', DAILY)).json().value.id;
    expect((await decide(a, id, 'terminate')).json().value.contract.status).toBe('withdrawn');
  });
});

describe('rules and access', () => {
  it("a downline's rates never exceed the upline's own contract; an upline without one cannot offer", async () => {
    const a = await agent();
    const b = await agent(a);
    const c = await agent(b);
    await houseContract(a, 'daily_wage', DAILY);
    const higher = DAILY.map((x, i) => (i === 3 ? { ...x, rate: '1.01' } : x));
    const res = await offer(a, b, 'daily_wage', higher);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'contract_rate_exceeds_upline', value: { tier: 4 } });
    // b has no daily-wage contract yet
    expect((await offer(b, c, 'daily_wage', scaled(DAILY, -0.2))).json().code).toBe('contract_upline_required');
    // a has no dividend contract
    const div = [
      { minValidBet: '100000', minActive: 5, minProfit: '10000', rate: '10' },
      { minValidBet: '500000', minActive: 10, minProfit: '50000', rate: '15' },
      { minValidBet: '2000000', minActive: 20, minProfit: '200000', rate: '20' },
    ];
    expect((await offer(a, b, 'dividend', div)).json().code).toBe('contract_upline_required');
  });

  it('tiers: 3 to 6, increasing; bad terms are refused with a clear code', async () => {
    const a = await agent();
    const b = await agent(a);
    await houseContract(a, 'daily_wage', DAILY);
    const two = await offer(a, b, 'daily_wage', DAILY.slice(0, 2));
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ code: 'contract_tiers_invalid', value: { reason: 'tier_count' } });
    const flat = DAILY.slice(0, 3).map((x) => ({ ...x, rate: '0.3' }));
    expect((await offer(a, b, 'daily_wage', flat)).json()).toMatchObject({
      code: 'contract_tiers_invalid',
      value: { reason: 'not_increasing', field: 'rateBp' },
    });
    expect((await offer(a, b, 'daily_wage', DAILY, { period: 'weekly' })).json().code).toBe('contract_tiers_invalid');
    expect((await offer(a, b, 'bonus', DAILY)).json().code).toBe('validation_failed');
    expect((await offer(a, b, 'daily_wage', [{ ...DAILY[0], rate: 'x' }])).json().code).toBe('validation_failed');
  });

  it('only an agent offers, only to its direct downline; only the offered agent accepts; only a party terminates', async () => {
    const a = await agent();
    const b = await agent(a);
    const c = await agent(b);
    const stranger = await agent();
    const plain = await member(a);
    await houseContract(a, 'daily_wage', DAILY);
    // not a direct downline (c is under b) and not in the tree at all
    expect((await offer(a, c, 'daily_wage', DAILY)).json().code).toBe('contract_not_direct_downline');
    expect((await offer(a, stranger, 'daily_wage', DAILY)).json().code).toBe('contract_not_direct_downline');
    expect((await offer(a, { ...a, account: 'nobody-here' }, 'daily_wage', DAILY)).json().code).toBe(
      'contract_not_direct_downline',
    );
    // a member (not an agent) cannot offer
    expect((await offer(plain, a, 'daily_wage', DAILY)).statusCode).toBe(403);

    const id = (await offer(a, b, 'daily_wage', scaled(DAILY, -0.1))).json().value.id;
    for (const p of [stranger, c, a]) {
      const r = await decide(p, id, 'accept');
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('contract_not_found');
    }
    expect((await decide(stranger, id, 'reject')).json().code).toBe('contract_not_found');
    expect((await decide(stranger, id, 'terminate')).json().code).toBe('contract_not_found');
    expect(await statusOf(b, id)).toBe('pending');
    // the house cannot contract an agent that has an upline
    await expect(
      contracts.offerFromHouse(demo, b.id, { type: 'daily_wage', tiers: toTiers(DAILY) }),
    ).rejects.toMatchObject({
      code: 'contract_not_direct_downline',
    });
    // unauthenticated
    const anon = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/contract/pending',
      headers: { merchant: demo.code },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('auto-termination and termination', () => {
  it('accepting lower rates ends the previous contract and invalidates sub-contracts above them, with their subtrees', async () => {
    const a = await agent();
    const b = await agent(a);
    const c = await agent(b);
    const d = await agent(c);
    const c2 = await agent(b);
    await houseContract(a, 'daily_wage', DAILY);
    const ab = await signed(a, b, 'daily_wage', DAILY);
    const bc = await signed(b, c, 'daily_wage', DAILY); // at b's rates
    const cd = await signed(c, d, 'daily_wage', scaled(DAILY, -0.1));
    const bc2 = await signed(b, c2, 'daily_wage', scaled(DAILY, -0.2)); // stays under the new terms
    const pending = (await offer(b, await agent(b), 'daily_wage', DAILY)).json().value.id; // above them too

    const lower = (await offer(a, b, 'daily_wage', scaled(DAILY, -0.15))).json().value.id;
    const res = await decide(b, lower, 'accept');
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().value.invalidated)).toEqual(new Set([bc, cd, pending]));
    expect(await statusOf(b, ab)).toBe('terminated');
    expect(await statusOf(b, lower)).toBe('active');
    expect(await statusOf(c, bc)).toBe('invalid');
    expect(await statusOf(d, cd)).toBe('invalid');
    expect(await statusOf(c2, bc2)).toBe('active');
    const ended = (await call(c, 'GET', '/wps/agent/contracts?role=received&status=invalid')).json().value.list[0];
    expect(ended).toMatchObject({ id: bc, endReason: 'upline_rate_lowered' });
  });

  it('either party terminates an active contract; the contracts below it end too', async () => {
    const a = await agent();
    const b = await agent(a);
    const c = await agent(b);
    await houseContract(a, 'daily_wage', DAILY);
    const ab = await signed(a, b, 'daily_wage', scaled(DAILY, -0.1));
    const bc = await signed(b, c, 'daily_wage', scaled(DAILY, -0.2));
    const res = await decide(b, ab, 'terminate');
    expect(res.json().value).toMatchObject({
      contract: { status: 'terminated', endReason: 'terminated_by_agent' },
      invalidated: [bc],
    });
    expect((await decide(a, ab, 'terminate')).json().code).toBe('state_invalid');
    expect(await statusOf(c, bc)).toBe('invalid');
  });
});

describe('settlement', () => {
  it('daily wage (§8.3): A 14,400 from the house, B 4,000 from A, A keeps 10,400 — once, however often it runs', async () => {
    const a = await agent();
    const b = await agent(a);
    await houseContract(a, 'daily_wage', DAILY);
    await signed(a, b, 'daily_wage', DAILY);
    // A's contract renewed on the same terms after it signed with B: B's contract is older than A's, yet A
    // is settled (and paid) first in a run, so it can pay B
    await houseContract(a, 'daily_wage', DAILY);
    booked.push(
      { agentId: a.id, at: at('2026-11-03T05:00:00Z'), validBet: M(1_200_000), active: 32 },
      { agentId: b.id, at: at('2026-11-03T05:00:00Z'), validBet: M(500_000), active: 12 },
    );
    // before the day (Manila) is over and its grace has passed: nothing
    await settleAt('2026-11-03T16:04:00Z', () => contracts.settle!('daily_wage'));
    expect(await mainOf(a)).toBe(0n);

    const runs = await settleAt('2026-11-03T16:10:00Z', () =>
      Promise.all([contracts.settle!('daily_wage'), contracts.settle!('daily_wage')]),
    );
    await settleAt('2026-11-03T16:20:00Z', () => contracts.settle!('daily_wage'));
    expect(await mainOf(a)).toBe(M(10_400));
    expect(await mainOf(b)).toBe(M(4_000));
    expect(runs.flatMap((r) => r.insufficientFunds)).toEqual([]);

    const list = (await call(b, 'GET', '/wps/agent/contract/settlements?type=daily_wage')).json().value;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({
      amount: String(M(4_000)),
      tier: 3,
      rateBp: 80,
      status: 'paid',
      payerAccount: a.account,
      periodStart: '2026-11-02T16:00:00.000Z',
      periodEnd: '2026-11-03T16:00:00.000Z',
    });
    const own = (await call(a, 'GET', '/wps/agent/contract/settlements')).json().value.list;
    expect(own).toMatchObject([{ amount: String(M(14_400)), tier: 5, payerAccount: null }]);
  });

  it('an upline short of funds: recorded as insufficient_funds and reported, never overdrawn, not retried as a double', async () => {
    const a = await agent();
    const b = await agent(a);
    await houseContract(a, 'daily_wage', DAILY);
    await signed(a, b, 'daily_wage', scaled(DAILY, -0.1));
    booked.push({ agentId: b.id, at: at('2026-11-03T06:00:00Z'), validBet: M(100_000), active: 10 }); // 0.7 % → 700
    const r = await settleAt('2026-11-03T16:10:00Z', () => contracts.settle!('daily_wage'));
    expect(r.insufficientFunds).toContainEqual({
      contractId: expect.any(String),
      periodStart: '2026-11-02T16:00:00.000Z',
      amount: String(M(700)),
    });
    expect(await mainOf(a)).toBe(0n);
    expect(await mainOf(b)).toBe(0n);
    const rec = (await call(b, 'GET', '/wps/agent/contract/settlements')).json().value.list;
    expect(rec).toMatchObject([{ status: 'insufficient_funds', amount: String(M(700)) }]);
    // the back office sees what was not paid
    const admin = await createTestAdmin(t);
    const unpaid = await t.app.inject({
      method: 'GET',
      url: '/admin/api/contracts/settlements?status=insufficient_funds',
      headers: { authorization: `Bearer ${admin.token}`, merchant: demo.code },
    });
    expect(unpaid.json().value.list).toContainEqual(
      expect.objectContaining({ agentAccount: b.account, payerAccount: a.account, amount: String(M(700)) }),
    );
    expect(unpaid.json().value.list.every((x: { status: string }) => x.status === 'insufficient_funds')).toBe(true);
    // funds arriving later do not re-run a settled period
    await fundMember(t.app.modules, demo, a.id, M(1_000));
    await settleAt('2026-11-03T16:30:00Z', () => contracts.settle!('daily_wage'));
    expect(await mainOf(b)).toBe(0n);
    expect(await mainOf(a)).toBe(M(1_000));
  });

  it('a crash inside a settlement pays nothing; the re-run pays each period exactly once', async () => {
    const a = await agent();
    await houseContract(a, 'hourly_salary', [
      { minValidBet: '1000', minActive: 1, rate: '0.1' },
      { minValidBet: '5000', minActive: 2, rate: '0.2' },
      { minValidBet: '20000', minActive: 5, rate: '0.3' },
    ]);
    booked.push(
      { agentId: a.id, at: at('2026-11-03T04:30:00Z'), validBet: M(7_500), active: 4 }, // tier 2 → 15
      { agentId: a.id, at: at('2026-11-03T05:30:00Z'), validBet: M(25_000), active: 5 }, // tier 3 → 75
    );
    let crashes = 0;
    const crashing = createContractsModule({
      db: t.database.db,
      ledger: t.app.modules.ledger,
      members: t.app.modules.members,
      merchants: t.app.modules.merchants,
      audit: t.app.modules.admin,
      teamStats: port,
      clock,
      faults: {
        afterPost: () => {
          crashes++;
          throw new Error('simulated crash after the ledger posting');
        },
      },
    });
    await settleAt('2026-11-03T06:10:00Z', async () => {
      await expect(crashing.settle!('hourly_salary')).rejects.toThrow('simulated crash');
    });
    expect(crashes).toBe(1);
    expect(await mainOf(a)).toBe(0n); // the posting rolled back with its record
    await settleAt('2026-11-03T06:10:00Z', () => contracts.settle!('hourly_salary'));
    await settleAt('2026-11-03T06:10:00Z', () => contracts.settle!('hourly_salary'));
    expect(await mainOf(a)).toBe(M(15) + M(75));
    const rows = (await call(a, 'GET', '/wps/agent/contract/settlements?type=hourly_salary')).json().value.list;
    expect(rows.map((r: { amount: string }) => r.amount)).toEqual([String(M(75)), String(M(15))]);
  });

  it('real-time salary (§8.4) every 5 minutes: a 1,000 losing bet pays B 8.00 and leaves A 4.00', async () => {
    const a = await agent();
    const b = await agent(a);
    const tiers = (w: number[], l: number[]) =>
      [0, 1, 2].map((i) => ({
        minValidBet: String(1_000 * (i + 1)),
        minActive: 1,
        rate: String(w[i]),
        lossRate: String(l[i]),
      }));
    await houseContract(a, 'realtime_salary', tiers([0.3, 0.4, 0.5], [1, 1.1, 1.2]));
    await signed(a, b, 'realtime_salary', tiers([0.1, 0.2, 0.3], [0.6, 0.7, 0.8]));
    // yesterday's team figures choose the tier (A: tier 3, B: tier 3)
    booked.push(
      { agentId: a.id, at: at('2026-11-02T04:00:00Z'), validBet: M(5_000), active: 2 },
      { agentId: b.id, at: at('2026-11-02T04:00:00Z'), validBet: M(5_000), active: 2 },
      { agentId: a.id, at: at('2026-11-03T04:02:00Z'), lostBet: M(1_000) },
      { agentId: b.id, at: at('2026-11-03T04:02:00Z'), lostBet: M(1_000) },
      { agentId: a.id, at: at('2026-11-03T04:07:00Z'), wonBet: M(1_000) },
      { agentId: b.id, at: at('2026-11-03T04:07:00Z'), wonBet: M(1_000) },
    );
    await settleAt('2026-11-03T04:05:20Z', () => contracts.settle!('realtime_salary')); // within the grace
    expect(await mainOf(b)).toBe(0n);
    await settleAt('2026-11-03T04:05:31Z', () => contracts.settle!('realtime_salary'));
    expect(await mainOf(b)).toBe(M(8));
    expect(await mainOf(a)).toBe(M(4));
    // the next window: the stake won → B 0.3 % = 3.00, A keeps 0.5 − 0.3 = 2.00
    await settleAt('2026-11-03T04:10:31Z', () => contracts.settle!('realtime_salary'));
    await settleAt('2026-11-03T04:10:31Z', () => contracts.settle!('realtime_salary'));
    expect(await mainOf(b)).toBe(M(8) + M(3));
    expect(await mainOf(a)).toBe(M(4) + M(2));
  });

  it('dividends (§8.5), semi-monthly, cumulative: a half the team won carries into the next (−150,000 → 15 % → 22,500)', async () => {
    const a = await agent();
    const div: TierText[] = [
      { minValidBet: '100000', minActive: 5, minProfit: '10000', rate: '10' },
      { minValidBet: '500000', minActive: 10, minProfit: '50000', rate: '15' },
      { minValidBet: '2000000', minActive: 20, minProfit: '200000', rate: '20' },
      { minValidBet: '5000000', minActive: 30, minProfit: '500000', rate: '25' },
      { minValidBet: '10000000', minActive: 50, minProfit: '1000000', rate: '30' },
    ];
    const id = await houseContract(a, 'dividend', div, { period: 'semimonthly', cumulative: true });
    booked.push(
      // 1st half of November: the team won 50,000
      { agentId: a.id, at: at('2026-11-05T00:00:00Z'), validBet: M(800_000), payout: M(850_000), active: 24 },
      // 2nd half: bets 3,000,000, paid out (prizes + rebates + activity) 2,800,000 → team lost 200,000
      { agentId: a.id, at: at('2026-11-20T00:00:00Z'), validBet: M(3_000_000), payout: M(2_800_000), active: 24 },
    );
    await settleAt('2026-12-01T00:00:00Z', () => contracts.settle!('dividend'));
    expect(await mainOf(a)).toBe(M(22_500));
    const rows = (await call(a, 'GET', '/wps/agent/contract/settlements?type=dividend')).json().value.list;
    expect(rows).toMatchObject([
      { contractId: id, status: 'paid', profit: String(M(150_000)), tier: 2, rateBp: 1500, amount: String(M(22_500)) },
      { contractId: id, status: 'not_reached', profit: String(-M(50_000)), amount: '0' },
    ]);
  });

  it('category rebates: RNG 10,000 × 1.2 % + LIVE 20,000 × 0.8 % = 280, PVP none, once per member, day and category', async () => {
    const p = await member();
    const q = await member();
    categoryBooked.push(
      { merchantId: demo.id, memberId: p.id, at: at('2026-11-03T05:00:00Z'), category: 'RNG', validBet: M(10_000) },
      { merchantId: demo.id, memberId: p.id, at: at('2026-11-03T05:00:00Z'), category: 'LIVE', validBet: M(20_000) },
      { merchantId: demo.id, memberId: p.id, at: at('2026-11-03T05:00:00Z'), category: 'PVP', validBet: M(50_000) },
      { merchantId: demo.id, memberId: q.id, at: at('2026-11-03T05:00:00Z'), category: 'RNG', validBet: M(10_000) },
    );
    categoryBooked.push({
      merchantId: demo.id,
      memberId: q.id,
      at: at('2026-11-03T05:00:00Z'),
      category: 'FISH',
      validBet: M(1_000),
    });
    await contracts.setRebateRate(demo.id, 'FISH', 50); // the merchant's own rate: 0.5 % instead of 1 %
    await settleAt('2026-11-04T00:00:00Z', () => Promise.all([contracts.settleRebates!(), contracts.settleRebates!()]));
    await settleAt('2026-11-05T00:00:00Z', () => contracts.settleRebates!());
    expect(await mainOf(p)).toBe(M(280));
    expect(await mainOf(q)).toBe(M(120) + M(5));
    const rows = await contracts.rebatesOf(demo.id, p.id);
    expect(rows.map((r) => [r.day, r.category, r.amount])).toEqual([
      ['2026-11-03', 'LIVE', M(160)],
      ['2026-11-03', 'RNG', M(120)],
    ]);
  });
});

describe('scheduling', () => {
  it('one job per contract type (real-time salary every 5 minutes) and the rebates; none without team figures', async () => {
    expect(contracts.jobs.map((j) => [j.name, j.everySeconds])).toEqual([
      ['contracts-dividend', 600],
      ['contracts-daily-wage', 600],
      ['contracts-hourly-salary', 300],
      ['contracts-realtime-salary', 300],
      ['contracts-category-rebate', 600],
    ]);
    // a run with nothing due reports nothing
    const realtime = contracts.jobs.find((j) => j.name === 'contracts-realtime-salary')!;
    expect(await realtime.run({ periodStart: T0 })).toBeNull();
    const unwired = createContractsModule({
      db: t.database.db,
      ledger: t.app.modules.ledger,
      members: t.app.modules.members,
      merchants: t.app.modules.merchants,
      audit: t.app.modules.admin,
      clock,
    });
    expect(unwired.jobs).toEqual([]);
    expect(unwired.settle).toBeUndefined();
  });
});

describe('the house (back office)', () => {
  it('offers a top-level agent a contract (audited in the same transaction) and sets category rebate rates', async () => {
    const admin = await createTestAdmin(t);
    const a = await agent();
    const b = await agent(a);
    const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, merchant: demo.code }, payload });

    const res = await asAdmin('POST', '/admin/api/contracts/house-offer', {
      agentAccount: a.account,
      type: 'daily_wage',
      tiers: DAILY,
    });
    expect(res.statusCode, res.body).toBe(200);
    const offered = res.json().value;
    expect(offered).toMatchObject({ status: 'pending', uplineAccount: null, agentAccount: a.account });
    const log = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'contract.house_offer')
      .execute();
    expect(log).toContainEqual({ action: 'contract.house_offer', target_id: offered.id });
    // only top-level agents; nothing is written for a refused offer
    const refused = await asAdmin('POST', '/admin/api/contracts/house-offer', {
      agentAccount: b.account,
      type: 'daily_wage',
      tiers: DAILY,
    });
    expect(refused.json().code).toBe('contract_not_direct_downline');
    // a member's session is not an admin's
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/admin/api/contracts/rebate-rates',
      headers: { authorization: `Bearer ${a.token}`, merchant: demo.code },
    });
    expect(asMember.statusCode).toBe(401);

    const rates = (await asAdmin('GET', '/admin/api/contracts/rebate-rates')).json().value.list;
    expect(rates).toContainEqual({ category: 'LIVE', rateBp: 80, isDefault: true });
    expect(rates).toContainEqual({ category: 'PVP', rateBp: 0, isDefault: true });
    expect((await asAdmin('PUT', '/admin/api/contracts/rebate-rates/LIVE', { rate: '0.65' })).json().value).toEqual({
      category: 'LIVE',
      rateBp: 65,
    });
    expect((await asAdmin('GET', '/admin/api/contracts/rebate-rates')).json().value.list).toContainEqual({
      category: 'LIVE',
      rateBp: 65,
      isDefault: false,
    });
    expect((await asAdmin('PUT', '/admin/api/contracts/rebate-rates/LIVE', { rate: '101' })).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/admin/api/contracts/rebate-rates/NOPE', { rate: '1' })).statusCode).toBe(400);
    await asAdmin('PUT', '/admin/api/contracts/rebate-rates/LIVE', { rate: '0.8' });
  });
});

describe('agent centre support', () => {
  it('lists the contract types an agent has or had (accepted once), not offers it only received or rejected', async () => {
    const a = await agent();
    const b = await agent(a);
    const types = async (p: Player) => (await call(p, 'GET', '/wps/agent/contract/types')).json().value.types;
    expect(await types(b)).toEqual([]);
    await houseContract(a, 'daily_wage', DAILY);
    const div = (rate: number) =>
      [1, 2, 3].map((k) => ({
        minValidBet: String(k * 1000),
        minActive: k,
        minProfit: String(k * 100),
        rate: String(rate * k),
      }));
    await houseContract(a, 'dividend', div(10), { period: 'monthly' });
    const pending = await offer(a, b, 'daily_wage', DAILY);
    expect(await types(b)).toEqual([]); // pending only
    expect((await decide(b, pending.json().value.id, 'reject')).statusCode).toBe(200);
    const id = await signed(a, b, 'dividend', div(5), { period: 'monthly' });
    expect((await decide(b, id, 'terminate')).statusCode).toBe(200);
    expect(await types(b)).toEqual(['dividend']); // had one, ended since
    expect(await types(a)).toEqual(['dividend', 'daily_wage']);
  });

  it("an operator runs a type's settlement through the job's entry: audited, due periods only, paid once", async () => {
    const a = await agent();
    await houseContract(a, 'hourly_salary', [
      { minValidBet: '100', minActive: 0, rate: '1' },
      { minValidBet: '1000', minActive: 0, rate: '2' },
      { minValidBet: '10000', minActive: 0, rate: '3' },
    ]);
    booked.push({ agentId: a.id, at: at('2026-11-03T04:10:00Z'), validBet: M(2_000), active: 1 });
    let admin = await createTestAdmin(t);
    const run = (type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/contracts/settle',
        headers: { authorization: `Bearer ${admin.token}`, merchant: demo.code },
        payload: { type },
      });
    expect((await run('hourly_salary')).json().value.paid).toBe(0); // the hour is not over
    const first = await settleAt('2026-11-03T05:06:00Z', async () => {
      admin = await createTestAdmin(t); // a session of that time
      return run('hourly_salary');
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.paid).toBeGreaterThanOrEqual(1);
    expect(await mainOf(a)).toBe(M(40));
    const again = await settleAt('2026-11-03T05:07:00Z', () => run('hourly_salary'));
    expect(again.json().value.paid).toBe(0);
    admin = await createTestAdmin(t);
    expect(await mainOf(a)).toBe(M(40));
    expect((await run('weekly')).statusCode).toBe(400);
    const log = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'contract.settle_run')
      .execute();
    expect(log).toContainEqual({ action: 'contract.settle_run', target_id: 'hourly_salary' });
    // a member's session is not an operator's
    const asMember = await call(a, 'POST', '/admin/api/contracts/settle', { type: 'hourly_salary' });
    expect(asMember.statusCode).toBe(401);
  });
});
