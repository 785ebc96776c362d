/**
 * Jacks or Better hand categories of 5 cards (cards.ts encoding). Only what the paytable tells apart: a pair
 * below jacks is `nothing`.
 */
export const HAND = {
  nothing: 0,
  jacksOrBetter: 1,
  twoPair: 2,
  threeOfAKind: 3,
  straight: 4,
  flush: 5,
  fullHouse: 6,
  fourOfAKind: 7,
  straightFlush: 8,
  royalFlush: 9,
} as const;

export type HandCategory = (typeof HAND)[keyof typeof HAND];
export type HandName = keyof typeof HAND;
export const HAND_NAMES = Object.keys(HAND) as HandName[];

const JACK = 9;
const ROYAL_MASK = 0b1111100000000; // T J Q K A
const WHEEL_MASK = 0b1000000001111; // A 2 3 4 5

// STRAIGHT[mask] for 13-bit rank masks with 5 distinct ranks: five consecutive ranks, or the wheel A-2-3-4-5.
const STRAIGHT = new Uint8Array(1 << 13);
for (let low = 0; low <= 8; low++) STRAIGHT[0b11111 << low] = 1;
STRAIGHT[WHEEL_MASK] = 1;

const POPCOUNT = new Uint8Array(1 << 13);
for (let m = 1; m < 1 << 13; m++) POPCOUNT[m] = POPCOUNT[m >> 1]! + (m & 1);

/** The category of the 5 cards a..e (any order, distinct cards). */
export function handCategory(a: number, b: number, c: number, d: number, e: number): HandCategory {
  const ra = a >> 2;
  const rb = b >> 2;
  const rc = c >> 2;
  const rd = d >> 2;
  const re = e >> 2;
  const mask = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << re);
  const distinct = POPCOUNT[mask]!;
  if (distinct === 5) {
    const flush = ((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3 ? false : true;
    const straight = STRAIGHT[mask] === 1;
    if (flush && straight) return mask === ROYAL_MASK ? HAND.royalFlush : HAND.straightFlush;
    if (flush) return HAND.flush;
    if (straight) return HAND.straight;
    return HAND.nothing;
  }
  if (distinct === 4) {
    // One pair: the paired rank is the one seen twice.
    const pair =
      ra === rb || ra === rc || ra === rd || ra === re
        ? ra
        : rb === rc || rb === rd || rb === re
          ? rb
          : rc === rd || rc === re
            ? rc
            : rd;
    return pair >= JACK ? HAND.jacksOrBetter : HAND.nothing;
  }
  // 3 distinct ranks: two pair or trips; 2 distinct: full house or quads. The largest count decides.
  const countA = (ra === rb ? 1 : 0) + (ra === rc ? 1 : 0) + (ra === rd ? 1 : 0) + (ra === re ? 1 : 0) + 1;
  const countB = (rb === rc ? 1 : 0) + (rb === rd ? 1 : 0) + (rb === re ? 1 : 0) + (rb === ra ? 1 : 0) + 1;
  const countC = (rc === rd ? 1 : 0) + (rc === re ? 1 : 0) + (rc === ra ? 1 : 0) + (rc === rb ? 1 : 0) + 1;
  const most = Math.max(countA, countB, countC);
  if (distinct === 3) return most === 3 ? HAND.threeOfAKind : HAND.twoPair;
  return most === 4 ? HAND.fourOfAKind : HAND.fullHouse;
}

export const handCategoryOf = (cards: readonly number[]): HandCategory =>
  handCategory(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
