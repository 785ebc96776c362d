import { rational } from '../rational.ts';
import { invalidBet, type LotteryBetType, objectOf, type PrizeLine } from './bet-types.ts';
import { drawStream } from './draw-chain.ts';

/**
 * Thai government lottery "หวย" bets (domain-rules §3.1): draws on the 1st and 16th. Settlement values: the first
 * prize (6 digits), two front-3 and two back-3 numbers, one last-2 number. Odds are a table per merchant.
 */
export interface ThaiResult {
  first: string;
  front3: [string, string];
  back3: [string, string];
  last2: string;
}

const digitsRe = (n: number) => new RegExp(`^\\d{${n}}$`);

export function checkThaiResult(raw: unknown): raw is ThaiResult {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as ThaiResult;
  return (
    typeof r.first === 'string' &&
    digitsRe(6).test(r.first) &&
    Array.isArray(r.front3) &&
    r.front3.length === 2 &&
    r.front3.every((n) => typeof n === 'string' && digitsRe(3).test(n)) &&
    Array.isArray(r.back3) &&
    r.back3.length === 2 &&
    r.back3.every((n) => typeof n === 'string' && digitsRe(3).test(n)) &&
    typeof r.last2 === 'string' &&
    digitsRe(2).test(r.last2)
  );
}

/** A generated result for the demo's simulated feed: every digit i.i.d. from the issue's stream. */
export function drawThaiResult(issueHash: string, salt: string, issueId: string): ThaiResult {
  const rng = drawStream(issueHash, salt, issueId);
  const num = (n: number) => Array.from({ length: n }, () => String(rng.int(10))).join('');
  return { first: num(6), front3: [num(3), num(3)], back3: [num(3), num(3)], last2: num(2) };
}

export const THAI_DEFAULT_ODDS: Readonly<Record<string, string>> = {
  'th.3top': '900', // 90 %
  'th.3tode.6': '150', // 90 % (3 different digits)
  'th.3tode.3': '300', // 90 % (a pair and a single)
  'th.3tode.1': '900', // 90 % (three the same: only one order)
  'th.3front': '450', // 90 % (two numbers drawn)
  'th.3back': '450', // 90 %
  'th.2top': '90', // 90 %
  'th.2bottom': '90', // 90 %
  'th.runtop': '3.2', // 86.7 %
  'th.runbottom': '4.2', // 79.8 %
};

interface Numbers {
  numbers: string[];
}

function numbersOf(raw: unknown, digits: number): string[] {
  const list = objectOf(raw).numbers;
  if (!Array.isArray(list) || list.length === 0) invalidBet('numbers: pick at least one');
  if (list.length > 100) invalidBet('numbers: at most 100');
  const re = digitsRe(digits);
  const seen = new Set<string>();
  for (const n of list) {
    if (typeof n !== 'string' || !re.test(n)) invalidBet(`numbers: each is ${digits} digits`);
    if (seen.has(n)) invalidBet(`numbers: ${n} is picked twice`);
    seen.add(n);
  }
  return [...seen].sort();
}

const sorted = (s: string) => [...s].sort().join('');
const perms = (s: string) => (new Set(s).size === 3 ? 6 : new Set(s).size === 2 ? 3 : 1);

function exact(
  code: string,
  digits: number,
  valuesOf: (r: ThaiResult) => string[],
  p: PrizeLine['p'],
): LotteryBetType<Numbers, ThaiResult> {
  return {
    code,
    lines: [{ key: 'hit', p }],
    parse: (raw) => ({ numbers: numbersOf(raw, digits) }),
    unitCount: (s) => s.numbers.length,
    wins: (s, r) => {
      const values = valuesOf(r);
      const times = s.numbers.reduce((n, x) => n + values.filter((v) => v === x).length, 0);
      return times ? [{ line: 'hit', times }] : [];
    },
    describe: (s) => s.numbers.join(','),
  };
}

/** 3 tode: the last three digits of the first prize in any order; the line (and its odds) by the number's orders. */
const tode: LotteryBetType<Numbers, ThaiResult> = {
  code: 'th.3tode',
  lines: [
    { key: '6', p: rational(6, 1000) },
    { key: '3', p: rational(3, 1000) },
    { key: '1', p: rational(1, 1000) },
  ],
  parse: (raw) => {
    const numbers = numbersOf(raw, 3);
    if (new Set(numbers.map(sorted)).size !== numbers.length)
      invalidBet('numbers: two picks are the same digits in another order');
    return { numbers };
  },
  unitCount: (s) => s.numbers.length,
  wins: (s, r) => {
    const top = sorted(r.first.slice(-3));
    const hit = s.numbers.find((x) => sorted(x) === top);
    return hit ? [{ line: String(perms(hit)), times: 1 }] : [];
  },
  describe: (s) => s.numbers.join(','),
};

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A run: one digit that appears (once or more) in the last three of the first prize (top) or in the last-2 (bottom). */
function run(code: string, where: (r: ThaiResult) => string, p: PrizeLine['p']): LotteryBetType<Numbers, ThaiResult> {
  return {
    code,
    lines: [{ key: 'hit', p }],
    parse: (raw) => {
      const numbers = numbersOf(raw, 1);
      if (!numbers.every((d) => (DIGITS as readonly string[]).includes(d))) invalidBet('numbers: one digit each');
      return { numbers };
    },
    unitCount: (s) => s.numbers.length,
    wins: (s, r) => {
      const times = s.numbers.filter((d) => where(r).includes(d)).length;
      return times ? [{ line: 'hit', times }] : [];
    },
    describe: (s) => s.numbers.join(','),
  };
}

export const THAI_BET_TYPES: ReadonlyArray<LotteryBetType<unknown, ThaiResult>> = [
  exact('th.3top', 3, (r) => [r.first.slice(-3)], rational(1, 1000)),
  tode,
  exact('th.3front', 3, (r) => r.front3, rational(2, 1000)),
  exact('th.3back', 3, (r) => r.back3, rational(2, 1000)),
  exact('th.2top', 2, (r) => [r.first.slice(-2)], rational(1, 100)),
  exact('th.2bottom', 2, (r) => [r.last2], rational(1, 100)),
  run('th.runtop', (r) => r.first.slice(-3), rational(271, 1000)),
  run('th.runbottom', (r) => r.last2, rational(19, 100)),
];
