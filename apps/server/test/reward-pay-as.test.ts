import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayEvent } from '../src/lib/play-events.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberBonus, memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Pay as bonus in the remaining reward editors (issue 23): a mission, a leaderboard prize table, a VIP level's
 * level-up reward, the referral programme and a raffle set to pay as bonus grant rewards with their wagering terms;
 * claimed, each lands in the bonus account (not main) with requirement = multiplier × amount; a cash one stays cash;
 * terms that are missing or could never pay are refused with validation_failed and the field. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let now = new Date('2026-12-07T04:00:00Z'); // noon in Asia/Manila
let seq = 0;
let ipSeq = 0;
const TERMS = { multiplier: 3, maxConversion: null, maxStake: '2000', expiryDays: 5 };

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
});
afterEach(async () => {
  expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
});
afterAll(() => t?.close());

type Body = ReturnType<typeof JSON.parse>;
const call = (p: Player, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' } });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin/api${url}`,
    headers: { authorization: `Bearer ${owner.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });
const ok = async (r: Promise<{ json(): Body; body: string }>): Promise<Body> => {
  const res = await r;
  const b = res.json();
  if (!b.success) throw new Error(`expected success: ${res.body}`);
  return b.value;
};
const refused = async (r: Promise<{ json(): Body }>) => {
  const b = (await r).json();
  expect(b.code).toBe('validation_failed');
  return (b.value?.fields ?? []).map((f: { field: string }) => f.field) as string[];
};
async function balances(p: Player) {
  const b = await t.app.modules.ledger.balances(demo.id, [memberMain(p.id), memberBonus(p.id)]);
  return { main: b[memberMain(p.id)]?.balance ?? 0n, bonus: b[memberBonus(p.id)]?.balance ?? 0n };
}
async function relogin(...ps: Player[]) {
  owner.token = await loginTestAdmin(t, owner);
  for (const p of ps) {
    const row = (await t.app.modules.members.findById(demo.id, p.id))!;
    p.token = (
      await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
    ).token;
  }
}
const bet = (p: { id: bigint }, over: Partial<Extract<PlayEvent, { kind: 'bet_settled' }>> = {}): PlayEvent => ({
  kind: 'bet_settled',
  id: `round:pa-${++seq}`,
  merchantId: demo.id,
  memberId: p.id,
  product: 'house',
  category: 'SLOT',
  gameCode: 'LUCKY_DRAGON',
  stake: 10_000n,
  validBet: 10_000n,
  payout: 0n,
  settledAt: now,
  ...over,
});
const rewardsOf = async (p: Player, source: string) =>
  (await ok(call(p, 'GET', '/wps/rewards?view=claimable&pageSize=50'))).list.filter(
    (r: Body) => r.source === source,
  ) as Body[];

/** Claims the member's one reward of `source`: paid as bonus with TERMS — bonus balance and requirement exact. */
async function claimsAsBonus(p: Player, source: string, amount: bigint, title?: string) {
  const rs = (await rewardsOf(p, source)).filter((r) => !title || r.title.includes(title));
  expect(rs).toHaveLength(1);
  expect(rs[0]).toMatchObject({ kind: 'bonus', amount: String(amount), bonusTerms: TERMS });
  const before = await balances(p);
  await ok(call(p, 'POST', `/wps/rewards/${rs[0].reference}/claim`));
  expect(await balances(p)).toEqual({ main: before.main, bonus: before.bonus + amount });
  const s = await ok(call(p, 'GET', '/wps/bonus'));
  expect(s.active).toMatchObject({
    kind: 'reward',
    rewardRef: rs[0].reference,
    amount: String(amount),
    requirement: String(amount * 3n),
    wagered: '0',
  });
}

describe('missions paid as bonus', () => {
  const mission = { kind: 'bet_amount', period: 'daily', category: 'SLOT', target: '10000', reward: '1500' };

  it('the editor takes bonus only with terms that can pay; the list shows the choice', async () => {
    expect(await refused(staff('POST', '/rewards/missions', { ...mission, title: 'x', payAs: 'bonus' }))).toContain(
      'bonusTerms',
    );
    const zero = { ...TERMS, maxConversion: '0' };
    expect(
      await refused(staff('POST', '/rewards/missions', { ...mission, title: 'x', payAs: 'bonus', bonusTerms: zero })),
    ).toEqual(['bonusTerms.maxConversion']);
    const big = { ...TERMS, multiplier: 500 };
    expect(
      await refused(staff('POST', '/rewards/missions', { ...mission, title: 'x', payAs: 'bonus', bonusTerms: big })),
    ).toEqual(['bonusTerms.multiplier']);
    const saved = await ok(
      staff('POST', '/rewards/missions', { ...mission, title: 'Bonus slots', payAs: 'bonus', bonusTerms: TERMS }),
    );
    expect(saved).toMatchObject({ payAs: 'bonus', bonusTerms: TERMS });
    await ok(staff('POST', '/rewards/missions', { ...mission, title: 'Cash slots', reward: '700' }));
    const list = (await ok(staff('GET', '/rewards/missions'))).list as Body[];
    expect(list.find((m) => m.title === 'Bonus slots')).toMatchObject({ payAs: 'bonus', bonusTerms: TERMS });
    expect(list.find((m) => m.title === 'Cash slots')).toMatchObject({ payAs: 'cash', bonusTerms: null });
  });

  it("the player's mission list says how each reward pays: the bonus one with its terms, the cash one cash", async () => {
    const p = await newPlayer(t, demo);
    const list = (await ok(call(p, 'GET', '/wps/rewards/missions'))).list as Body[];
    expect(list.find((m) => m.title === 'Bonus slots')).toMatchObject({
      reward: '1500',
      payAs: 'bonus',
      bonusTerms: TERMS,
    });
    expect(list.find((m) => m.title === 'Cash slots')).toMatchObject({
      reward: '700',
      payAs: 'cash',
      bonusTerms: null,
    });
  });

  it('completed, the bonus mission is claimed into the bonus account with its terms; the cash one into main', async () => {
    const p = await newPlayer(t, demo);
    await t.app.modules.rewards.consumers[0]!.handle([bet(p)]);
    await claimsAsBonus(p, 'mission', 1_500n, 'Bonus slots');
    const cash = (await rewardsOf(p, 'mission')).find((r) => r.title === 'Cash slots')!;
    expect(cash).toMatchObject({ kind: 'cash', bonusTerms: null });
    const before = await balances(p);
    await ok(call(p, 'POST', `/wps/rewards/${cash.reference}/claim`));
    expect(await balances(p)).toEqual({ main: before.main + 700n, bonus: before.bonus });
  });
});

describe('leaderboard prizes paid as bonus', () => {
  it('a board paid as bonus grants its prizes with the terms; claimed into the bonus account', async () => {
    const board = { period: 'daily', metric: 'multiplier', amounts: ['2500'] };
    expect(await refused(staff('PUT', '/rewards/leaderboard-prizes', { ...board, payAs: 'bonus' }))).toContain(
      'bonusTerms',
    );
    const saved = await ok(
      staff('PUT', '/rewards/leaderboard-prizes', { ...board, payAs: 'bonus', bonusTerms: TERMS }),
    );
    expect(saved.list.find((b: Body) => b.period === 'daily' && b.metric === 'multiplier')).toEqual({
      ...board,
      payAs: 'bonus',
      bonusTerms: TERMS,
    });
    const p = await newPlayer(t, demo);
    // The player's board says how its prizes pay; a board without bonus terms pays cash.
    const view = await ok(call(p, 'GET', '/wps/rewards/leaderboard?period=daily&metric=multiplier'));
    expect(view).toMatchObject({ prizes: [{ rank: 1, amount: '2500' }], payAs: 'bonus', bonusTerms: TERMS });
    const other = await ok(call(p, 'GET', '/wps/rewards/leaderboard?period=weekly&metric=valid_bet'));
    expect(other).toMatchObject({ payAs: 'cash', bonusTerms: null });
    now = new Date('2026-12-08T04:00:00Z');
    await t.app.modules.rewards.consumers[0]!.handle([bet(p, { payout: 990_000n, settledAt: now })]); // × 99
    now = new Date('2026-12-09T01:00:00Z');
    await relogin(p);
    expect(await t.app.modules.rewards.leaderboards.payEnded()).toBeGreaterThanOrEqual(1);
    await claimsAsBonus(p, 'leaderboard', 2_500n, 'best win');
  });
});

describe('VIP level-up rewards paid as bonus', () => {
  it('a level paid as bonus needs terms and an amount; reaching it grants the level-up reward as bonus', async () => {
    const levels = (await ok(staff('GET', '/vip/levels'))).list as Body[];
    const bronze = levels.find((l) => l.name === 'Bronze')!;
    const { id, members: _m, level: _l, payAs: _p, bonusTerms: _b, ...fields } = bronze;
    expect(await refused(staff('PUT', `/vip/levels/${id}`, { ...fields, payAs: 'bonus' }))).toContain('bonusTerms');
    expect(
      await refused(
        staff('PUT', `/vip/levels/${id}`, { ...fields, levelUpReward: '0', payAs: 'bonus', bonusTerms: TERMS }),
      ),
    ).toEqual(['levelUpReward']);
    const saved = await ok(staff('PUT', `/vip/levels/${id}`, { ...fields, payAs: 'bonus', bonusTerms: TERMS }));
    expect(saved.list.find((l: Body) => l.id === id)).toMatchObject({ payAs: 'bonus', bonusTerms: TERMS });
    const p = await newPlayer(t, demo);
    // The player's VIP page: the level-up reward of Bronze with its terms, the other levels' in cash.
    const levelsSeen = (await ok(call(p, 'GET', '/wps/vip'))).levels as Body[];
    expect(levelsSeen.find((l) => l.name === 'Bronze')).toMatchObject({
      levelUpReward: bronze.levelUpReward,
      payAs: 'bonus',
      bonusTerms: TERMS,
    });
    expect(levelsSeen.filter((l) => l.name !== 'Bronze').every((l) => l.payAs === 'cash' && !l.bonusTerms)).toBe(true);
    await t.app.modules.vip.consumers[0]!.handle([bet(p, { category: 'RNG', stake: 50_000n, validBet: 50_000n })]);
    await claimsAsBonus(p, 'vip', BigInt(bronze.levelUpReward), 'Bronze');
  });
});

describe('referral rewards paid as bonus', () => {
  it('the programme paid as bonus grants the referrer its reward with the terms', async () => {
    const rules = {
      enabled: true,
      minFirstDeposit: '10000',
      turnover: '20000',
      withinDays: 30,
      referrerReward: '5000',
      refereeReward: '0',
      monthlyCap: 10,
    };
    expect(await refused(staff('PUT', '/referral/settings', { ...rules, payAs: 'bonus' }))).toContain('bonusTerms');
    const saved = await ok(staff('PUT', '/referral/settings', { ...rules, payAs: 'bonus', bonusTerms: TERMS }));
    expect(saved).toMatchObject({ payAs: 'bonus', bonusTerms: TERMS });
    const referrer = await newPlayer(t, demo);
    const overview = await ok(call(referrer, 'GET', '/wps/referral'));
    expect(overview.rules).toMatchObject({ referrerReward: '5000', payAs: 'bonus', bonusTerms: TERMS });
    const code = overview.code as string;
    const username = `pafriend${++seq}${Date.now() % 10000}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { merchant: 'demo', 'x-forwarded-for': `10.78.0.${++ipSeq}` },
      payload: {
        username,
        password: 'long enough pw',
        confirmPassword: 'long enough pw',
        agreeTerms: true,
        referralCode: code,
      },
    });
    expect(res.json().success).toBe(true);
    const friend = (await t.app.modules.members.findByAccount(demo.id, username))!;
    await t.app.modules.referral.consumers[0]!.handle([
      {
        kind: 'deposit_credited',
        id: `deposit:pa-${++seq}`,
        merchantId: demo.id,
        memberId: friend.id,
        amount: 10_000n,
        first: true,
        at: now,
      },
      bet(friend, { stake: 20_000n, validBet: 20_000n }),
    ]);
    await claimsAsBonus(referrer, 'referral', 5_000n);
  });
});

describe('raffle prizes paid as bonus', () => {
  it('a raffle paid as bonus draws its prizes into the reward centre with the terms', async () => {
    const raffle = {
      title: 'Bonus raffle',
      startsAt: new Date(now.getTime() - 3_600_000).toISOString(),
      endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
      drawAt: new Date(now.getTime() + 3_600_000).toISOString(),
      turnoverPerTicket: '10000',
      maxTickets: 5,
      prizes: ['4000'],
    };
    expect(await refused(staff('POST', '/raffles', { ...raffle, payAs: 'bonus' }))).toContain('bonusTerms');
    const saved = await ok(staff('POST', '/raffles', { ...raffle, payAs: 'bonus', bonusTerms: TERMS }));
    expect(saved).toMatchObject({ payAs: 'bonus', bonusTerms: TERMS });
    const p = await newPlayer(t, demo);
    const seen = (await ok(call(p, 'GET', '/wps/raffles'))).list as Body[];
    expect(seen.find((r) => r.id === saved.id)).toMatchObject({ prizes: ['4000'], payAs: 'bonus', bonusTerms: TERMS });
    expect((await ok(call(p, 'GET', `/wps/raffles/${saved.id}`))).raffle).toMatchObject({ payAs: 'bonus' });
    await t.app.modules.raffle.consumer.handle([bet(p)]);
    now = new Date(now.getTime() + 3_700_000);
    await relogin(p);
    expect((await t.app.modules.raffle.drawDue()).drawn).toBe(1);
    await claimsAsBonus(p, 'raffle', 4_000n, 'Bonus raffle');
  });
});
