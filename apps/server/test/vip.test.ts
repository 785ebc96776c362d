import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayEvent } from '../src/lib/play-events.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * VIP programme (issue 23): tier points from settled bets × the points rules' contribution, counted once per event
 * under replays and reordering; up at once with a level-up reward in the reward centre (claimed once under a race);
 * down one level by the keep rule at a period's end (a job, once per period, never below 0); weekly / monthly
 * bonuses once per window; the level's rebate bonus in the manual rebate (paid once through the ledger); the back
 * office's ladder editor with field errors. The demo ladder (seed): Member 0, Bronze 500, Silver 5,000, Gold 25,000,
 * Platinum 100,000 tier points a local month (one point per PHP 1 of weighted valid bet; RNG 100 %, LIVE 10 %).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let demo: Merchant;
let now = new Date('2026-11-10T04:00:00Z'); // noon in Asia/Manila, in the local month 2026-11
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  if (!t) return;
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
  await t.close();
});

type Body = ReturnType<typeof JSON.parse>;
const call = (p: Player, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' } });
const staff = (a: TestAdmin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin/api/vip${url}`,
    headers: { authorization: `Bearer ${a.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });
const ok = async (r: Promise<{ json(): Body; body: string }>): Promise<Body> => {
  const res = await r;
  const b = res.json();
  if (!b.success) throw new Error(`expected success: ${res.body}`);
  return b.value;
};
const main = async (id: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;
async function relogin(p: Player) {
  const row = (await t.app.modules.members.findById(demo.id, p.id))!;
  p.token = (
    await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
  ).token;
}
/** A settled bet of `pesos` valid bet (minor units × 100) in a category. */
const bet = (p: Player, pesos: number, category = 'RNG'): PlayEvent => ({
  kind: 'bet_settled',
  id: `round:vip-${++seq}`,
  merchantId: demo.id,
  memberId: p.id,
  product: 'house',
  category,
  gameCode: 'LUCKY_DRAGON',
  stake: BigInt(pesos * 100),
  validBet: BigInt(pesos * 100),
  payout: 0n,
  settledAt: now,
});
const consumer = () => t.app.modules.vip.consumers[0]!;
const vipOf = async (p: Player) => ok(call(p, 'GET', '/wps/vip'));
const vipRewards = async (p: Player) =>
  (await ok(call(p, 'GET', '/wps/rewards?view=claimable&pageSize=50'))).list.filter(
    (r: { source: string }) => r.source === 'vip',
  );

describe('tier points and moving up', () => {
  it('counts each settled bet once, replayed or reordered, by the contribution of its category', async () => {
    const p = await newPlayer(t, demo);
    const a = bet(p, 200);
    const b = bet(p, 150);
    const live = bet(p, 1_000, 'LIVE'); // LIVE contributes 10 %: 100 points
    await consumer().handle([a, b, a]);
    await consumer().handle([b, a]); // the batch again, reordered
    await consumer().handle([live, b]);
    const v = await vipOf(p);
    expect(v).toMatchObject({ basis: 'tier_points', period: 'month', level: 0, qualifying: '450' });
    expect(v.periodStart).toBe('2026-10-31T16:00:00.000Z'); // 2026-11-01 00:00 in Manila
    expect(v.levels.map((l: { name: string }) => l.name)).toEqual(['Member', 'Bronze', 'Silver', 'Gold', 'Platinum']);
    expect(await vipRewards(p)).toEqual([]);
  });

  it('moves up at once when the threshold is reached; the level-up reward is claimed once under a race', async () => {
    const p = await newPlayer(t, demo);
    await consumer().handle([bet(p, 499)]);
    expect((await vipOf(p)).level).toBe(0);
    const last = bet(p, 1);
    await Promise.all([consumer().handle([last]), consumer().handle([last])]);
    const v = await vipOf(p);
    expect(v).toMatchObject({ level: 1, qualifying: '500' });
    expect(v.history).toMatchObject([{ fromLevel: 0, toLevel: 1, reason: 'up', qualifying: '500' }]);

    const [reward, ...more] = await vipRewards(p);
    expect(more).toEqual([]);
    expect(reward).toMatchObject({ source: 'vip', amount: '5000', title: 'VIP level-up: Bronze', status: 'claimable' });
    const before = await main(p.id);
    const answers = await Promise.all([
      call(p, 'POST', `/wps/rewards/${reward.reference}/claim`),
      call(p, 'POST', `/wps/rewards/${reward.reference}/claim`),
    ]);
    expect(answers.map((r) => r.json().code ?? 'ok').sort()).toEqual(['ok', 'reward_already_claimed'].sort());
    expect((await main(p.id)) - before).toBe(5000n);
  });

  it('a jump over several levels grants each passed level once; the page needs VIP3', async () => {
    const p = await newPlayer(t, demo);
    await consumer().handle([bet(p, 5_000)]);
    expect((await vipOf(p)).level).toBe(2);
    const titles = (await vipRewards(p)).map((r: { title: string }) => r.title).sort();
    expect(titles).toEqual(['VIP level-up: Bronze', 'VIP level-up: Silver']);

    await t.app.modules.merchants.setFlag(demo.id, 'VIP3', false);
    try {
      const off = await call(p, 'GET', '/wps/vip');
      expect(off.json().code).toBe('function_not_enabled');
    } finally {
      await t.app.modules.merchants.setFlag(demo.id, 'VIP3', true);
    }
  });
});

describe('period end, bonuses and the rebate bonus', () => {
  let silver: Player;
  let bronze: Player;
  beforeAll(async () => {
    now = new Date('2026-11-10T04:00:00Z');
    silver = await newPlayer(t, demo, { fund: 1_000_000n });
    bronze = await newPlayer(t, demo);
    await consumer().handle([bet(silver, 6_000), bet(bronze, 600)]);
  });

  it('the weekly and monthly bonuses of the level wait in the reward centre once per window', async () => {
    const job = t.app.modules.vip.grantBonuses;
    await job();
    await job(); // a second run (job redelivery) grants nothing more
    const titles = (await vipRewards(silver)).map((r: { title: string; amount: string }) => `${r.title} ${r.amount}`);
    expect(titles.filter((x: string) => !x.includes('level-up')).sort()).toEqual([
      'VIP monthly bonus: Silver 10000',
      'VIP weekly bonus: Silver 2000',
    ]);
    // Bronze has a monthly bonus only.
    expect((await vipRewards(bronze)).filter((r: { title: string }) => !r.title.includes('level-up'))).toHaveLength(1);

    now = new Date('2026-11-16T04:00:00Z'); // Monday: the next ISO week, same month (the first week's still claimable)
    await relogin(silver);
    await job();
    await job();
    const weekly = (await vipRewards(silver)).filter((r: { title: string }) => r.title.includes('weekly'));
    expect(weekly).toHaveLength(2);
  });

  it("adds the level's rebate bonus to the category rebate rate, paid once through the ledger", async () => {
    now = new Date('2026-11-17T04:00:00Z');
    await relogin(silver);
    const table = await demoLiveTable(t, demo, () => now.getTime());
    await table.round(silver, 40_000n, 0n);
    const view = await ok(call(silver, 'GET', '/wps/rebate/manual'));
    // LIVE 0.80 % + Silver's 0.10 % = 0.90 % of 40,000 = 360.
    expect(view.rows).toEqual([
      { category: 'LIVE', validBet: '40000', rateBp: 90, accrued: '360', claimed: '0', claimable: '360' },
    ]);
    const before = await main(silver.id);
    const answers = await Promise.all([1, 2, 3].map(() => call(silver, 'POST', '/wps/rebate/manual/claim')));
    expect(answers.map((a) => a.json().value.paid).sort()).toEqual(['0', '0', '360']);
    expect((await main(silver.id)) - before).toBe(360n);
    expect(await t.app.modules.vip.rebateBonusBp(demo.id, bronze.id)).toBe(5);
  });

  it('drops one level at a period end below the keep requirement, once per period, never below 0', async () => {
    const judge = t.app.modules.vip.judgeEnded;
    now = new Date('2026-12-05T04:00:00Z'); // November judged: Silver kept 6,000 ≥ 2,500, Bronze 600 ≥ 250
    await judge();
    await relogin(silver);
    await relogin(bronze);
    expect((await vipOf(silver)).level).toBe(2);
    expect((await vipOf(bronze)).level).toBe(1);
    await consumer().handle([bet(silver, 100)]); // December: 100 points only

    // A LIVE round on January 4 (local), at Silver; the settlement job runs after the drop below.
    now = new Date('2027-01-04T04:00:00Z');
    await relogin(silver);
    const table = await demoLiveTable(t, demo, () => now.getTime());
    await table.round(silver, 20_000n, 0n);

    now = new Date('2027-01-05T04:00:00Z'); // December judged: Silver 100 < 2,500 → Bronze; Bronze 0 < 250 → Member
    await judge();
    await judge(); // again: the same period is judged once
    await relogin(silver);
    await relogin(bronze);
    expect((await vipOf(silver)).level).toBe(1);
    expect((await vipOf(bronze)).level).toBe(0);
    // The rebate of a past day is paid at the level held then: Silver's 10 bp for a November day, Bronze's 5 bp now,
    // nothing for a day before the first promotion (a settlement job paying November 20 today must not use today's).
    expect(await t.app.modules.vip.rebateBonusBp(demo.id, silver.id)).toBe(5);
    expect(await t.app.modules.vip.rebateBonusBp(demo.id, silver.id, new Date('2026-11-20T15:59:59Z'))).toBe(10);
    expect(await t.app.modules.vip.rebateBonusBp(demo.id, silver.id, new Date('2026-11-01T00:00:00Z'))).toBe(0);
    expect(await t.app.modules.vip.rebateBonusBp(demo.id, bronze.id, new Date('2026-12-20T00:00:00Z'))).toBe(5);
    expect(await t.app.modules.vip.rebateBonusBp(demo.id, bronze.id)).toBe(0);
    // The batch form answers as the single one, for members with and without a row (999999999: none).
    const at = new Date('2026-11-20T15:59:59Z');
    expect(await t.app.modules.vip.rebateBonusBpMany(demo.id, [silver.id, bronze.id, 999_999_999n], at)).toEqual(
      new Map([
        [silver.id, 10],
        [bronze.id, await t.app.modules.vip.rebateBonusBp(demo.id, bronze.id, at)],
      ]),
    );
    // The settlement job pays January 4 at Silver's rate (LIVE 0.80 % + 0.10 %), though Silver is Bronze now.
    const before = await main(silver.id);
    await t.app.modules.contracts.settleRebates!();
    expect((await main(silver.id)) - before).toBe(180n); // 0.90 % of 20,000 (Bronze's 0.85 % would be 170)
    expect((await vipOf(silver)).history.slice(0, 2)).toMatchObject([
      { fromLevel: 2, toLevel: 1, reason: 'down', qualifying: '100' },
      { fromLevel: 0, toLevel: 2, reason: 'up' },
    ]);

    now = new Date('2027-02-05T04:00:00Z');
    await judge();
    now = new Date('2027-03-05T04:00:00Z');
    await judge();
    await relogin(silver);
    await relogin(bronze);
    expect((await vipOf(silver)).level).toBe(0);
    expect((await vipOf(bronze)).level).toBe(0); // never below 0
    expect((await vipOf(bronze)).history.filter((h: { reason: string }) => h.reason === 'down')).toHaveLength(1);

    // Reaching Bronze again does not pay its level-up reward a second time.
    await consumer().handle([bet(bronze, 600)]);
    expect((await vipOf(bronze)).level).toBe(1);
    const levelUps = (await vipRewards(bronze)).filter((r: { title: string }) => r.title.includes('level-up'));
    expect(levelUps.length).toBeLessThanOrEqual(1);
  });
});

describe('back office: the levels editor', () => {
  it('lists the ladder; refuses bad levels with field errors; adds, edits and re-sorts by threshold', async () => {
    now = new Date('2027-03-05T04:00:00Z');
    const admin = await createTestAdmin(t);
    const list = await ok(staff(admin, 'GET', '/levels'));
    expect(list.list.map((l: { name: string }) => l.name)).toEqual(['Member', 'Bronze', 'Silver', 'Gold', 'Platinum']);
    const level = {
      name: 'Diamond',
      threshold: '50000',
      keepThreshold: '1000',
      levelUpReward: '100000',
      weeklyBonus: '0',
      monthlyBonus: '0',
      rebateBonusBp: 40,
    };
    const bad = await staff(admin, 'POST', '/levels', { ...level, threshold: '1.5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    expect(bad.json().value.fields[0].field).toBe('threshold');
    const keep = await staff(admin, 'POST', '/levels', { ...level, threshold: '500000', keepThreshold: '600000' });
    expect(keep.json().value.fields[0].field).toBe('keepThreshold');

    const added = await ok(staff(admin, 'POST', '/levels', { ...level, threshold: '500000' }));
    expect(added.list.at(-1)).toMatchObject({ level: 5, name: 'Diamond', threshold: '500000', rebateBonusBp: 40 });
    const diamond = added.list.at(-1).id;
    const edited = await ok(
      staff(admin, 'PUT', `/levels/${diamond}`, { ...level, threshold: '400000', name: 'Diamond+' }),
    );
    expect(edited.list.at(-1)).toMatchObject({ name: 'Diamond+', threshold: '400000' });
    expect((await staff(admin, 'PUT', '/levels/999999', level)).json().code).toBe('vip_level_not_found');

    // The ladder is ordered by threshold: Diamond+ moved to 60,000 goes between Gold and Platinum, and a member
    // holding Platinum keeps Platinum (renumbered 4 → 5).
    const top = await newPlayer(t, demo);
    await consumer().handle([bet(top, 100_000)]);
    expect(await ok(staff(admin, 'GET', `/members/${top.account}`))).toMatchObject({ level: 4, name: 'Platinum' });
    const moved = await ok(
      staff(admin, 'PUT', `/levels/${diamond}`, { ...level, threshold: '60000', name: 'Diamond+' }),
    );
    expect(moved.list.map((l: { name: string; level: number }) => `${l.level} ${l.name}`)).toEqual([
      '0 Member',
      '1 Bronze',
      '2 Silver',
      '3 Gold',
      '4 Diamond+',
      '5 Platinum',
    ]);
    expect(moved.list.find((l: { name: string }) => l.name === 'Platinum').members).toBeGreaterThanOrEqual(1);
    expect(await ok(staff(admin, 'GET', `/members/${top.account}`))).toMatchObject({ level: 5, name: 'Platinum' });
    const taken = await staff(admin, 'POST', '/levels', { ...level, threshold: '60000' });
    expect(taken.json().value.fields[0]).toMatchObject({ field: 'threshold', reason: 'taken' });
    const entry = moved.list[0];
    const noEntry = await staff(admin, 'PUT', `/levels/${entry.id}`, {
      ...level,
      name: 'Member',
      threshold: '10',
      keepThreshold: '0',
    });
    expect(noEntry.json().value.fields[0]).toMatchObject({ field: 'threshold', reason: 'entry_level' });

    // Risk staff read the levels and a member's level but cannot change them.
    const risk = await createTestAdmin(t, { role: 'risk' });
    expect((await staff(risk, 'GET', '/levels')).statusCode).toBe(200);
    expect((await staff(risk, 'POST', '/levels', level)).json().code).toBe('admin_forbidden');
    const p = await newPlayer(t, demo);
    await consumer().handle([bet(p, 700)]);
    expect(await ok(staff(risk, 'GET', `/members/${p.account}`))).toMatchObject({
      level: 1,
      name: 'Bronze',
      qualifying: '700',
    });
    expect((await staff(risk, 'GET', '/members/nobody-here')).json().code).toBe('member_not_found');
  });
});
