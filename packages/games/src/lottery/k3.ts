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
 * K3 (快3, domain-rules §2.3): three dice 1–6 drawn independently (216 equally likely outcomes). Big (11–18) / small
 * (3–10) / odd / even lose on a triple, as in sic bo. Odds come from the prize group (bet-types.ts).
 */
export type K3Draw = readonly number[];

export function drawK3(issueHash: string, salt: string, issueId: string): number[] {
  return drawInts(drawStream(issueHash, salt, issueId), 3, 6).map((d) => d + 1);
}

export function checkK3Draw(draw: unknown): draw is K3Draw {
  return Array.isArray(draw) && draw.length === 3 && draw.every((d) => Number.isInteger(d) && d >= 1 && d <= 6);
}

const of216 = (key: string, ways: number): PrizeLine => ({ key, p: rational(ways, 216) });
const count = (draw: K3Draw, face: number) => draw.filter((d) => d === face).length;
const isTriple = (draw: K3Draw) => draw[0] === draw[1] && draw[1] === draw[2];

/** Ways to roll each sum 3–18 with three dice. */
export const K3_SUM_WAYS: Readonly<Record<number, number>> = (() => {
  const ways: Record<number, number> = {};
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ways[a + b + c] = (ways[a + b + c] ?? 0) + 1;
  return ways;
})();

interface Picks {
  picks: number[];
}
type Side = 'big' | 'small' | 'odd' | 'even';

const sum: LotteryBetType<Picks, K3Draw> = {
  code: 'k3.sum',
  lines: Object.entries(K3_SUM_WAYS).map(([s, ways]) => of216(`sum${s}`, ways)),
  parse: (raw) => ({ picks: distinctInts(objectOf(raw).picks, 3, 18, 1, 'sums') }),
  unitCount: (s) => s.picks.length,
  wins: (s, draw) => {
    const total = draw[0]! + draw[1]! + draw[2]!;
    return s.picks.includes(total) ? [{ line: `sum${total}`, times: 1 }] : [];
  },
  describe: (s) => s.picks.join(','),
};

const SIDES = ['big', 'small', 'odd', 'even'] as const;

const bigSmall: LotteryBetType<{ sides: Side[] }, K3Draw> = {
  code: 'k3.bsoe',
  // 108 big sums (11–18) less the triples 444, 555, 666; likewise for each side.
  lines: [of216('side', 105)],
  parse: (raw) => ({ sides: sidesOf(objectOf(raw).sides, SIDES, 'sides') }),
  unitCount: (s) => s.sides.length,
  wins: (s, draw) => {
    if (isTriple(draw)) return [];
    const total = draw[0]! + draw[1]! + draw[2]!;
    const times = s.sides.filter((side) =>
      side === 'big' ? total >= 11 : side === 'small' ? total <= 10 : (total % 2 === 1) === (side === 'odd'),
    ).length;
    return times ? [{ line: 'side', times }] : [];
  },
  describe: (s) => s.sides.join(','),
};

const anyTriple: LotteryBetType<Record<string, never>, K3Draw> = {
  code: 'k3.triple.any',
  lines: [of216('anyTriple', 6)],
  parse: (raw) => {
    objectOf(raw);
    return {};
  },
  unitCount: () => 1,
  wins: (_s, draw) => (isTriple(draw) ? [{ line: 'anyTriple', times: 1 }] : []),
  describe: () => 'any',
};

const triple: LotteryBetType<Picks, K3Draw> = {
  code: 'k3.triple.one',
  lines: [of216('triple', 1)],
  parse: (raw) => ({ picks: distinctInts(objectOf(raw).picks, 1, 6, 1, 'faces') }),
  unitCount: (s) => s.picks.length,
  wins: (s, draw) => (isTriple(draw) && s.picks.includes(draw[0]!) ? [{ line: 'triple', times: 1 }] : []),
  describe: (s) => s.picks.map((f) => `${f}${f}${f}`).join(','),
};

/** Three different faces: one unit per 3-face set of the picks; wins when the dice are exactly that set. */
const threeDifferent: LotteryBetType<Picks, K3Draw> = {
  code: 'k3.three.diff',
  lines: [of216('threeDiff', 6)],
  parse: (raw) => ({ picks: distinctInts(objectOf(raw).picks, 1, 6, 3, 'faces') }),
  unitCount: (s) => choose(s.picks.length, 3),
  wins: (s, draw) =>
    new Set(draw).size === 3 && draw.every((d) => s.picks.includes(d)) ? [{ line: 'threeDiff', times: 1 }] : [],
  describe: (s) => s.picks.join(','),
};

const anyStraight: LotteryBetType<Record<string, never>, K3Draw> = {
  code: 'k3.straight.any',
  lines: [of216('straight', 24)],
  parse: (raw) => {
    objectOf(raw);
    return {};
  },
  unitCount: () => 1,
  wins: (_s, draw) => {
    const [a, b, c] = [...draw].sort((x, y) => x - y);
    return b === a! + 1 && c === b! + 1 ? [{ line: 'straight', times: 1 }] : [];
  },
  describe: () => 'any',
};

/** Two of a kind (not three) of a picked face; each face a unit. */
const pairAny: LotteryBetType<Picks, K3Draw> = {
  code: 'k3.pair.any',
  lines: [of216('pair', 15)],
  parse: (raw) => ({ picks: distinctInts(objectOf(raw).picks, 1, 6, 1, 'faces') }),
  unitCount: (s) => s.picks.length,
  wins: (s, draw) => (s.picks.some((f) => count(draw, f) === 2) ? [{ line: 'pair', times: 1 }] : []),
  describe: (s) => s.picks.map((f) => `${f}${f}`).join(','),
};

/** A pair and a single (AAB): one unit per (pair face, single face ≠ pair face) of the picks. */
const pairSingle: LotteryBetType<{ pairs: number[]; singles: number[] }, K3Draw> = {
  code: 'k3.pair.single',
  lines: [of216('pairSingle', 3)],
  parse: (raw) => {
    const sel = objectOf(raw);
    const pairs = distinctInts(sel.pairs, 1, 6, 1, 'pair faces');
    const singles = distinctInts(sel.singles, 1, 6, 1, 'single faces');
    if (pairs.length === 1 && singles.length === 1 && pairs[0] === singles[0])
      invalidBet('the single face must differ from the pair face');
    return { pairs, singles };
  },
  unitCount: (s) => s.pairs.reduce((n, p) => n + s.singles.filter((x) => x !== p).length, 0),
  wins: (s, draw) => {
    for (const p of s.pairs)
      if (count(draw, p) === 2) {
        const single = draw.find((d) => d !== p)!;
        return s.singles.includes(single) ? [{ line: 'pairSingle', times: 1 }] : [];
      }
    return [];
  },
  describe: (s) => `${s.pairs.map((f) => `${f}${f}`).join(',')}+${s.singles.join(',')}`,
};

/** Two different faces both showing: one unit per 2-face set of the picks. */
const twoDifferent: LotteryBetType<Picks, K3Draw> = {
  code: 'k3.two.diff',
  lines: [of216('twoDiff', 30)],
  parse: (raw) => ({ picks: distinctInts(objectOf(raw).picks, 1, 6, 2, 'faces') }),
  unitCount: (s) => choose(s.picks.length, 2),
  wins: (s, draw) => {
    const shown = s.picks.filter((f) => draw.includes(f)).length;
    const times = choose(shown, 2);
    return times ? [{ line: 'twoDiff', times }] : [];
  },
  describe: (s) => s.picks.join(','),
};

export const K3_BET_TYPES: ReadonlyArray<LotteryBetType<unknown, K3Draw>> = [
  sum,
  bigSmall,
  anyTriple,
  triple,
  threeDifferent,
  anyStraight,
  pairAny,
  pairSingle,
  twoDifferent,
];
