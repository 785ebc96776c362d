import { rational } from '../rational.ts';
import {
  choose,
  distinctInts,
  invalidBet,
  type LotteryBetType,
  objectOf,
  type PrizeLine,
  sidesOf,
} from './bet-types.ts';
import { drawInts, drawStream } from './draw-chain.ts';

/**
 * SSC (时时彩, "e-lottery 5 digits", domain-rules §2.2): five positions 0–9 drawn independently (positions 1–5 from
 * the left: ten-thousands … units). Bet types: straight over 5/4/3/2 adjacent positions (several digits per position
 * = every combination), 3-digit group-6 and group-3 (any order), one-position picks, big/small/odd/even of a
 * position or of the sum, dragon/tiger. Odds come from the prize group (bet-types.ts).
 */
export type SscDraw = readonly number[];

export const SSC_DIGITS = 5;

export function drawSsc(issueHash: string, salt: string, issueId: string): number[] {
  return drawInts(drawStream(issueHash, salt, issueId), SSC_DIGITS, 10);
}

export function checkSscDraw(draw: unknown): draw is SscDraw {
  return (
    Array.isArray(draw) && draw.length === SSC_DIGITS && draw.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)
  );
}

const SCOPES = {
  '5': [0, 1, 2, 3, 4],
  '4f': [0, 1, 2, 3],
  '4b': [1, 2, 3, 4],
  '3f': [0, 1, 2],
  '3m': [1, 2, 3],
  '3b': [2, 3, 4],
  '2f': [0, 1],
  '2b': [3, 4],
} as const satisfies Record<string, readonly number[]>;
type Scope = keyof typeof SCOPES;
type Scope3 = '3f' | '3m' | '3b';

const line = (key: string, n: number, d: number): PrizeLine => ({ key, p: rational(n, d) });

interface Positions {
  positions: number[][];
}
interface Digits {
  digits: number[];
}
type Side = 'big' | 'small' | 'odd' | 'even';
interface Sides<S extends string> {
  sides: S[];
}

function positionsOf(raw: unknown, count: number, allowEmpty: boolean): number[][] {
  const sel = objectOf(raw);
  const p = sel.positions;
  if (!Array.isArray(p) || p.length !== count) invalidBet(`positions: ${count} lists of digits are required`);
  const out = p.map((digits, i) => distinctInts(digits, 0, 9, allowEmpty ? 0 : 1, `position ${i + 1}`));
  if (out.every((d) => d.length === 0)) invalidBet('pick at least one digit');
  return out;
}

const showPositions = (s: Positions) => s.positions.map((d) => d.join(',') || '-').join('|');

function straight(scope: Scope): LotteryBetType<Positions, SscDraw> {
  const at = SCOPES[scope];
  return {
    code: `ssc.straight.${scope}`,
    lines: [line('straight', 1, 10 ** at.length)],
    parse: (raw) => ({ positions: positionsOf(raw, at.length, false) }),
    unitCount: (s) => s.positions.reduce((n, d) => n * d.length, 1),
    wins: (s, draw) =>
      at.every((pos, i) => s.positions[i]!.includes(draw[pos]!)) ? [{ line: 'straight', times: 1 }] : [],
    describe: showPositions,
  };
}

function three(draw: SscDraw, scope: Scope3): [number, number, number] {
  const [a, b, c] = SCOPES[scope];
  return [draw[a]!, draw[b]!, draw[c]!];
}

/** Group-6: three different digits in any order; one unit per 3-digit set of the picks. */
function group6(scope: Scope3): LotteryBetType<Digits, SscDraw> {
  return {
    code: `ssc.group6.${scope}`,
    lines: [line('group6', 6, 1000)],
    parse: (raw) => ({ digits: distinctInts(objectOf(raw).digits, 0, 9, 3, 'digits') }),
    unitCount: (s) => choose(s.digits.length, 3),
    wins: (s, draw) => {
      const t = three(draw, scope);
      const distinct = new Set(t).size === 3;
      return distinct && t.every((d) => s.digits.includes(d)) ? [{ line: 'group6', times: 1 }] : [];
    },
    describe: (s) => s.digits.join(','),
  };
}

/** Group-3: a pair and a single (AAB in any order); one unit per ordered (pair digit, single digit) of the picks. */
function group3(scope: Scope3): LotteryBetType<Digits, SscDraw> {
  return {
    code: `ssc.group3.${scope}`,
    lines: [line('group3', 3, 1000)],
    parse: (raw) => ({ digits: distinctInts(objectOf(raw).digits, 0, 9, 2, 'digits') }),
    unitCount: (s) => s.digits.length * (s.digits.length - 1),
    wins: (s, draw) => {
      const t = three(draw, scope);
      return new Set(t).size === 2 && t.every((d) => s.digits.includes(d)) ? [{ line: 'group3', times: 1 }] : [];
    },
    describe: (s) => s.digits.join(','),
  };
}

/** One-position picks (定位胆): any digits on any positions; each picked digit is a unit. */
const position: LotteryBetType<Positions, SscDraw> = {
  code: 'ssc.position',
  lines: [line('position', 1, 10)],
  parse: (raw) => ({ positions: positionsOf(raw, SSC_DIGITS, true) }),
  unitCount: (s) => s.positions.reduce((n, d) => n + d.length, 0),
  wins: (s, draw) => {
    const times = s.positions.filter((d, i) => d.includes(draw[i]!)).length;
    return times ? [{ line: 'position', times }] : [];
  },
  describe: showPositions,
};

const SIDES = ['big', 'small', 'odd', 'even'] as const;

function sideWins(value: number, bigFrom: number, side: Side): boolean {
  if (side === 'big') return value >= bigFrom;
  if (side === 'small') return value < bigFrom;
  return (value % 2 === 1) === (side === 'odd');
}

/** Big (5–9) / small (0–4) / odd / even of position `pos` (1–5), or of the sum (big ≥ 23): each side a unit. */
function bigSmall(pos: 1 | 2 | 3 | 4 | 5 | 'sum'): LotteryBetType<Sides<Side>, SscDraw> {
  return {
    code: `ssc.bsoe.${pos}`,
    lines: [line('side', 1, 2)],
    parse: (raw) => ({ sides: sidesOf(objectOf(raw).sides, SIDES, 'sides') }),
    unitCount: (s) => s.sides.length,
    wins: (s, draw) => {
      const value = pos === 'sum' ? draw.reduce((a, b) => a + b, 0) : draw[pos - 1]!;
      const times = s.sides.filter((side) => sideWins(value, pos === 'sum' ? 23 : 5, side)).length;
      return times ? [{ line: 'side', times }] : [];
    },
    describe: (s) => s.sides.join(','),
  };
}

const DT = ['dragon', 'tiger', 'tie'] as const;
type DragonTiger = (typeof DT)[number];

/** Dragon (position 1 > position 5), tiger (<) or tie (=): a tie loses the dragon and tiger units. */
const dragonTiger: LotteryBetType<Sides<DragonTiger>, SscDraw> = {
  code: 'ssc.dragontiger',
  lines: [line('dragon', 45, 100), line('tiger', 45, 100), line('tie', 10, 100)],
  parse: (raw) => ({ sides: sidesOf(objectOf(raw).sides, DT, 'sides') }),
  unitCount: (s) => s.sides.length,
  wins: (s, draw) => {
    const d = draw[0]!;
    const t = draw[4]!;
    const outcome: DragonTiger = d > t ? 'dragon' : d < t ? 'tiger' : 'tie';
    return s.sides.includes(outcome) ? [{ line: outcome, times: 1 }] : [];
  },
  describe: (s) => s.sides.join(','),
};

export const SSC_BET_TYPES: ReadonlyArray<LotteryBetType<unknown, SscDraw>> = [
  ...(Object.keys(SCOPES) as Scope[]).map(straight),
  ...(['3f', '3m', '3b'] as const).map(group6),
  ...(['3f', '3m', '3b'] as const).map(group3),
  position,
  ...([1, 2, 3, 4, 5, 'sum'] as const).map(bigSmall),
  dragonTiger,
];
