import { rational } from '../rational.ts';
import { digitPermutations, invalidBet, type LotteryBetType, objectOf } from './bet-types.ts';
import { drawStream } from './draw-chain.ts';

/**
 * 4D (Singapore Pools / Magnum style, domain-rules §3.2): 23 different 4-digit numbers per draw — 1st, 2nd, 3rd,
 * 10 starter, 10 consolation. Big pays on all five categories, small on the top three. Entries: ordinary, roll (one
 * digit "R" = all ten), system (every distinct order of the digits: 24/12/6/4). Prize per unit is a table per
 * merchant (Singapore Pools: big 2,000/1,000/490/250/60, small 3,000/2,000/800).
 */
export interface FourDResult {
  first: string;
  second: string;
  third: string;
  starter: string[];
  consolation: string[];
}

const FOUR = /^\d{4}$/;

export function fourDNumbers(r: FourDResult): string[] {
  return [r.first, r.second, r.third, ...r.starter, ...r.consolation];
}

export function checkFourDResult(raw: unknown): raw is FourDResult {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as FourDResult;
  if (!Array.isArray(r.starter) || r.starter.length !== 10) return false;
  if (!Array.isArray(r.consolation) || r.consolation.length !== 10) return false;
  const all = fourDNumbers(r);
  return all.every((n) => typeof n === 'string' && FOUR.test(n)) && new Set(all).size === 23;
}

/** A generated draw: 23 different numbers, in order, from the issue's stream (a repeat is drawn again). */
export function drawFourDResult(issueHash: string, salt: string, issueId: string): FourDResult {
  const rng = drawStream(issueHash, salt, issueId);
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < 23) {
    const n = String(rng.int(10_000)).padStart(4, '0');
    if (!seen.has(n)) {
      seen.add(n);
      out.push(n);
    }
  }
  return { first: out[0]!, second: out[1]!, third: out[2]!, starter: out.slice(3, 13), consolation: out.slice(13) };
}

export const FOURD_DEFAULT_ODDS: Readonly<Record<string, string>> = {
  '4d.big.first': '2000',
  '4d.big.second': '1000',
  '4d.big.third': '490',
  '4d.big.starter': '250',
  '4d.big.consolation': '60', // big: 65.9 %
  '4d.small.first': '3000',
  '4d.small.second': '2000',
  '4d.small.third': '800', // small: 58.0 %
};

type Entry = 'ordinary' | 'roll' | 'system';
interface FourDSelection {
  number: string;
  entry: Entry;
}

/** The numbers an entry covers: one, ten (roll), or every distinct order (system). */
export function fourDCovered(s: FourDSelection): string[] {
  if (s.entry === 'roll') return Array.from({ length: 10 }, (_, d) => s.number.replace('R', String(d)));
  if (s.entry === 'system') return digitPermutations(s.number);
  return [s.number];
}

function parse(raw: unknown): FourDSelection {
  const sel = objectOf(raw);
  const entry = sel.entry ?? 'ordinary';
  if (entry !== 'ordinary' && entry !== 'roll' && entry !== 'system') invalidBet('entry: ordinary, roll or system');
  const number = sel.number;
  if (typeof number !== 'string') invalidBet('number: 4 digits');
  if (entry === 'roll' ? !/^[\dR]{4}$/.test(number) || number.split('R').length !== 2 : !FOUR.test(number))
    invalidBet(entry === 'roll' ? 'number: 4 characters, digits and exactly one R' : 'number: 4 digits');
  if (entry === 'system' && new Set(number).size === 1)
    invalidBet('a system entry needs at least two different digits');
  return { number, entry };
}

const CATEGORIES = ['first', 'second', 'third', 'starter', 'consolation'] as const;
const ONE = rational(1, 10_000);
const TEN = rational(10, 10_000);

function fourD(size: 'big' | 'small'): LotteryBetType<FourDSelection, FourDResult> {
  const categories = size === 'big' ? CATEGORIES : CATEGORIES.slice(0, 3);
  return {
    code: `4d.${size}`,
    lines: categories.map((key) => ({ key, p: key === 'starter' || key === 'consolation' ? TEN : ONE })),
    parse,
    unitCount: (s) => fourDCovered(s).length,
    wins: (s, r) => {
      const covered = new Set(fourDCovered(s));
      const out: Array<{ line: string; times: number }> = [];
      for (const key of categories) {
        const drawn = key === 'starter' || key === 'consolation' ? r[key] : [r[key]];
        const times = drawn.filter((n) => covered.has(n)).length;
        if (times) out.push({ line: key, times });
      }
      return out;
    },
    describe: (s) => (s.entry === 'ordinary' ? s.number : `${s.entry === 'roll' ? '' : 'S'}${s.number}`),
  };
}

export const FOURD_BET_TYPES: ReadonlyArray<LotteryBetType<unknown, FourDResult>> = [fourD('big'), fourD('small')];
