import { describe, expect, it } from 'vitest';
import {
  cancelledByMinimum,
  fightCommitment,
  fightOutcome,
  fightSchedule,
  fightScript,
  houseTake,
  payoutPer100,
  sabongBetReturn,
  sideReturn,
  verifyFight,
} from './sabong.ts';

describe('sabong: pari-mutuel payouts with plasada (domain-rules §6.2)', () => {
  const pools = { meron: 600_000n, wala: 400_000n };

  it('the worked example exactly: Meron 158.33, Wala 237.50 per 100; a 1,000 Wala win returns 2,375', () => {
    expect(payoutPer100(pools, 'meron', 500)).toBe(15833n);
    expect(payoutPer100(pools, 'wala', 500)).toBe(23750n);
    expect(sideReturn(pools, 'wala', 500, 1_000n)).toBe(2_375n);
    expect(sabongBetReturn('wala', 1_000n, 'wala', pools, 500)).toBe(2_375n);
    // The house keeps 50,000 (5 % of the 1,000,000 pool) when the whole pool is the bets.
    const whole = [
      { side: 'meron' as const, stake: 600_000n },
      { side: 'wala' as const, stake: 400_000n },
    ];
    expect(houseTake(whole, 'wala', pools, 500)).toBe(50_000n);
    expect(houseTake(whole, 'meron', pools, 500)).toBe(50_000n);
  });

  it('a winning side rounds down to the minor unit; the losers and Draw lose', () => {
    // 100 on Meron: 100 × 1,000,000 × 0.95 / 600,000 = 158.33… → 158.
    expect(sabongBetReturn('meron', 100n, 'meron', pools, 500)).toBe(158n);
    expect(sabongBetReturn('meron', 100n, 'wala', pools, 500)).toBe(0n);
    expect(sabongBetReturn('draw', 100n, 'meron', pools, 500)).toBe(0n);
    // No plasada: a fair split of the pool.
    expect(sabongBetReturn('wala', 400_000n, 'wala', pools, 0)).toBe(1_000_000n);
    // Conservation: the winners never get more than the pool less the plasada.
    const bets = [
      { side: 'meron' as const, stake: 333n },
      { side: 'meron' as const, stake: 599_667n },
      { side: 'wala' as const, stake: 1n },
      { side: 'wala' as const, stake: 399_999n },
    ];
    const paid = bets.reduce((s, b) => s + sabongBetReturn(b.side, b.stake, 'meron', pools, 500), 0n);
    expect(paid).toBeLessThanOrEqual(950_000n);
    expect(paid).toBeGreaterThanOrEqual(950_000n - BigInt(bets.length));
  });

  it('draw: Meron/Wala returned without plasada, Draw pays 8:1', () => {
    expect(sabongBetReturn('meron', 1_000n, 'draw', pools, 500)).toBe(1_000n);
    expect(sabongBetReturn('wala', 1_000n, 'draw', pools, 500)).toBe(1_000n);
    expect(sabongBetReturn('draw', 1_000n, 'draw', pools, 500)).toBe(9_000n);
  });

  it('cancel: every bet (Draw too) returned', () => {
    for (const side of ['meron', 'wala', 'draw'] as const)
      expect(sabongBetReturn(side, 700n, null, pools, 500)).toBe(700n);
  });

  it('minimum payout: cancelled at or below 107 per 100, not above', () => {
    expect(cancelledByMinimum(pools, 500)).toBe(false);
    // Meron 880, Wala 120 → Meron 1,000 × 0.95 / 880 = 107.95 per 100: stands.
    expect(cancelledByMinimum({ meron: 880n, wala: 120n }, 500)).toBe(false);
    // Meron 890, Wala 110 → 106.74: cancelled.
    expect(cancelledByMinimum({ meron: 890n, wala: 110n }, 500)).toBe(true);
    // Exactly 107: total × 0.95 × 100 = 107 × side ⇒ side = 9,500 of total 10,700.
    expect(payoutPer100({ meron: 9_500n, wala: 1_200n }, 'meron', 500)).toBe(10700n);
    expect(cancelledByMinimum({ meron: 9_500n, wala: 1_200n }, 500)).toBe(true);
    expect(cancelledByMinimum({ meron: 9_499n, wala: 1_201n }, 500)).toBe(false);
    // One side empty: the other would get 95 → cancelled. Nothing on either side: no market, the fight stands.
    expect(cancelledByMinimum({ meron: 1_000n, wala: 0n }, 500)).toBe(true);
    expect(cancelledByMinimum({ meron: 0n, wala: 0n }, 500)).toBe(false);
    expect(payoutPer100({ meron: 0n, wala: 10n }, 'meron', 500)).toBeNull();
  });

  it('refuses a plasada out of bounds and non-positive stakes', () => {
    expect(() => payoutPer100(pools, 'meron', -1)).toThrow(RangeError);
    expect(() => payoutPer100(pools, 'meron', 1501)).toThrow(RangeError);
    expect(() => payoutPer100(pools, 'meron', 1.5)).toThrow(RangeError);
    expect(() => sabongBetReturn('meron', 0n, 'meron', pools, 500)).toThrow(RangeError);
  });
});

describe('sabong: the result from a committed seed', () => {
  it('deterministic, verifiable, and the script ends with the winner', () => {
    const seed = 'a'.repeat(64);
    const outcome = fightOutcome(seed);
    expect(fightOutcome(seed)).toBe(outcome);
    expect(fightCommitment(seed)).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyFight(seed, fightCommitment(seed), outcome)).toEqual({ seedMatches: true, outcomeMatches: true });
    expect(verifyFight('b' + seed.slice(1), fightCommitment(seed), outcome).seedMatches).toBe(false);
    const script = fightScript(seed);
    expect(script.outcome).toBe(outcome);
    expect(script.exchanges.length).toBeGreaterThanOrEqual(3);
    expect(script.exchanges.length).toBeLessThanOrEqual(7);
    if (outcome !== 'draw') expect(script.exchanges.at(-1)!.striker).toBe(outcome);
  });

  it('outcome frequencies match 0.45 / 0.45 / 0.10 over 20,000 seeds (within 4 standard deviations)', () => {
    const n = 20_000;
    const counts = { meron: 0, wala: 0, draw: 0 };
    for (let i = 0; i < n; i++) counts[fightOutcome(`seed-${i}`)]++;
    for (const [side, p] of [
      ['meron', 0.45],
      ['wala', 0.45],
      ['draw', 0.1],
    ] as const) {
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(counts[side] - n * p)).toBeLessThan(4 * sd);
    }
  });

  it('the schedule: last call before close, the fight after it', () => {
    const s = fightSchedule(new Date('2026-11-28T10:00:00Z'), {
      bettingSeconds: 30,
      lastCallSeconds: 5,
      fightSeconds: 8,
      resultSeconds: 4,
    });
    expect(s.lastCallAt.toISOString()).toBe('2026-11-28T10:00:25.000Z');
    expect(s.closesAt.toISOString()).toBe('2026-11-28T10:00:30.000Z');
    expect(s.fightEndsAt.toISOString()).toBe('2026-11-28T10:00:38.000Z');
  });
});
