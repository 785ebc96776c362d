import { paysFor, type VideoPokerMath } from './jacks-or-better.ts';
import { handCategory } from './poker-hand.ts';

/**
 * Expected return of every hold of a dealt hand, by exact enumeration of all draws from the 47 unseen cards
 * (Σ over the 32 holds of C(47, 5 − held) = 2,598,960 final hands). About a tenth of a second: fine for a hint or a
 * verifier, too slow for inner loops (vp-analysis.ts has the table-driven version for all deals).
 */
export interface HoldValue {
  /** Bit i set = card i held. */
  mask: number;
  holds: boolean[];
  /** Σ of the pays per coin over all possible draws. */
  totalPay: number;
  /** Number of possible draws: C(47, 5 − held). */
  draws: number;
  /** Expected pay per coin (totalPay / draws); per unit stake as the pays are per coin. */
  ev: number;
}

/** lcm of C(47, k) for k = 0..5: EVs scaled by it are integers, so holds compare exactly. */
export const DRAW_LCM = 7669695;

const C47 = [1, 47, 1081, 16215, 178365, 1533939];

export const scaledEv = (h: Pick<HoldValue, 'totalPay' | 'draws'>): number => h.totalPay * (DRAW_LCM / h.draws);

function checkHand(hand: readonly number[]): void {
  if (hand.length !== 5 || new Set(hand).size !== 5 || hand.some((c) => !Number.isInteger(c) || c < 0 || c > 51))
    throw new RangeError('a hand is 5 distinct cards');
}

export function holdValues(math: VideoPokerMath, hand: readonly number[], coins: number): HoldValue[] {
  checkHand(hand);
  const pays = paysFor(math, coins);
  const inHand = new Set(hand);
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !inHand.has(c));
  const out: HoldValue[] = [];
  const f = [0, 0, 0, 0, 0];
  for (let mask = 0; mask < 32; mask++) {
    let h = 0;
    for (let i = 0; i < 5; i++) if (mask & (1 << i)) f[h++] = hand[i]!;
    const k = 5 - h;
    let total = 0;
    // Draw combinations i1 < i2 < … from the 47 unseen cards, written out by depth for speed.
    if (k === 0) total = pays[handCategory(f[0]!, f[1]!, f[2]!, f[3]!, f[4]!)]!;
    else if (k === 1) {
      for (let a = 0; a < 47; a++) total += pays[handCategory(f[0]!, f[1]!, f[2]!, f[3]!, rest[a]!)]!;
    } else if (k === 2) {
      for (let a = 0; a < 47; a++)
        for (let b = a + 1; b < 47; b++) total += pays[handCategory(f[0]!, f[1]!, f[2]!, rest[a]!, rest[b]!)]!;
    } else if (k === 3) {
      for (let a = 0; a < 47; a++)
        for (let b = a + 1; b < 47; b++)
          for (let c = b + 1; c < 47; c++) total += pays[handCategory(f[0]!, f[1]!, rest[a]!, rest[b]!, rest[c]!)]!;
    } else if (k === 4) {
      for (let a = 0; a < 47; a++)
        for (let b = a + 1; b < 47; b++)
          for (let c = b + 1; c < 47; c++)
            for (let d = c + 1; d < 47; d++)
              total += pays[handCategory(f[0]!, rest[a]!, rest[b]!, rest[c]!, rest[d]!)]!;
    } else {
      for (let a = 0; a < 47; a++)
        for (let b = a + 1; b < 47; b++)
          for (let c = b + 1; c < 47; c++)
            for (let d = c + 1; d < 47; d++)
              for (let e = d + 1; e < 47; e++)
                total += pays[handCategory(rest[a]!, rest[b]!, rest[c]!, rest[d]!, rest[e]!)]!;
    }
    const draws = C47[k]!;
    out.push({
      mask,
      holds: [0, 1, 2, 3, 4].map((i) => (mask & (1 << i)) !== 0),
      totalPay: total,
      draws,
      ev: total / draws,
    });
  }
  return out;
}

/** The hold with the highest expected return (exact comparison; on a tie the lowest mask). */
export function optimalHold(math: VideoPokerMath, hand: readonly number[], coins = math.maxCoins): HoldValue {
  let best: HoldValue | null = null;
  for (const h of holdValues(math, hand, coins)) if (best === null || scaledEv(h) > scaledEv(best)) best = h;
  return best!;
}
