import { type Rational, rational } from '../rational.ts';
import { choose, digitPermutations, invalidBet, type LotteryBetType, objectOf } from './bet-types.ts';
import { drawStream } from './draw-chain.ts';

/**
 * Vietnamese lottery (xổ số, domain-rules §1): one result per station and day. Miền Bắc (MB) draws 27 numbers, Miền
 * Nam / Miền Trung (MN, MT) 18 per station. Every bet type compares picked numbers with the LAST N DIGITS of the
 * prizes of its matched set; lô types count every occurrence, đề types pay once. A bet is on one station (the server
 * makes one bet per station picked). Charge (sobet rule VI) = numbers (or combinations) × matched-set size × unit
 * stake; a winning unit pays unit stake × odds per occurrence. Odds are a table per merchant and region.
 */
export type VnRegion = 'MB' | 'MN' | 'MT';
export const VN_REGIONS: readonly VnRegion[] = ['MB', 'MN', 'MT'];

interface PrizeDef {
  key: string;
  count: number;
  digits: number;
}

/** Prize tables in announcement order (ĐB is announced last but listed first). */
export const VN_PRIZES: Record<'MB' | 'MNT', readonly PrizeDef[]> = {
  MB: [
    { key: 'DB', count: 1, digits: 5 },
    { key: 'G1', count: 1, digits: 5 },
    { key: 'G2', count: 2, digits: 5 },
    { key: 'G3', count: 6, digits: 5 },
    { key: 'G4', count: 4, digits: 4 },
    { key: 'G5', count: 6, digits: 4 },
    { key: 'G6', count: 3, digits: 3 },
    { key: 'G7', count: 4, digits: 2 },
  ],
  MNT: [
    { key: 'DB', count: 1, digits: 6 },
    { key: 'G1', count: 1, digits: 5 },
    { key: 'G2', count: 1, digits: 5 },
    { key: 'G3', count: 2, digits: 5 },
    { key: 'G4', count: 7, digits: 5 },
    { key: 'G5', count: 1, digits: 4 },
    { key: 'G6', count: 3, digits: 4 },
    { key: 'G7', count: 1, digits: 3 },
    { key: 'G8', count: 1, digits: 2 },
  ],
};

export const prizesOf = (region: VnRegion) => VN_PRIZES[region === 'MB' ? 'MB' : 'MNT'];

/** A station's full result: prize key → its numbers as digit strings. */
export interface VnResult {
  region: VnRegion;
  prizes: Record<string, string[]>;
}

/** The full result is well formed: every prize, every number with its digit count. Partial results never settle. */
export function checkVnResult(raw: unknown, region: VnRegion): raw is VnResult {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as VnResult;
  if (r.region !== region || typeof r.prizes !== 'object' || r.prizes === null) return false;
  const defs = prizesOf(region);
  if (Object.keys(r.prizes).length !== defs.length) return false;
  return defs.every((d) => {
    const nums = r.prizes[d.key];
    return (
      Array.isArray(nums) &&
      nums.length === d.count &&
      nums.every((n) => typeof n === 'string' && n.length === d.digits && /^\d+$/.test(n))
    );
  });
}

/** Every number of the result (27 or 18), prize order. */
export function vnNumbers(result: VnResult): string[] {
  return prizesOf(result.region).flatMap((d) => result.prizes[d.key]!);
}

/**
 * A generated MB/MN-shaped result (the demo's simulated feed and VN-fast games): every digit i.i.d. 0–9 from the
 * issue's provably-fair stream, prizes in table order — so every prize's trailing digits are uniform and independent.
 */
export function drawVnResult(region: VnRegion, issueHash: string, salt: string, issueId: string): VnResult {
  const rng = drawStream(issueHash, salt, issueId);
  const prizes: Record<string, string[]> = {};
  for (const d of prizesOf(region))
    prizes[d.key] = Array.from({ length: d.count }, () =>
      Array.from({ length: d.digits }, () => String(rng.int(10))).join(''),
    );
  return { region, prizes };
}

export const VN_BET_CODES = [
  'vn.lo2',
  'vn.lo3',
  'vn.lo4',
  'vn.de',
  'vn.3cang',
  'vn.xien2',
  'vn.xien3',
  'vn.xien4',
  'vn.truot4',
  'vn.truot8',
  'vn.truot10',
] as const;
export type VnBetCode = (typeof VN_BET_CODES)[number];

/** Default odds per region (RTP in the comment; operators set their own table per merchant). */
export const VN_DEFAULT_ODDS: Record<'MB' | 'MNT', Record<VnBetCode, string>> = {
  MB: {
    'vn.lo2': '96', // 96 %
    'vn.lo3': '900', // 90 %
    'vn.lo4': '9000', // 90 %
    'vn.de': '95', // 95 %
    'vn.3cang': '900', // 90 %
    'vn.xien2': '17', // 93.3 %
    'vn.xien3': '75', // 92.2 %
    'vn.xien4': '340', // 90.7 %
    'vn.truot4': '2.7', // 89.6 %
    'vn.truot8': '8.5', // 89.4 %
    'vn.truot10': '15.4', // 89.5 %
  },
  MNT: {
    'vn.lo2': '96',
    'vn.lo3': '900',
    'vn.lo4': '9000',
    'vn.de': '95',
    'vn.3cang': '900',
    'vn.xien2': '35', // 91.3 %
    'vn.xien3': '230', // 90.0 %
    'vn.xien4': '1600', // 88.8 %
    'vn.truot4': '1.9', // 91.1 %
    'vn.truot8': '4.1', // 91.4 %
    'vn.truot10': '6', // 90.0 %
  },
};

export const vnDefaultOdds = (region: VnRegion) => VN_DEFAULT_ODDS[region === 'MB' ? 'MB' : 'MNT'];

interface Numbers {
  numbers: string[];
  /** Đảo: every distinct digit permutation of each number is bet too. */
  permute: boolean;
}

function numbersOf(raw: unknown, digits: number, least: number, exact?: number): string[] {
  const sel = objectOf(raw);
  const list = sel.numbers;
  if (!Array.isArray(list)) invalidBet('numbers: a list is required');
  const re = new RegExp(`^\\d{${digits}}$`);
  const seen = new Set<string>();
  for (const n of list) {
    if (typeof n !== 'string' || !re.test(n))
      invalidBet(`numbers: each is ${digits} digits, e.g. "${'0'.repeat(digits)}"`);
    if (seen.has(n)) invalidBet(`numbers: ${n} is picked twice`);
    seen.add(n);
  }
  if (exact !== undefined && seen.size !== exact) invalidBet(`numbers: pick exactly ${exact}`);
  if (seen.size < least) invalidBet(`numbers: pick at least ${least}`);
  if (seen.size > 100) invalidBet('numbers: at most 100');
  return [...seen].sort();
}

/** The numbers a bet actually covers (its picks, or with đảo every permutation of each, without duplicates). */
export function coveredNumbers(s: Numbers): string[] {
  return s.permute ? [...new Set(s.numbers.flatMap(digitPermutations))].sort() : s.numbers;
}

const endsWith = (num: string, pick: string) => num.endsWith(pick);

/** Lô / bao lô N số: every prize with ≥ N digits; each picked number costs the set size and pays per occurrence. */
function lo(region: VnRegion, digits: 2 | 3 | 4): LotteryBetType<Numbers, VnResult> {
  const setSize = prizesOf(region).reduce((n, d) => n + (d.digits >= digits ? d.count : 0), 0);
  return {
    code: `vn.lo${digits}`,
    lines: [{ key: 'lo', p: rational(1, 10 ** digits) }],
    parse: (raw) => ({ numbers: numbersOf(raw, digits, 1), permute: objectOf(raw).permute === true }),
    unitCount: (s) => coveredNumbers(s).length * setSize,
    wins: (s, r) => {
      const nums = vnNumbers(r).filter((n) => n.length >= digits);
      let times = 0;
      for (const pick of coveredNumbers(s)) times += nums.filter((n) => endsWith(n, pick)).length;
      return times ? [{ line: 'lo', times }] : [];
    },
    describe: (s) => `${coveredNumbers(s).join(',')}`,
  };
}

/** Đề (last 2 of ĐB) and 3 càng (last 3 of ĐB): one unit per number, paid once. */
function special(code: 'vn.de' | 'vn.3cang', digits: 2 | 3): LotteryBetType<Numbers, VnResult> {
  return {
    code,
    lines: [{ key: 'special', p: rational(1, 10 ** digits) }],
    parse: (raw) => ({ numbers: numbersOf(raw, digits, 1), permute: objectOf(raw).permute === true }),
    unitCount: (s) => coveredNumbers(s).length,
    wins: (s, r) => {
      const db = r.prizes.DB![0]!;
      return coveredNumbers(s).some((pick) => endsWith(db, pick)) ? [{ line: 'special', times: 1 }] : [];
    },
    describe: (s) => coveredNumbers(s).join(','),
  };
}

/** P(every one of k given 2-digit numbers appears among n uniform independent trailing pairs), inclusion–exclusion. */
export function pAllAppear(k: number, n: number): Rational {
  let num = 0n;
  for (let j = 0; j <= k; j++) num += (j % 2 ? -1n : 1n) * BigInt(choose(k, j)) * BigInt(100 - j) ** BigInt(n);
  return rational(num, 100n ** BigInt(n));
}

/** P(none of k given 2-digit numbers appears among n). */
export const pNoneAppear = (k: number, n: number): Rational =>
  rational(BigInt(100 - k) ** BigInt(n), 100n ** BigInt(n));

const lastTwos = (r: VnResult) => new Set(vnNumbers(r).map((n) => n.slice(-2)));

/** Xiên k: every k-number combination of the picks is a unit; it wins when all k appear among the lô (once). */
function xien(region: VnRegion, k: 2 | 3 | 4): LotteryBetType<Numbers, VnResult> {
  const n = prizesOf(region).reduce((a, d) => a + d.count, 0);
  return {
    code: `vn.xien${k}`,
    lines: [{ key: 'xien', p: pAllAppear(k, n) }],
    parse: (raw) => ({ numbers: numbersOf(raw, 2, k), permute: false }),
    unitCount: (s) => choose(s.numbers.length, k),
    wins: (s, r) => {
      const shown = lastTwos(r);
      const times = choose(s.numbers.filter((x) => shown.has(x)).length, k);
      return times ? [{ line: 'xien', times }] : [];
    },
    describe: (s) => s.numbers.join(','),
  };
}

/** Lô trượt k (the "miss" bet): exactly k numbers, one unit, wins when NONE of them appears among the lô. */
function truot(region: VnRegion, k: 4 | 8 | 10): LotteryBetType<Numbers, VnResult> {
  const n = prizesOf(region).reduce((a, d) => a + d.count, 0);
  return {
    code: `vn.truot${k}`,
    lines: [{ key: 'truot', p: pNoneAppear(k, n) }],
    parse: (raw) => ({ numbers: numbersOf(raw, 2, k, k), permute: false }),
    unitCount: () => 1,
    wins: (s, r) => {
      const shown = lastTwos(r);
      return s.numbers.some((x) => shown.has(x)) ? [] : [{ line: 'truot', times: 1 }];
    },
    describe: (s) => s.numbers.join(','),
  };
}

export function vnBetTypes(region: VnRegion): ReadonlyArray<LotteryBetType<unknown, VnResult>> {
  return [
    lo(region, 2),
    lo(region, 3),
    lo(region, 4),
    special('vn.de', 2),
    special('vn.3cang', 3),
    xien(region, 2),
    xien(region, 3),
    xien(region, 4),
    truot(region, 4),
    truot(region, 8),
    truot(region, 10),
  ];
}

/** Matched-set sizes (domain-rules §1.1: MB 27/23/20, MN/MT 18/17/16 numbers with ≥ 2/3/4 digits). */
export function vnSetSize(region: VnRegion, digits: number): number {
  return prizesOf(region).reduce((n, d) => n + (d.digits >= digits ? d.count : 0), 0);
}
