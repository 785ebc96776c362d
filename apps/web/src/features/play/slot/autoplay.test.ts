import { describe, expect, it } from 'vitest';
import { afterRound, type AutoplaySettings, spinsLeft, startProgress } from './autoplay.ts';

const base: AutoplaySettings = { spins: 10, lossLimit: null, singleWinLimit: null, stopOnFeature: false };
const round = (stake: number, win: number, freeSpins = 0) => ({ stake, win, freeSpins });

describe('auto spin stop conditions', () => {
  it('stops after the number of spins', () => {
    let p = startProgress();
    for (let i = 1; i <= 10; i++) {
      const r = afterRound(base, p, round(20, 0), 20, 10_000);
      p = r.progress;
      expect(r.stop).toBe(i === 10 ? 'count' : null);
    }
    expect(spinsLeft(base, p)).toBe(0);
  });

  it('stops before the next stake would take the loss past the limit', () => {
    const s = { ...base, spins: null, lossLimit: 100 };
    let p = startProgress();
    const stops = [];
    for (let i = 0; i < 6; i++) {
      const r = afterRound(s, p, round(20, 5), 20, 10_000);
      p = r.progress;
      stops.push(r.stop);
    }
    // Net loss 15 per spin: after 5 spins 75, a 6th stake (20) would reach 95 ≤ 100, after 6 spins 90 + 20 > 100.
    expect(stops).toEqual([null, null, null, null, null, 'lossLimit']);
  });

  it('stops on a single win above the limit, on the feature, and when the balance is too low', () => {
    expect(afterRound({ ...base, singleWinLimit: 500 }, startProgress(), round(20, 501), 20, 1e6).stop).toBe(
      'winLimit',
    );
    expect(afterRound({ ...base, singleWinLimit: 500 }, startProgress(), round(20, 500), 20, 1e6).stop).toBe(null);
    expect(afterRound({ ...base, stopOnFeature: true }, startProgress(), round(20, 0, 8), 20, 1e6).stop).toBe(
      'feature',
    );
    expect(afterRound(base, startProgress(), round(20, 0), 20, 19).stop).toBe('funds');
  });

  it('an unlimited count keeps going and shows no count', () => {
    const s = { ...base, spins: null };
    const r = afterRound(s, startProgress(), round(20, 0), 20, 1e6);
    expect(r.stop).toBe(null);
    expect(spinsLeft(s, r.progress)).toBe(null);
  });
});
