import { GameInputError } from '../errors.ts';
import { type LotteryBetType, type LotteryWinLine, prizeGroupOdds, settleBet } from './bet-types.ts';
import { checkK3Draw, drawK3, K3_BET_TYPES } from './k3.ts';
import { checkSscDraw, drawSsc, SSC_BET_TYPES } from './ssc.ts';

/**
 * Fast e-lottery (ELOTT) games: each issue's draw comes from the game's hash chain (draw-chain.ts); bets are priced
 * by the merchant's prize group. The server keeps issues, bets and money; this file is the pure part it calls.
 */
export type ElottKind = 'ssc' | 'k3';

export const ELOTT_KINDS: readonly ElottKind[] = ['ssc', 'k3'];

const TYPES: Record<ElottKind, ReadonlyArray<LotteryBetType<unknown, readonly number[]>>> = {
  ssc: SSC_BET_TYPES,
  k3: K3_BET_TYPES,
};

export function elottBetTypes(kind: ElottKind): ReadonlyArray<LotteryBetType<unknown, readonly number[]>> {
  return TYPES[kind];
}

export function elottBetType(kind: ElottKind, code: string): LotteryBetType<unknown, readonly number[]> {
  const type = TYPES[kind].find((t) => t.code === code);
  if (!type) throw new GameInputError('invalid_bet', `unknown bet type ${code}`);
  return type;
}

/** The issue's result from its revealed chain hash. */
export function drawElott(kind: ElottKind, issueHash: string, salt: string, issueId: string): number[] {
  return kind === 'ssc' ? drawSsc(issueHash, salt, issueId) : drawK3(issueHash, salt, issueId);
}

export function checkElottDraw(kind: ElottKind, draw: unknown): draw is readonly number[] {
  return kind === 'ssc' ? checkSscDraw(draw) : checkK3Draw(draw);
}

export interface CheckedLotteryBet {
  code: string;
  selection: unknown;
  units: number;
  /** units × unit stake, in minor units. */
  charge: bigint;
  describe: string;
}

/** Most units one bet may carry (a full 5-star straight is 100,000). */
export const MAX_UNITS_PER_BET = 100_000;

/** Validates a bet: known type, a well-formed selection, 1 … MAX_UNITS_PER_BET units, a positive unit stake. */
export function checkElottBet(
  kind: ElottKind,
  code: string,
  rawSelection: unknown,
  unitStake: bigint,
): CheckedLotteryBet {
  const type = elottBetType(kind, code);
  const selection = type.parse(rawSelection);
  const units = type.unitCount(selection);
  if (units < 1) throw new GameInputError('invalid_bet', 'the selection makes no bet');
  if (units > MAX_UNITS_PER_BET) throw new GameInputError('invalid_bet', `at most ${MAX_UNITS_PER_BET} units per bet`);
  if (unitStake <= 0n) throw new GameInputError('invalid_bet', 'the unit stake must be positive');
  return { code, selection, units, charge: unitStake * BigInt(units), describe: type.describe(selection) };
}

/** What a checked bet pays on a draw, at the merchant's prize group. */
export function settleElottBet(
  kind: ElottKind,
  bet: { code: string; selection: unknown },
  draw: readonly number[],
  unitStake: bigint,
  prizeGroup: number,
): { payout: bigint; lines: LotteryWinLine[] } {
  const type = elottBetType(kind, bet.code);
  return settleBet(type, type.parse(bet.selection), draw, unitStake, (l) => prizeGroupOdds(prizeGroup, l.p));
}
