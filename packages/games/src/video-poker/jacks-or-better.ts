import { HAND, type HandName } from './poker-hand.ts';

/**
 * Video poker maths: the paytable per coin and the bet levels. A new version is a new object, never an edit of a
 * shipped one (stored rounds recompute with their version).
 */
export interface VideoPokerMath {
  gameId: string;
  mathVersion: number;
  name: string;
  /** Pay per coin by hand category (index = HAND value), for 1 … maxCoins − 1 coins. */
  paysPerCoin: readonly number[];
  /** The royal flush pays this per coin at maxCoins (the max-bet bonus) instead of paysPerCoin[royalFlush]. */
  royalPerCoinAtMaxCoins: number;
  maxCoins: number;
  /** Allowed coin values in credits; stake = coins × betLevel. */
  betLevels: readonly number[];
  /** Return with optimal play at max coins, percent (exact enumeration in vp-analysis.ts). */
  declaredRtp: string;
}

/**
 * Jacks or Better "9/6" full pay, maths version 1: full house 9, flush 6 per coin; royal flush 250 per coin, 800 per
 * coin with 5 coins (4,000 coins). 99.5439 % with optimal play at 5 coins, 98.3735 % at 1–4 coins.
 */
export const JACKS_OR_BETTER_V1: VideoPokerMath = {
  gameId: 'vp-jacks-or-better',
  mathVersion: 1,
  name: 'Jacks or Better',
  paysPerCoin: [0, 1, 2, 3, 4, 6, 9, 25, 50, 250],
  royalPerCoinAtMaxCoins: 800,
  maxCoins: 5,
  betLevels: [1, 2, 5, 10, 20, 50, 100],
  declaredRtp: '99.54',
};

/** Pay per coin of each category when playing `coins` coins. */
export function paysFor(math: VideoPokerMath, coins: number): number[] {
  const pays = math.paysPerCoin.slice();
  if (coins === math.maxCoins) pays[HAND.royalFlush] = math.royalPerCoinAtMaxCoins;
  return pays;
}

/** The paytable as the browser shows it: one row per paying hand, the credits per coin count 1..maxCoins. */
export function videoPokerPaytable(math: VideoPokerMath): { hand: HandName; coins: number[] }[] {
  const rows: { hand: HandName; coins: number[] }[] = [];
  for (let category = HAND.royalFlush; category >= HAND.jacksOrBetter; category--) {
    const hand = (Object.keys(HAND) as HandName[]).find((k) => HAND[k] === category)!;
    const coins = Array.from({ length: math.maxCoins }, (_, i) => paysFor(math, i + 1)[category]! * (i + 1));
    rows.push({ hand, coins });
  }
  return rows;
}
