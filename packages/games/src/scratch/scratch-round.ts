import { GameInputError, type GameInputIssue } from '../errors.ts';
import { add, mul, rational, type Rational } from '../rational.ts';
import { FairRng, RNG_ALGORITHM, type Seeds, shuffleInPlace } from '../rng/fair-rng.ts';
import type { ScratchMath } from './scratch-math.ts';

export interface ScratchBet {
  /** Ticket price in credits. */
  betLevel: number;
}

export interface ScratchRoundResult {
  gameId: string;
  mathVersion: number;
  rngAlgorithm: string;
  bet: ScratchBet;
  stake: number;
  /** Prize in tickets (0 = no win). */
  prize: number;
  /** Credits: prize × betLevel. */
  win: number;
  /** Amounts under the latex, in tickets, row-major (rows × columns). */
  grid: number[];
  /** Indexes into `grid` of the three winning amounts (empty for a losing ticket). */
  winningCells: number[];
  cursor: number;
}

export function checkScratchBet(math: ScratchMath, bet: ScratchBet): GameInputIssue | null {
  if (!bet || !math.betLevels.includes(bet.betLevel))
    return { code: 'invalid_bet', message: `betLevel must be one of ${math.betLevels.join(', ')}` };
  return null;
}

const totalWeight = (math: ScratchMath): number => math.prizes.reduce((s, p) => s + p.weight, 0);

/** Exact RTP per unit stake: Σ weight × prize / Σ weight. */
export function scratchRtp(math: ScratchMath): Rational {
  const total = totalWeight(math);
  return math.prizes.reduce((sum, p) => add(sum, mul(rational(p.weight, total), rational(p.prize))), rational(0));
}

/** P(any win). */
export function scratchHitRate(math: ScratchMath): Rational {
  return rational(
    math.prizes.reduce((s, p) => s + (p.prize > 0 ? p.weight : 0), 0),
    totalWeight(math),
  );
}

/**
 * The round, read from the stream in this order:
 *  1. the outcome: int(Σ weights) → the prize whose cumulative weight range holds it (table order);
 *  2. the grid cells: Fisher–Yates of the cell indexes 0..n−1; a win puts its amount on the first 3 of them;
 *  3. the filler: Fisher–Yates of a pool holding every other amount twice (every amount twice for a losing
 *     ticket), dealt in order onto the remaining cells. No amount but the prize can appear 3 times, so a ticket
 *     never shows a second win and a losing ticket never shows one.
 */
export function playScratch(math: ScratchMath, input: { seeds: Seeds; bet: ScratchBet }): ScratchRoundResult {
  const issue = checkScratchBet(math, input.bet);
  if (issue) throw new GameInputError(issue.code, issue.message);
  const cells = math.rows * math.columns;
  const amounts = math.prizes.filter((p) => p.prize > 0).map((p) => p.prize);
  if (cells < 3 || 2 * (amounts.length - 1) < cells - 3) throw new Error('grid too large for the amounts');
  const rng = new FairRng(input.seeds);
  let r = rng.int(totalWeight(math));
  let prize = 0;
  for (const p of math.prizes) {
    if (r < p.weight) {
      prize = p.prize;
      break;
    }
    r -= p.weight;
  }
  const order = shuffleInPlace(
    rng,
    Array.from({ length: cells }, (_, i) => i),
  );
  const grid = new Array<number>(cells).fill(0);
  const winningCells = prize > 0 ? order.slice(0, 3).sort((a, b) => a - b) : [];
  for (const cell of winningCells) grid[cell] = prize;
  const pool = shuffleInPlace(
    rng,
    amounts.filter((a) => a !== prize).flatMap((a) => [a, a]),
  );
  order.slice(winningCells.length).forEach((cell, i) => (grid[cell] = pool[i]!));
  return {
    gameId: math.gameId,
    mathVersion: math.mathVersion,
    rngAlgorithm: RNG_ALGORITHM,
    bet: { betLevel: input.bet.betLevel },
    stake: input.bet.betLevel,
    prize,
    win: prize * input.bet.betLevel,
    grid,
    winningCells,
    cursor: rng.cursor,
  };
}
