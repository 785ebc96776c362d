import { rational, type Rational } from '../rational.ts';
import { paysFor, type VideoPokerMath } from './jacks-or-better.ts';
import { HAND_NAMES, handCategory, type HandName } from './poker-hand.ts';
import { DRAW_LCM } from './vp-strategy.ts';

/**
 * Exact return of video poker with optimal play over all C(52,5) = 2,598,960 deals.
 *
 * 1. Tables: T_j[X][k] = number of 5-card hands containing the j-card set X (j = 0..4) with category k, filled by
 *    one pass over all hands and their 31 proper subsets.
 * 2. For a dealt hand D and a hold H ⊆ D the final hands are H ∪ (5 − |H| of the 47 unseen cards); by
 *    inclusion–exclusion over the discarded cards their category counts are Σ_{H ⊆ X ⊆ D} (−1)^{|X|−|H|} T(X).
 * 3. Suit isomorphism: hands equal up to renaming suits have the same values, so only the 134,459 classes are
 *    evaluated, each weighted by its number of deals.
 * EVs are compared as integers scaled by DRAW_LCM, so the optimal hold is chosen exactly. A few seconds; memory
 * about 11 MB for the tables.
 */
const BIN: number[][] = Array.from({ length: 53 }, (_, n) => {
  const row = [1, 0, 0, 0, 0, 0];
  for (let k = 1; k <= 5; k++) row[k] = k > n ? 0 : (row[k - 1]! * (n - k + 1)) / k;
  return row;
});
const C47 = [1, 47, 1081, 16215, 178365, 1533939];
const CATEGORIES = 10;
const POP5 = Array.from(
  { length: 32 },
  (_, m) => ((m >> 0) & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1),
);

export class VideoPokerTables {
  /** tables[j][index(X) * 10 + k] */
  private readonly tables: Int32Array[];

  private constructor(tables: Int32Array[]) {
    this.tables = tables;
  }

  static build(): VideoPokerTables {
    const tables = [0, 1, 2, 3, 4].map((j) => new Int32Array(BIN[52]![j]! * CATEGORIES));
    const h = [0, 0, 0, 0, 0];
    for (h[4] = 4; h[4] < 52; h[4]++)
      for (h[3] = 3; h[3] < h[4]; h[3]++)
        for (h[2] = 2; h[2] < h[3]; h[2]++)
          for (h[1] = 1; h[1] < h[2]; h[1]++)
            for (h[0] = 0; h[0] < h[1]; h[0]++) {
              const k = handCategory(h[0], h[1], h[2], h[3], h[4]);
              for (let mask = 0; mask < 31; mask++) {
                let idx = 0;
                let j = 0;
                for (let i = 0; i < 5; i++) if (mask & (1 << i)) idx += BIN[h[i]!]![++j]!;
                tables[j]![idx * CATEGORIES + k]!++;
              }
            }
    return new VideoPokerTables(tables);
  }

  /**
   * counts[mask * 10 + k]: for each hold mask (bit i = hand[i] held), how many of the C(47, 5 − held) draws end in
   * category k.
   */
  holdCategoryCounts(hand: readonly number[]): Float64Array {
    const order = [0, 1, 2, 3, 4].sort((a, b) => hand[a]! - hand[b]!);
    const sub = new Float64Array(32 * CATEGORIES); // sub[X]: T(X) for every subset X of the hand
    for (let x = 0; x < 32; x++) {
      const size = POP5[x]!;
      if (size === 5) {
        sub[x * CATEGORIES + handCategory(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!)] = 1;
        continue;
      }
      let idx = 0;
      let j = 0;
      for (const i of order) if (x & (1 << i)) idx += BIN[hand[i]!]![++j]!;
      const t = this.tables[size]!;
      for (let k = 0; k < CATEGORIES; k++) sub[x * CATEGORIES + k] = t[idx * CATEGORIES + k]!;
    }
    const counts = new Float64Array(32 * CATEGORIES);
    for (let held = 0; held < 32; held++) {
      for (let x = held; x < 32; x = (x + 1) | held) {
        const sign = (POP5[x]! - POP5[held]!) & 1 ? -1 : 1;
        for (let k = 0; k < CATEGORIES; k++) counts[held * CATEGORIES + k]! += sign * sub[x * CATEGORIES + k]!;
      }
    }
    return counts;
  }
}

export interface VideoPokerAnalysis {
  coins: number;
  /** Return per unit stake with optimal play. */
  rtp: Rational;
  /** Probability of each final hand with optimal play. */
  finalHands: Record<HandName, Rational>;
  deals: number;
  classes: number;
}

/** Canonical key of a hand under suit renaming: its four 13-bit suit masks sorted, packed into 52 bits. */
function suitClasses(): Map<number, number> {
  const classes = new Map<number, number>();
  const m = [0, 0, 0, 0];
  for (let e = 4; e < 52; e++)
    for (let d = 3; d < e; d++)
      for (let c = 2; c < d; c++)
        for (let b = 1; b < c; b++)
          for (let a = 0; a < b; a++) {
            m[0] = m[1] = m[2] = m[3] = 0;
            for (const card of [a, b, c, d, e]) m[card & 3]! |= 1 << (card >> 2);
            m.sort((x, y) => y - x);
            const key = ((m[0]! * 8192 + m[1]!) * 8192 + m[2]!) * 8192 + m[3]!;
            classes.set(key, (classes.get(key) ?? 0) + 1);
          }
  return classes;
}

function handOfKey(key: number): number[] {
  const hand: number[] = [];
  for (let s = 3; s >= 0; s--) {
    const mask = key % 8192;
    key = Math.floor(key / 8192);
    for (let r = 0; r < 13; r++) if (mask & (1 << r)) hand.push(r * 4 + s);
  }
  return hand;
}

/** Exact RTP with optimal play for each coin count asked (the royal bonus changes the strategy at max coins). */
export function analyseVideoPoker(
  math: VideoPokerMath,
  coinsList: readonly number[] = [math.maxCoins, 1],
): VideoPokerAnalysis[] {
  const tables = VideoPokerTables.build();
  const classes = suitClasses();
  const payTables = coinsList.map((coins) => paysFor(math, coins));
  const totals = coinsList.map(() => 0n);
  const finals = coinsList.map(() => new Float64Array(CATEGORIES));
  let deals = 0;
  for (const [key, weight] of classes) {
    deals += weight;
    const counts = tables.holdCategoryCounts(handOfKey(key));
    payTables.forEach((pays, p) => {
      let best = -1;
      let bestMask = 0;
      for (let held = 0; held < 32; held++) {
        let sum = 0;
        for (let k = 1; k < CATEGORIES; k++) sum += counts[held * CATEGORIES + k]! * pays[k]!;
        const scaled = sum * (DRAW_LCM / C47[5 - POP5[held]!]!);
        if (scaled > best) {
          best = scaled;
          bestMask = held;
        }
      }
      totals[p]! += BigInt(best * weight);
      const scale = (DRAW_LCM / C47[5 - POP5[bestMask]!]!) * weight;
      for (let k = 0; k < CATEGORIES; k++) finals[p]![k]! += counts[bestMask * CATEGORIES + k]! * scale;
    });
  }
  const denominator = BigInt(deals) * BigInt(DRAW_LCM);
  return coinsList.map((coins, p) => ({
    coins,
    rtp: rational(totals[p]!, denominator),
    finalHands: Object.fromEntries(
      HAND_NAMES.map((name, k) => [name, rational(BigInt(finals[p]![k]!), denominator)]),
    ) as Record<HandName, Rational>,
    deals,
    classes: classes.size,
  }));
}
