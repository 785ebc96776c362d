import {
  FOURD_BET_TYPES,
  GameInputError,
  type LotteryBetType,
  MAX_UNITS_PER_BET,
  THAI_BET_TYPES,
  vnBetTypes,
} from '@sea/games';
import type { FeedKind, VnRegion } from '../../api/lottery.ts';

/**
 * The bet slip of the feed lotteries (VN, Thai, 4D): typed numbers → the engine's selection, its units and charge,
 * checked in the browser with the same engine the server settles with (packages/games/src/lottery).
 */
export interface FeedSpec {
  kind: FeedKind;
  region: VnRegion | null;
}

export type FourDEntry = 'ordinary' | 'roll' | 'system';

function typesOf(g: FeedSpec): readonly LotteryBetType<unknown, unknown>[] {
  if (g.kind === 'vn') return vnBetTypes(g.region ?? 'MB') as readonly LotteryBetType<unknown, unknown>[];
  return (g.kind === 'thai' ? THAI_BET_TYPES : FOURD_BET_TYPES) as readonly LotteryBetType<unknown, unknown>[];
}

/** Digits per number of a bet type (run bets: one digit). */
export function digitsOf(code: string): number {
  if (code.startsWith('4d.')) return 4;
  if (code === 'vn.lo4') return 4;
  if (code === 'vn.lo3' || code === 'vn.3cang' || code.startsWith('th.3')) return 3;
  if (code.startsWith('th.run')) return 1;
  return 2;
}

/** Exactly this many numbers (trượt), or at least (xiên), or null (any count ≥ 1). */
export function countRule(code: string): { exact?: number; least?: number } {
  const truot = /^vn\.truot(\d+)$/.exec(code);
  if (truot) return { exact: Number(truot[1]) };
  const xien = /^vn\.xien(\d)$/.exec(code);
  if (xien) return { least: Number(xien[1]) };
  return {};
}

/** Đảo is offered on the VN bets that take it (lô, đề, 3 càng). */
export const canPermute = (code: string) => /^vn\.(lo\d|de|3cang)$/.test(code);

/** The typed text as numbers: split on spaces, commas or semicolons; duplicates removed, order kept. */
export function parseNumbers(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** `count` different random numbers of `digits` digits (quick pick); `random` is injectable for tests. */
export function quickPick(count: number, digits: number, random: () => number = Math.random): string[] {
  const space = 10 ** digits;
  const out = new Set<string>();
  while (out.size < Math.min(count, space))
    out.add(
      String(Math.floor(random() * space))
        .padStart(digits, '0')
        .slice(-digits),
    );
  return [...out];
}

export interface SlipBet {
  code: string;
  selection: unknown;
  units: number;
}

/**
 * The bets the slip makes: one bet with every number (VN, Thai), or one bet per number (4D, one number each).
 * Throws GameInputError with the engine's message when something is not valid.
 */
export function slipBets(
  g: FeedSpec,
  code: string,
  numbers: string[],
  opts: { permute?: boolean; entry?: FourDEntry } = {},
): SlipBet[] {
  const type = typesOf(g).find((t) => t.code === code);
  if (!type) throw new GameInputError('invalid_bet', `unknown bet type ${code}`);
  if (numbers.length === 0) throw new GameInputError('invalid_bet', 'pick at least one number');
  const raws =
    g.kind === '4d'
      ? numbers.map((n) => ({ number: n, entry: opts.entry ?? 'ordinary' }))
      : [canPermute(code) && opts.permute ? { numbers, permute: true } : { numbers }];
  return raws.map((raw) => {
    const selection = type.parse(raw);
    const units = type.unitCount(selection);
    if (units > MAX_UNITS_PER_BET)
      throw new GameInputError('invalid_bet', `at most ${MAX_UNITS_PER_BET} units per bet`);
    return { code, selection: raw, units };
  });
}

/** Total charge in minor units: Σ units × unit stake. */
export const slipCharge = (bets: SlipBet[], unitStake: bigint) =>
  bets.reduce((s, b) => s + BigInt(b.units) * unitStake, 0n);
