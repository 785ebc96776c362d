/**
 * Scratch card maths: a prize table drawn as one weighted outcome per ticket (an infinite pool: every ticket is an
 * independent draw), and the size of the grid of amounts that shows it. A new version is a new object.
 */
export interface ScratchPrize {
  /** Prize in tickets (multiple of the stake); 0 = no win. */
  prize: number;
  /** Out of the table's total weight. */
  weight: number;
}

export interface ScratchMath {
  gameId: string;
  mathVersion: number;
  name: string;
  /** Every outcome, the losing one included; the order is part of the maths (it maps the drawn integer). */
  prizes: readonly ScratchPrize[];
  /** Cells of the grid (rows × columns, row-major); 3 equal amounts win that amount. */
  rows: number;
  columns: number;
  /** Ticket prices in credits. */
  betLevels: readonly number[];
  declaredRtp: string;
}

/**
 * "Lucky Match", maths version 1: a 3×3 grid of amounts, three equal amounts win that amount (there is never a
 * second set of three). Weights out of 1,000,000: RTP exactly 96.0000 %, any win 36.43 % (1 in 2.74).
 */
export const LUCKY_MATCH_V1: ScratchMath = {
  gameId: 'scratch-lucky-match',
  mathVersion: 1,
  name: 'Lucky Match',
  prizes: [
    { prize: 0, weight: 635_684 },
    { prize: 1, weight: 200_000 },
    { prize: 2, weight: 90_000 },
    { prize: 3, weight: 40_000 },
    { prize: 5, weight: 20_000 },
    { prize: 10, weight: 9_000 },
    { prize: 20, weight: 3_500 },
    { prize: 50, weight: 1_200 },
    { prize: 100, weight: 500 },
    { prize: 500, weight: 100 },
    { prize: 2_000, weight: 15 },
    { prize: 10_000, weight: 1 },
  ],
  rows: 3,
  columns: 3,
  betLevels: [1, 2, 5, 10, 20, 50, 100],
  declaredRtp: '96.00',
};
