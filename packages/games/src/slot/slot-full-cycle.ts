import { rational, type Rational } from '../rational.ts';
import { compileSlot, lineOutcome, outcomePay } from './slot-compiled.ts';
import type { SlotMath } from './slot-math.ts';

/**
 * Full cycle of one reel set: every combination of stops (Π lengths of them) evaluated by the engine's own line
 * evaluator on all lines, as a spin at maximum lines with a bet of 1 per line and no multiplier. Independent of
 * the par sheet's per-line formula, so equal totals prove both. Seconds to minutes: for the bench, not unit tests.
 */
export interface SlotFullCycle {
  combinations: bigint;
  /** Σ win over all combinations in line bets (lines + scatter × lines). */
  totalWin: bigint;
  /** Return per unit stake: totalWin / (combinations × lines). */
  rtp: Rational;
  /** Combinations with any win, and with a win ≥ the stake. */
  hits: number;
  winsAtLeastStake: number;
  /** Combinations by number of visible scatters (0..5). */
  scatterCombinations: number[];
  /** Standard deviation of the win per spin, in stakes. */
  sd: number;
  /** Largest win of one spin, in stakes. */
  maxWin: number;
}

export function slotFullCycle(math: SlotMath, reelSet: 'base' | 'free'): SlotFullCycle {
  const c = compileSlot(math);
  const reels = reelSet === 'base' ? c.base : c.free;
  const [s0, s1, s2, s3, s4] = reels.strips as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const lines = c.lineCount;
  const w = new Uint8Array(15);
  const t = new Uint8Array(5);
  const scat = [0, 0, 0, 0, 0, 0];
  const at = (strip: Uint8Array, stop: number, row: number) => strip[(stop + row) % strip.length]!;
  const scatterIn = (r: number) =>
    w[r * 3] === c.scatter || w[r * 3 + 1] === c.scatter || w[r * 3 + 2] === c.scatter ? 1 : 0;
  let total = 0n;
  let sumSq = 0;
  let hits = 0;
  let big = 0;
  let max = 0;
  const put = (r: number, strip: Uint8Array, stop: number) => {
    w[r * 3] = at(strip, stop, 0);
    w[r * 3 + 1] = at(strip, stop, 1);
    w[r * 3 + 2] = at(strip, stop, 2);
  };
  for (let a = 0; a < s0.length; a++) {
    put(0, s0, a);
    let partial = 0;
    for (let b = 0; b < s1.length; b++) {
      put(1, s1, b);
      for (let d = 0; d < s2.length; d++) {
        put(2, s2, d);
        for (let e = 0; e < s3.length; e++) {
          put(3, s3, e);
          const scat4 = scatterIn(0) + scatterIn(1) + scatterIn(2) + scatterIn(3);
          for (let f = 0; f < s4.length; f++) {
            put(4, s4, f);
            let win = 0;
            for (let l = 0; l < lines; l++) {
              for (let r = 0; r < 5; r++) t[r] = w[c.lineCells[l * 5 + r]!]!;
              win += outcomePay(lineOutcome(c, t));
            }
            const k = scat4 + scatterIn(4);
            scat[k]!++;
            win += c.scatterPay[k]! * lines;
            if (win > 0) {
              hits++;
              if (win >= lines) big++;
              if (win > max) max = win;
              partial += win;
              sumSq += win * win;
            }
          }
        }
      }
    }
    total += BigInt(partial);
  }
  const combinations = reels.lengths.reduce((p, n) => p * BigInt(n), 1n);
  const n = Number(combinations);
  const mean = Number(total) / n / lines;
  return {
    combinations,
    totalWin: total,
    rtp: rational(total, combinations * BigInt(lines)),
    hits,
    winsAtLeastStake: big,
    scatterCombinations: scat,
    sd: Math.sqrt(sumSq / n / (lines * lines) - mean * mean),
    maxWin: max / lines,
  };
}
