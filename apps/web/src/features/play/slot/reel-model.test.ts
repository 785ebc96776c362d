import { gameConfig } from '@sea/games';
import { describe, expect, it } from 'vitest';
import {
  landed,
  motionKeyframes,
  offsetAt,
  planStop,
  planTape,
  type ReelMotion,
  restingTape,
  settleTape,
  symbolAt,
  windowAt,
} from './reel-model.ts';
import { slotConfigOf, teaseFrom, windowOf } from './slot-config.ts';

const config = slotConfigOf(gameConfig('slot-lucky-dragon') as unknown as Record<string, unknown>);

/** A deterministic pseudo-random sequence for the property checks. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('reel stop mapping', () => {
  it('a resting reel shows the strip window at its stop, like the engine', () => {
    const strip = config.reels.base[2]!;
    for (const stop of [0, 5, strip.length - 2, strip.length - 1]) {
      expect(windowAt(restingTape(strip, stop), 0)).toEqual(windowOf(strip, stop));
    }
  });

  it('every reel lands exactly on the server’s stop, from any spinning position, on base and free strips', () => {
    const rnd = lcg(7);
    for (let trial = 0; trial < 300; trial++) {
      const reel = Math.floor(rnd() * 5);
      const from = rnd() < 0.5 ? config.reels.base : config.reels.free;
      const to = rnd() < 0.5 ? config.reels.base : config.reels.free;
      const tape0 = restingTape(from[reel]!, Math.floor(rnd() * from[reel]!.length));
      const motion: ReelMotion = { start: 0, speed: 0.026, accel: 160 };
      const now = 50 + rnd() * 2000;
      const stop = Math.floor(rnd() * to[reel]!.length);
      const planned = planStop(motion, now, now + rnd() * 800, 420);
      const seenBefore = [-1, 0, 1, 2, 3].map((k) => symbolAt(tape0, k - Math.floor(offsetAt(planned, now))));
      const tape = planTape(tape0, offsetAt(planned, now), planned.land!, to[reel]!, stop);
      // What is on screen when the result arrives does not change under the player's eyes.
      const visible = Math.floor(-offsetAt(planned, now));
      for (let k = visible; k < visible + 4; k++) expect(symbolAt(tape, k)).toBe(symbolAt(tape0, k));
      expect(seenBefore.length).toBe(5);
      // The landing window is the engine's window at the stop.
      expect(Number.isInteger(planned.land)).toBe(true);
      expect(windowAt(tape, planned.land!)).toEqual(windowOf(to[reel]!, stop));
      // The motion ends exactly at the landing offset, and settling keeps the picture.
      const end = planned.decelStart! + planned.decel!;
      expect(landed(planned, end)).toBe(true);
      expect(landed(planned, end - 1)).toBe(false);
      expect(offsetAt(planned, end)).toBeCloseTo(planned.land!, 9);
      expect(windowAt(settleTape(tape, planned.land!), 0)).toEqual(windowOf(to[reel]!, stop));
    }
  });

  it('the reel never moves backwards before its stop, and decelerates from its running speed', () => {
    const motion = planStop({ start: 0, speed: 0.026, accel: 160 }, 300, 900, 420);
    let last = -Infinity;
    for (let t = 0; t <= motion.decelStart!; t += 5) {
      const o = offsetAt(motion, t);
      expect(o).toBeGreaterThanOrEqual(last);
      last = o;
    }
    // Speed just after the deceleration starts is close to the running speed (no visible jerk).
    const v = (offsetAt(motion, motion.decelStart! + 1) - offsetAt(motion, motion.decelStart!)) / 1;
    expect(Math.abs(v - 0.026)).toBeLessThan(0.01);
  });

  it('the compositor’s keyframes trace the model exactly, free running and with a planned stop', () => {
    /** A CSS cubic-bezier with control x 1/3 and 2/3 (x(s) = s): y at u. */
    const ease = (easing: string | undefined, u: number) => {
      if (!easing || easing === 'linear') return u;
      const [x1, y1, x2, y2] = /cubic-bezier\(([^)]*)\)/.exec(easing)![1]!.split(',').map(Number) as number[];
      expect(x1).toBeCloseTo(1 / 3, 6);
      expect(x2).toBeCloseTo(2 / 3, 6);
      return 3 * (1 - u) ** 2 * u * y1! + 3 * (1 - u) * u ** 2 * y2! + u ** 3;
    };
    const valueAt = (m: ReelMotion, t: number) => {
      const { duration, keyframes } = motionKeyframes(m, 60_000);
      const f = (t - m.start) / duration;
      const i = keyframes.findLastIndex((k) => k.at <= f && k.at < 1);
      const [a, b] = [keyframes[i]!, keyframes[i + 1]!];
      return a.offset + (b.offset - a.offset) * ease(a.easing, (f - a.at) / (b.at - a.at));
    };
    const rnd = lcg(11);
    for (let trial = 0; trial < 50; trial++) {
      const free: ReelMotion = { start: rnd() * 100, speed: 0.02 + rnd() * 0.02, accel: 80 + rnd() * 120 };
      const planned = planStop(
        free,
        free.start + 100 + rnd() * 900,
        free.start + 400 + rnd() * 1500,
        240 + rnd() * 200,
      );
      for (const m of [free, planned]) {
        const end = m.decelStart !== undefined ? m.decelStart + m.decel! : m.start + 5_000;
        for (let t = m.start; t < end; t += 7) expect(valueAt(m, t)).toBeCloseTo(offsetAt(m, t), 4);
      }
    }
  });

  it('reels stop left to right when landed one after the other', () => {
    const now = 400;
    let notBefore = now;
    const ends: number[] = [];
    for (let r = 0; r < 5; r++) {
      const m = planStop({ start: r * 70, speed: 0.026, accel: 160 }, now, notBefore + (r ? 200 : 0), 420);
      notBefore = m.decelStart!;
      ends.push(m.decelStart! + m.decel!);
    }
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(new Set(ends).size).toBe(5);
  });

  it('refuses a landing too close to be re-mapped off screen', () => {
    const tape = restingTape(config.reels.base[0]!, 0);
    expect(() => planTape(tape, 0, 2, config.reels.base[0]!, 4)).toThrow(RangeError);
  });

  it('teases the reels after the second scatter in view', () => {
    const g = (s: string[]) => s.map((c) => [c, 'A', 'K']);
    expect(teaseFrom(g(['pearl', 'A', 'pearl', 'K', 'Q']), 'pearl')).toBe(3);
    expect(teaseFrom(g(['pearl', 'A', 'K', 'K', 'Q']), 'pearl')).toBe(5);
    expect(teaseFrom(g(['pearl', 'pearl', 'K', 'K', 'Q']), 'pearl')).toBe(2);
  });
});
