import { GameInputError } from '../errors.ts';
import { type Rational, rational } from '../rational.ts';

/**
 * The common shape of a lottery bet type. A bet is `unitCount(selection)` units of the same unit stake (the charge is
 * units × unit stake); after the draw, `wins` says how many units won on which prize line. Each prize line declares
 * the exact probability that one unit on it wins — the prize-group odds are derived from it, and the RTP tests
 * check the win rules against it by enumerating every draw.
 */
export interface PrizeLine {
  key: string;
  /**
   * Expected wins of one charged unit on this line, exactly: the probability that it wins when a unit wins at most
   * once (a lô unit can match several prizes, so there it is the expected number of matches per charged unit).
   */
  p: Rational;
}

export interface LineWin {
  line: string;
  /** Winning units on this line (a unit that matches twice — a lô number drawn twice — counts twice). */
  times: number;
}

export interface LotteryBetType<Selection, Draw> {
  code: string;
  lines: readonly PrizeLine[];
  /** Checks and normalises what the player picked (throws GameInputError 'invalid_bet'). */
  parse(raw: unknown): Selection;
  unitCount(selection: Selection): number;
  wins(selection: Selection, draw: Draw): LineWin[];
  /** The selection as short text for records ("1,2|3|4"). */
  describe(selection: Selection): string;
}

/**
 * Prize-group odds (domain-rules §2.2): a 2-unit bet wins G / (1000 × p), so the stake multiplier is
 * G / (2000 × p) and the RTP of every line is G / 2000 (G = 1960 → 98 %).
 */
export function prizeGroupOdds(prizeGroup: number, p: Rational): Rational {
  checkPrizeGroup(prizeGroup);
  return rational(BigInt(prizeGroup) * p.d, 2000n * p.n);
}

export const PRIZE_GROUP_LIMITS = { min: 1700, max: 1980 } as const;

export function checkPrizeGroup(prizeGroup: number): void {
  if (
    !Number.isInteger(prizeGroup) ||
    prizeGroup % 2 !== 0 ||
    prizeGroup < PRIZE_GROUP_LIMITS.min ||
    prizeGroup > PRIZE_GROUP_LIMITS.max
  )
    throw new RangeError(
      `prize group must be an even integer in ${PRIZE_GROUP_LIMITS.min}–${PRIZE_GROUP_LIMITS.max}, got ${prizeGroup}`,
    );
}

/** What one winning unit pays, in minor units: ⌊unit stake × odds⌋ (the fraction of a minor unit stays with the house). */
export function unitPayout(unitStake: bigint, odds: Rational): bigint {
  return (unitStake * odds.n) / odds.d;
}

export function invalidBet(message: string): never {
  throw new GameInputError('invalid_bet', message);
}

/** A list of distinct integers in [min, max], at least `least` of them, sorted. */
export function distinctInts(raw: unknown, min: number, max: number, least: number, what: string): number[] {
  if (!Array.isArray(raw)) invalidBet(`${what}: a list of numbers is required`);
  const seen = new Set<number>();
  for (const v of raw) {
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
      invalidBet(`${what}: every pick is a whole number from ${min} to ${max}`);
    if (seen.has(v as number)) invalidBet(`${what}: a number is picked twice`);
    seen.add(v as number);
  }
  if (seen.size < least) invalidBet(`${what}: pick at least ${least}`);
  return [...seen].sort((a, b) => a - b);
}

/** Every distinct order of a number's digits, sorted ("112" → 112, 121, 211). */
export function digitPermutations(n: string): string[] {
  if (n.length <= 1) return [n];
  const out = new Set<string>();
  for (let i = 0; i < n.length; i++)
    for (const rest of digitPermutations(n.slice(0, i) + n.slice(i + 1))) out.add(n[i] + rest);
  return [...out].sort();
}

export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

export function oneOf<T extends string>(raw: unknown, options: readonly T[], what: string): T {
  if (typeof raw !== 'string' || !options.includes(raw as T)) invalidBet(`${what}: one of ${options.join(', ')}`);
  return raw as T;
}

export function sidesOf<T extends string>(raw: unknown, options: readonly T[], what: string): T[] {
  if (!Array.isArray(raw) || raw.length === 0) invalidBet(`${what}: pick at least one of ${options.join(', ')}`);
  const out = new Set<T>();
  for (const v of raw) {
    const side = oneOf(v, options, what);
    if (out.has(side)) invalidBet(`${what}: ${side} is picked twice`);
    out.add(side);
  }
  return options.filter((o) => out.has(o));
}

export function objectOf(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) invalidBet('the selection must be an object');
  return raw as Record<string, unknown>;
}

export interface LotteryWinLine {
  line: string;
  times: number;
  odds: Rational;
  amount: bigint;
}

/** What a bet pays on a draw: Σ winning units × ⌊unit stake × odds of their line⌋ (0 when nothing matched). */
export function settleBet<S, D>(
  type: LotteryBetType<S, D>,
  selection: S,
  draw: D,
  unitStake: bigint,
  oddsOf: (line: PrizeLine) => Rational,
): { payout: bigint; lines: LotteryWinLine[] } {
  const lines = type.wins(selection, draw).map(({ line, times }) => {
    const odds = oddsOf(type.lines.find((l) => l.key === line)!);
    return { line, times, odds, amount: unitPayout(unitStake, odds) * BigInt(times) };
  });
  return { payout: lines.reduce((s, l) => s + l.amount, 0n), lines };
}
