import { describe, expect, it } from 'vitest';
import {
  applyRate,
  categoryRebates,
  dividend,
  duePeriods,
  exceedsUpline,
  keeps,
  periodAt,
  realtimeGross,
  realtimeShares,
  rebateDifferential,
  selectTier,
  teamLoss,
  type Tier,
  validateTiers,
  wage,
} from './contract-rules.ts';

/** Major units → minor units at exponent 2 (the examples are in major units). */
const M = (major: number) => BigInt(Math.round(major * 100));
const tier = (
  minValidBet: number,
  minActive: number,
  ratePercent: number,
  minProfit = 0,
  lossPercent?: number,
): Tier => ({
  minValidBet: M(minValidBet),
  minActive,
  minProfit: M(minProfit),
  rateBp: Math.round(ratePercent * 100),
  lossRateBp: lossPercent === undefined ? null : Math.round(lossPercent * 100),
});

// §8.3 proposal tiers (daily wage)
const DAILY: Tier[] = [
  tier(10_000, 3, 0.3),
  tier(50_000, 5, 0.5),
  tier(100_000, 10, 0.8),
  tier(300_000, 20, 1.0),
  tier(1_000_000, 30, 1.2),
  tier(3_000_000, 50, 1.5),
];
// §8.5 proposal tiers (semi-monthly dividend)
const DIVIDEND: Tier[] = [
  tier(100_000, 5, 10, 10_000),
  tier(500_000, 10, 15, 50_000),
  tier(2_000_000, 20, 20, 200_000),
  tier(5_000_000, 30, 25, 500_000),
  tier(10_000_000, 50, 30, 1_000_000),
];

describe('§8.1 rebate differential up the chain', () => {
  it('player 12.0 → D 12.2 → C 12.4 → B 12.6 → A 13.0, bet 20,000: D 40, C 40, B 40, A 80 (total 200)', () => {
    const shares = rebateDifferential(M(20_000), 1200, [1220, 1240, 1260, 1300], 1300);
    expect(shares).toEqual([M(40), M(40), M(40), M(80)]);
    expect(shares.reduce((a, b) => a + b)).toBe(M(200));
  });
  it('stops at the system maximum and pays nothing to an ancestor not above the one below', () => {
    expect(rebateDifferential(M(20_000), 1200, [1200, 1250, 1400, 1500], 1300)).toEqual([0n, M(100), M(100), 0n]);
  });
  it('rounds down once on the cumulative amount: the parts sum to the rounded whole', () => {
    const shares = rebateDifferential(333n, 1000, [1001, 1002, 1003], 1300);
    expect(shares.reduce((a, b) => a + b)).toBe(applyRate(333n, 3));
  });
});

describe('§8.2 tiers', () => {
  it('accepts the worked examples', () => {
    expect(validateTiers('daily_wage', DAILY)).toBeNull();
    expect(validateTiers('dividend', DIVIDEND)).toBeNull();
  });
  it('needs 3 to 6 tiers', () => {
    expect(validateTiers('daily_wage', DAILY.slice(0, 2))).toEqual({ reason: 'tier_count', min: 3, max: 6 });
    expect(validateTiers('daily_wage', [...DAILY, tier(9_000_000, 60, 2)])).toMatchObject({ reason: 'tier_count' });
  });
  it('thresholds and rates strictly increasing', () => {
    const sameBet = DAILY.map((t, i) => (i === 2 ? { ...t, minValidBet: DAILY[1]!.minValidBet } : t));
    expect(validateTiers('daily_wage', sameBet)).toEqual({ reason: 'not_increasing', tier: 3, field: 'minValidBet' });
    const sameRate = DAILY.map((t, i) => (i === 4 ? { ...t, rateBp: DAILY[3]!.rateBp } : t));
    expect(validateTiers('daily_wage', sameRate)).toEqual({ reason: 'not_increasing', tier: 5, field: 'rateBp' });
    const fewerActive = DAILY.map((t, i) => (i === 1 ? { ...t, minActive: 2 } : t));
    expect(validateTiers('daily_wage', fewerActive)).toEqual({ reason: 'not_increasing', tier: 2, field: 'minActive' });
    const lowerLoss = DIVIDEND.map((t, i) => (i === 3 ? { ...t, minProfit: 0n } : t));
    expect(validateTiers('dividend', lowerLoss)).toEqual({ reason: 'not_increasing', tier: 4, field: 'minProfit' });
  });
  it('rates between 0.01 % and 100 %; loss rates only (and always) on real-time salary', () => {
    expect(
      validateTiers(
        'daily_wage',
        DAILY.map((t, i) => (i === 0 ? { ...t, rateBp: 0 } : t)),
      ),
    ).toMatchObject({
      reason: 'rate_range',
      tier: 1,
    });
    expect(validateTiers('realtime_salary', DAILY)).toMatchObject({ reason: 'loss_rate', tier: 1 });
    const rt = DAILY.slice(0, 3).map((t, i) => ({ ...t, lossRateBp: 50 + i * 10 }));
    expect(validateTiers('realtime_salary', rt)).toBeNull();
    expect(validateTiers('daily_wage', rt)).toMatchObject({ reason: 'loss_rate' });
    expect(validateTiers('daily_wage', DIVIDEND)).toMatchObject({ reason: 'threshold_range' });
  });
  it('selects the highest tier whose every threshold is met', () => {
    expect(selectTier(DAILY, { validBet: M(1_200_000), activeMembers: 32 })).toBe(4);
    expect(selectTier(DAILY, { validBet: M(1_200_000), activeMembers: 12 })).toBe(2); // active limits it
    expect(selectTier(DAILY, { validBet: M(9_999.99), activeMembers: 99 })).toBeNull();
    expect(selectTier(DAILY, { validBet: M(10_000), activeMembers: 3 })).toBe(0); // thresholds inclusive
  });
  it("a downline's tier must be covered by an upline tier with lower-or-equal thresholds and a higher-or-equal rate", () => {
    const lower = DAILY.map((t) => ({ ...t, rateBp: t.rateBp - 10 }));
    expect(exceedsUpline(lower, DAILY)).toBeNull();
    expect(exceedsUpline(DAILY, DAILY)).toBeNull();
    const higher = DAILY.map((t, i) => (i === 3 ? { ...t, rateBp: t.rateBp + 1 } : t));
    expect(exceedsUpline(higher, DAILY)).toBe(4);
    // a richer rate at a lower threshold than any upline tier offering it
    const cheap = [tier(10_000, 3, 0.5), tier(20_000, 3, 0.6), tier(30_000, 3, 0.7)];
    expect(exceedsUpline(cheap, DAILY)).toBe(1);
    // a rate reached only at a higher threshold is covered
    expect(exceedsUpline([tier(2_000_000, 40, 1.2), tier(3_000_000, 60, 1.3), tier(4_000_000, 60, 1.5)], DAILY)).toBe(
      null,
    );
  });
});

describe('§8.3 daily wage', () => {
  it('A: team 1,200,000, 32 active → tier 5 → 14,400; B: 500,000, 12 active → tier 3 → 4,000; A keeps 10,400', () => {
    const a = wage(DAILY, { validBet: M(1_200_000), activeMembers: 32 });
    expect(a).toEqual({ tier: 4, rateBp: 120, amount: M(14_400) });
    const b = wage(DAILY, { validBet: M(500_000), activeMembers: 12 });
    expect(b).toEqual({ tier: 2, rateBp: 80, amount: M(4_000) });
    expect(keeps(a.amount, [b.amount])).toBe(M(10_400));
  });
  it('no tier → not reached, nothing paid', () => {
    expect(wage(DAILY, { validBet: M(5_000), activeMembers: 50 })).toEqual({ tier: null, rateBp: 0, amount: 0n });
  });
  it('rounds down to the minor unit', () => {
    expect(wage(DAILY, { validBet: 3_333_333n + M(10_000), activeMembers: 3 }).amount).toBe(
      ((3_333_333n + M(10_000)) * 30n) / 10_000n,
    );
    expect(applyRate(333n, 30)).toBe(0n);
  });
});

describe('§8.4 real-time and hourly salary', () => {
  const B = { winRateBp: 30, lossRateBp: 80 };
  const A = { winRateBp: 50, lossRateBp: 120 };
  it('member loses 1,000; B loss rate 0.8 %, A 1.2 %: B 8.00, A 4.00', () => {
    expect(realtimeShares(M(1_000), false, [B, A])).toEqual([M(8), M(4)]);
    // as settled: each contract pays the gross, each agent pays its downline's
    expect(
      realtimeGross(A, { wonBet: 0n, lostBet: M(1_000) }) - realtimeGross(B, { wonBet: 0n, lostBet: M(1_000) }),
    ).toBe(M(4));
  });
  it('the same stake winning with win rates B 0.3 %, A 0.5 %: B 3.00, A 2.00', () => {
    expect(realtimeShares(M(1_000), true, [B, A])).toEqual([M(3), M(2)]);
  });
  it('a window sums winning and losing stakes at their own rates', () => {
    expect(realtimeGross(B, { wonBet: M(1_000), lostBet: M(2_000) })).toBe(M(3) + M(16));
  });
  it('hourly salary is the same formula on the hour’s team valid bet', () => {
    const hourly = [tier(1_000, 1, 0.1), tier(5_000, 2, 0.2), tier(20_000, 5, 0.3)];
    expect(wage(hourly, { validBet: M(7_500), activeMembers: 4 })).toEqual({ tier: 1, rateBp: 20, amount: M(15) });
  });
});

describe('§8.5 dividends', () => {
  const loss = teamLoss({
    bets: M(3_000_000),
    prizes: M(2_700_000),
    rebates: M(60_000),
    proxyRebates: M(15_000),
    activity: M(25_000),
  });
  it('loss = 2,700,000 + 60,000 + 15,000 + 25,000 − 3,000,000 = −200,000; 24 active → tier 3 → 40,000', () => {
    expect(loss).toBe(-M(200_000));
    const r = dividend(DIVIDEND, {
      validBet: M(3_000_000),
      profit: -loss,
      activeMembers: 24,
      cumulative: false,
      carryIn: 0n,
    });
    expect(r).toEqual({ tier: 2, rateBp: 2000, amount: M(40_000), base: M(200_000), carryOut: 0n });
  });
  it('cumulative: previous half +50,000 for the team → −150,000 → tier 2 (15 %) → 22,500', () => {
    const previous = dividend(DIVIDEND, {
      validBet: M(800_000),
      profit: -M(50_000),
      activeMembers: 24,
      cumulative: true,
      carryIn: 0n,
    });
    expect(previous).toMatchObject({ amount: 0n, carryOut: -M(50_000) });
    const r = dividend(DIVIDEND, {
      validBet: M(3_000_000),
      profit: -loss,
      activeMembers: 24,
      cumulative: true,
      carryIn: previous.carryOut,
    });
    expect(r).toEqual({ tier: 1, rateBp: 1500, amount: M(22_500), base: M(150_000), carryOut: 0n });
  });
  it('non-cumulative mode ignores the carry; a still-winning team carries the sum on', () => {
    expect(
      dividend(DIVIDEND, {
        validBet: M(3_000_000),
        profit: M(200_000),
        activeMembers: 24,
        cumulative: false,
        carryIn: -M(50_000),
      }).amount,
    ).toBe(M(40_000));
    expect(
      dividend(DIVIDEND, {
        validBet: M(3_000_000),
        profit: M(20_000),
        activeMembers: 24,
        cumulative: true,
        carryIn: -M(50_000),
      }),
    ).toMatchObject({ amount: 0n, carryOut: -M(30_000) });
  });
});

describe('§8.6 category rebates', () => {
  it('RNG 10,000 × 1.2 % + LIVE 20,000 × 0.8 % = 120 + 160 = 280', () => {
    const r = categoryRebates([
      { category: 'RNG', validBet: M(10_000) },
      { category: 'LIVE', validBet: M(20_000) },
    ]);
    expect(r.lines.map((l) => l.amount)).toEqual([M(120), M(160)]);
    expect(r.total).toBe(M(280));
  });
  it('spec §9 rates: LOTT, ELOTT, FISH, SPORTS, ESPORTS 1 %; PVP none; per-merchant overrides', () => {
    const bets = ['LOTT', 'ELOTT', 'FISH', 'SPORTS', 'ESPORTS', 'PVP'].map((category) => ({
      category,
      validBet: M(1_000),
    }));
    expect(categoryRebates(bets).lines.map((l) => l.amount)).toEqual([M(10), M(10), M(10), M(10), M(10), 0n]);
    expect(categoryRebates([{ category: 'RNG', validBet: M(1_000) }], { RNG: 50 }).total).toBe(M(5));
  });
});

describe('periods', () => {
  const tz = 'Asia/Manila'; // UTC+8
  it('days, weeks, half-months and months are local', () => {
    const at = new Date('2026-11-26T20:00:00Z'); // 27 Nov 04:00 local, a Friday
    expect(periodAt('daily', at, tz)).toEqual({
      start: new Date('2026-11-26T16:00:00Z'),
      end: new Date('2026-11-27T16:00:00Z'),
    });
    expect(periodAt('weekly', at, tz).start).toEqual(new Date('2026-11-22T16:00:00Z')); // Monday 23 Nov local
    expect(periodAt('semimonthly', at, tz)).toEqual({
      start: new Date('2026-11-15T16:00:00Z'),
      end: new Date('2026-11-30T16:00:00Z'),
    });
    expect(periodAt('semimonthly', new Date('2026-11-10T00:00:00Z'), tz).end).toEqual(new Date('2026-11-15T16:00:00Z'));
    expect(periodAt('monthly', new Date('2026-12-31T17:00:00Z'), tz)).toEqual({
      start: new Date('2026-12-31T16:00:00Z'),
      end: new Date('2027-01-31T16:00:00Z'),
    });
    expect(periodAt('realtime', new Date('2026-11-26T20:07:31Z'), tz).start).toEqual(new Date('2026-11-26T20:05:00Z'));
  });
  it('due periods: ended after acceptance, not past the limit, after the last settled one', () => {
    const from = new Date('2026-11-26T20:07:00Z');
    const until = new Date('2026-11-26T20:31:00Z');
    const all = duePeriods('realtime', { from, until, timeZone: tz, limit: 100 });
    expect(all.map((p) => p.start.toISOString().slice(11, 16))).toEqual(['20:05', '20:10', '20:15', '20:20', '20:25']);
    const rest = duePeriods('realtime', {
      from,
      until,
      after: new Date('2026-11-26T20:20:00Z'),
      timeZone: tz,
      limit: 100,
    });
    expect(rest.map((p) => p.start.toISOString().slice(11, 16))).toEqual(['20:20', '20:25']);
    expect(duePeriods('realtime', { from, until, timeZone: tz, limit: 2 })).toHaveLength(2);
  });
});
