import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import { toNumber, toPercent } from '../rational.ts';
import { chiSquare } from '../testing/chi-square.ts';
import { LUCKY_MATCH_V1 } from './scratch-math.ts';
import { checkScratchBet, playScratch, scratchHitRate, scratchRtp } from './scratch-round.ts';

const math = LUCKY_MATCH_V1;
const seeds = { serverSeed: 'scratch-test-server-seed', clientSeed: 'scratch-test', nonce: 0 };

describe('scratch card maths', () => {
  it('has the exact declared RTP: Σ p × prize', () => {
    expect(toPercent(scratchRtp(math), 4)).toBe('96.0000');
    expect(toPercent(scratchRtp(math), 2)).toBe(math.declaredRtp);
    expect(math.prizes.reduce((s, p) => s + p.weight, 0)).toBe(1_000_000);
    expect(1 / toNumber(scratchHitRate(math))).toBeCloseTo(2.745, 3);
  });
});

describe('scratch round', () => {
  it('shows a grid consistent with the prize: three equal amounts on a win, never a second three', () => {
    const seen = new Map<number, number>();
    const wrong: unknown[] = [];
    for (let nonce = 0; nonce < 5_000; nonce++) {
      const r = playScratch(math, { seeds: { ...seeds, nonce }, bet: { betLevel: 5 } });
      const counts = new Map<number, number>();
      for (const a of r.grid) counts.set(a, (counts.get(a) ?? 0) + 1);
      const threes = [...counts].filter(([, n]) => n >= 3);
      const ok =
        r.grid.length === 9 &&
        r.win === r.prize * 5 &&
        r.grid.every((a) => math.prizes.some((p) => p.prize === a && a > 0)) &&
        (r.prize > 0
          ? threes.length === 1 &&
            threes[0]![0] === r.prize &&
            threes[0]![1] === 3 &&
            r.winningCells.length === 3 &&
            r.winningCells.every((i) => r.grid[i] === r.prize)
          : threes.length === 0 && r.winningCells.length === 0);
      if (!ok) wrong.push(r);
      seen.set(r.prize, (seen.get(r.prize) ?? 0) + 1);
    }
    expect(wrong).toEqual([]);
    expect(seen.get(0)! + seen.get(1)! + seen.get(2)!).toBeGreaterThan(4_000);
  });

  it('draws prizes with the declared weights (chi-square, α = 0.01, rare prizes pooled)', () => {
    const rounds = 30_000;
    const observed = new Map<number, number>();
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { prize } = playScratch(math, { seeds: { ...seeds, clientSeed: 'weights', nonce }, bet: { betLevel: 1 } });
      const key = prize >= 50 ? 50 : prize; // pool the prizes rarer than 1 in 500 into one class
      observed.set(key, (observed.get(key) ?? 0) + 1);
    }
    const classes = new Map<number, number>();
    for (const p of math.prizes) {
      const key = p.prize >= 50 ? 50 : p.prize;
      classes.set(key, (classes.get(key) ?? 0) + p.weight / 1_000_000);
    }
    const keys = [...classes.keys()];
    const result = chiSquare(
      keys.map((k) => observed.get(k) ?? 0),
      keys.map((k) => classes.get(k)! * rounds),
    );
    expect(result.pValue).toBeGreaterThan(0.01);
  });

  it('replays and validates the bet', () => {
    const a = playScratch(math, { seeds, bet: { betLevel: 2 } });
    expect(playScratch(math, { seeds, bet: { betLevel: 2 } })).toEqual(a);
    expect(checkScratchBet(math, { betLevel: 3 })?.code).toBe('invalid_bet');
    expect(() => playScratch(math, { seeds, bet: { betLevel: 0 } })).toThrow(GameInputError);
  });
});
