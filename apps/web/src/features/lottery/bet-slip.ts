import { elottBetType, type ElottKind, MAX_UNITS_PER_BET } from '@sea/games';

/**
 * The bet slip's model: for every ELOTT bet code, the rows of number / side pickers the page shows and how the picks
 * become the selection the engine's parse() takes (packages/games/src/lottery ssc.ts, k3.ts). Units and charge are
 * the engine's own unitCount, so the slip shows exactly what the server will charge.
 */
export type Pick = number | string;

export interface PickerRow {
  /** i18n key under lottery.rows (position names, "digits", "pair faces", …). */
  label: string;
  values: readonly Pick[];
  /** Dice faces are drawn as dice; digits and sums as balls; sides as words. */
  look: 'ball' | 'die' | 'word';
}

export interface BetSpec {
  code: string;
  rows: readonly PickerRow[];
  build(picks: readonly (readonly Pick[])[]): unknown;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const DIGITS = range(0, 9);
const FACES = range(1, 6);
const POSITIONS = ['pos1', 'pos2', 'pos3', 'pos4', 'pos5'] as const;
const sorted = (p: readonly Pick[]) => [...p].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const nums = (p: readonly Pick[] | undefined) => sorted(p ?? []) as number[];

const SCOPE_POSITIONS: Record<string, readonly number[]> = {
  '5': [0, 1, 2, 3, 4],
  '4f': [0, 1, 2, 3],
  '4b': [1, 2, 3, 4],
  '3f': [0, 1, 2],
  '3m': [1, 2, 3],
  '3b': [2, 3, 4],
  '2f': [0, 1],
  '2b': [3, 4],
};

function positions(code: string, at: readonly number[]): BetSpec {
  return {
    code,
    rows: at.map((p) => ({ label: POSITIONS[p]!, values: DIGITS, look: 'ball' as const })),
    build: (picks) => ({ positions: at.map((_, i) => nums(picks[i])) }),
  };
}

function one(
  code: string,
  field: 'digits' | 'picks' | 'sides',
  label: string,
  values: readonly Pick[],
  look: PickerRow['look'],
): BetSpec {
  return {
    code,
    rows: [{ label, values, look }],
    build: (picks) => ({ [field]: field === 'sides' ? [...(picks[0] ?? [])] : nums(picks[0]) }),
  };
}

const SIDES = ['big', 'small', 'odd', 'even'] as const;

const SSC_SPECS: BetSpec[] = [
  ...Object.entries(SCOPE_POSITIONS).map(([scope, at]) => positions(`ssc.straight.${scope}`, at)),
  ...['3f', '3m', '3b'].map((s) => one(`ssc.group6.${s}`, 'digits', 'digits', DIGITS, 'ball')),
  ...['3f', '3m', '3b'].map((s) => one(`ssc.group3.${s}`, 'digits', 'digits', DIGITS, 'ball')),
  positions('ssc.position', [0, 1, 2, 3, 4]),
  ...['1', '2', '3', '4', '5', 'sum'].map((p) =>
    one(`ssc.bsoe.${p}`, 'sides', p === 'sum' ? 'sum' : POSITIONS[Number(p) - 1]!, SIDES, 'word'),
  ),
  one('ssc.dragontiger', 'sides', 'dragonTiger', ['dragon', 'tiger', 'tie'], 'word'),
];

const K3_SPECS: BetSpec[] = [
  one('k3.sum', 'picks', 'sums', range(3, 18), 'ball'),
  one('k3.bsoe', 'sides', 'sum', SIDES, 'word'),
  { code: 'k3.triple.any', rows: [], build: () => ({}) },
  one('k3.triple.one', 'picks', 'tripleFaces', FACES, 'die'),
  one('k3.pair.any', 'picks', 'pairFaces', FACES, 'die'),
  {
    code: 'k3.pair.single',
    rows: [
      { label: 'pairFaces', values: FACES, look: 'die' },
      { label: 'singleFaces', values: FACES, look: 'die' },
    ],
    build: (picks) => ({ pairs: nums(picks[0]), singles: nums(picks[1]) }),
  },
  one('k3.three.diff', 'picks', 'faces', FACES, 'die'),
  one('k3.two.diff', 'picks', 'faces', FACES, 'die'),
  { code: 'k3.straight.any', rows: [], build: () => ({}) },
];

const SPECS: Record<ElottKind, readonly BetSpec[]> = { ssc: SSC_SPECS, k3: K3_SPECS };

/** The bet-type tabs of a kind, each with its codes in the order the page lists them. */
export const BET_GROUPS: Record<ElottKind, readonly { key: string; codes: readonly string[] }[]> = {
  ssc: [
    { key: 'straight5', codes: ['ssc.straight.5'] },
    { key: 'straight4', codes: ['ssc.straight.4f', 'ssc.straight.4b'] },
    { key: 'straight3', codes: ['ssc.straight.3f', 'ssc.straight.3m', 'ssc.straight.3b'] },
    { key: 'straight2', codes: ['ssc.straight.2f', 'ssc.straight.2b'] },
    {
      key: 'group',
      codes: ['ssc.group6.3f', 'ssc.group6.3m', 'ssc.group6.3b', 'ssc.group3.3f', 'ssc.group3.3m', 'ssc.group3.3b'],
    },
    { key: 'position', codes: ['ssc.position'] },
    { key: 'bsoe', codes: ['ssc.bsoe.sum', 'ssc.bsoe.1', 'ssc.bsoe.2', 'ssc.bsoe.3', 'ssc.bsoe.4', 'ssc.bsoe.5'] },
    { key: 'dragonTiger', codes: ['ssc.dragontiger'] },
  ],
  k3: [
    { key: 'sum', codes: ['k3.sum'] },
    { key: 'bsoe', codes: ['k3.bsoe'] },
    { key: 'triples', codes: ['k3.triple.one', 'k3.triple.any'] },
    { key: 'pairs', codes: ['k3.pair.any', 'k3.pair.single'] },
    { key: 'different', codes: ['k3.three.diff', 'k3.two.diff', 'k3.straight.any'] },
  ],
};

/** The groups of a kind restricted to the codes the game offers (its betTypes), empty groups dropped. */
export function offeredGroups(kind: ElottKind, offered: readonly string[]) {
  return BET_GROUPS[kind]
    .map((g) => ({ key: g.key, codes: g.codes.filter((c) => offered.includes(c)) }))
    .filter((g) => g.codes.length > 0);
}

export function betSpec(kind: ElottKind, code: string): BetSpec {
  const spec = SPECS[kind].find((s) => s.code === code);
  if (!spec) throw new RangeError(`no picker for ${code}`);
  return spec;
}

/** What one bet of the picker comes to, as the engine counts it; `problem` is the engine's reason when it is not a bet. */
export interface Priced {
  selection: unknown;
  units: number;
  describe: string;
  problem: string | null;
}

export function priceBet(kind: ElottKind, code: string, picks: readonly (readonly Pick[])[]): Priced {
  const selection = betSpec(kind, code).build(picks);
  try {
    const type = elottBetType(kind, code);
    const parsed = type.parse(selection);
    const units = type.unitCount(parsed);
    const problem = units < 1 ? 'no bet' : units > MAX_UNITS_PER_BET ? `at most ${MAX_UNITS_PER_BET} units` : null;
    return { selection, units, describe: type.describe(parsed), problem };
  } catch (e) {
    return { selection, units: 0, describe: '', problem: e instanceof Error ? e.message : String(e) };
  }
}

/** Units × unit stake, in minor units. */
export const chargeOf = (units: number, unitStake: bigint) => BigInt(units) * unitStake;

export interface SlipBet {
  id: string;
  code: string;
  selection: unknown;
  describe: string;
  units: number;
  /** Minor units. */
  unitStake: bigint;
}

/** The slip's total for one issue, and over a chase of `issues` issues (the same bets on each). */
export function slipTotals(bets: readonly SlipBet[], issues: number) {
  const perIssue = bets.reduce((s, b) => s + chargeOf(b.units, b.unitStake), 0n);
  return { units: bets.reduce((n, b) => n + b.units, 0), perIssue, total: perIssue * BigInt(issues) };
}

/** Quick picks over a row of numbers: all, the upper or lower half, odd, even, none. */
export type QuickPick = 'all' | 'big' | 'small' | 'odd' | 'even' | 'clear';
export const QUICK_PICKS: readonly QuickPick[] = ['all', 'big', 'small', 'odd', 'even', 'clear'];

export function quickPick(values: readonly Pick[], which: QuickPick): Pick[] {
  const n = values.filter((v): v is number => typeof v === 'number');
  if (n.length === 0) return which === 'all' ? [...values] : [];
  const mid = (Math.min(...n) + Math.max(...n) + 1) / 2;
  switch (which) {
    case 'all':
      return n;
    case 'big':
      return n.filter((v) => v >= mid);
    case 'small':
      return n.filter((v) => v < mid);
    case 'odd':
      return n.filter((v) => v % 2 === 1);
    case 'even':
      return n.filter((v) => v % 2 === 0);
    default:
      return [];
  }
}

/**
 * A unit stake typed in major units → minor units, or the i18n key of what is wrong with it: a positive whole
 * multiple of the minimum, at most the maximum.
 */
export function unitStakeOf(
  minor: bigint | null,
  min: bigint,
  max: bigint,
): { ok: true; value: bigint } | { ok: false; problem: 'stakeFormat' | 'stakeMultiple' | 'stakeRange' } {
  if (minor === null || minor <= 0n) return { ok: false, problem: 'stakeFormat' };
  if (minor < min || minor > max) return { ok: false, problem: 'stakeRange' };
  if (min > 0n && minor % min !== 0n) return { ok: false, problem: 'stakeMultiple' };
  return { ok: true, value: minor };
}

/** A server field path `bets.<i>.…` → the slip index it is about (null for the whole order). */
export function betIndexOfField(field: string): number | null {
  const m = /^bets\.(\d+)(?:\.|$)/.exec(field);
  return m ? Number(m[1]) : null;
}

/**
 * The bets of a slip shared in the chat room, as this page's slip lines: each checked by the engine (parse, units)
 * and its unit stake within the game's bounds; a bet that is not valid here is left out.
 */
export function slipFromShared(
  kind: ElottKind,
  bets: readonly { code: string; selection: unknown; unitStake: string }[],
  bounds: { min: bigint; max: bigint },
  id: () => string,
): SlipBet[] {
  const out: SlipBet[] = [];
  for (const b of bets) {
    try {
      const type = elottBetType(kind, b.code);
      const parsed = type.parse(b.selection);
      const units = type.unitCount(parsed);
      const unitStake = BigInt(b.unitStake);
      if (units < 1 || units > MAX_UNITS_PER_BET || unitStake < bounds.min || unitStake > bounds.max) continue;
      out.push({ id: id(), code: b.code, selection: b.selection, describe: type.describe(parsed), units, unitStake });
    } catch {
      // not a bet of this game: left out
    }
  }
  return out;
}
