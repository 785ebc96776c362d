import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import { add, div, equals, mul, type Rational, rational, toDecimal, toPercent } from '../rational.ts';
import { type LotteryBetType, settleBet } from './bet-types.ts';
import { parseOdds } from './odds.ts';
import {
  checkVnResult,
  coveredNumbers,
  drawVnResult,
  pAllAppear,
  pNoneAppear,
  prizesOf,
  type VnRegion,
  type VnResult,
  vnBetTypes,
  vnDefaultOdds,
  vnNumbers,
  vnSetSize,
} from './vn.ts';

const type = (region: VnRegion, code: string) => vnBetTypes(region).find((t) => t.code === code)!;

/** A result whose every number is `fill` repeated (then overwritten where a test needs). */
function resultOf(region: VnRegion, fill = '5', over: Record<string, string[]> = {}): VnResult {
  const prizes: Record<string, string[]> = {};
  for (const d of prizesOf(region)) prizes[d.key] = Array.from({ length: d.count }, () => fill.repeat(d.digits));
  return { region, prizes: { ...prizes, ...over } };
}

function pay(region: VnRegion, code: string, raw: unknown, r: VnResult, unitStake: bigint, odds: string) {
  const t = type(region, code);
  return settleBet(t, t.parse(raw), r, unitStake, () => parseOdds(odds)).payout;
}

function charge(region: VnRegion, code: string, raw: unknown, unitStake: bigint): bigint {
  const t = type(region, code);
  return BigInt(t.unitCount(t.parse(raw))) * unitStake;
}

describe('VN draw structure (domain-rules §1.1)', () => {
  it('MB has 27 numbers, MN/MT 18; the ≥3 / ≥4-digit sets are 23/20 and 17/16', () => {
    expect([2, 3, 4].map((d) => vnSetSize('MB', d))).toEqual([27, 23, 20]);
    expect([2, 3, 4].map((d) => vnSetSize('MN', d))).toEqual([18, 17, 16]);
    expect([2, 3, 4].map((d) => vnSetSize('MT', d))).toEqual([18, 17, 16]);
  });

  it('a generated result is complete and well formed; partial or malformed results are refused', () => {
    const h = 'ab'.repeat(32);
    for (const region of ['MB', 'MN'] as const) {
      const r = drawVnResult(region, h, 'salt', '2026-11-26/HCM');
      expect(checkVnResult(r, region)).toBe(true);
      expect(vnNumbers(r)).toHaveLength(region === 'MB' ? 27 : 18);
      expect(drawVnResult(region, h, 'salt', '2026-11-26/HCM')).toEqual(r);
      const missing = { ...r, prizes: { ...r.prizes } };
      delete missing.prizes.DB;
      expect(checkVnResult(missing, region)).toBe(false);
      expect(checkVnResult({ ...r, prizes: { ...r.prizes, G1: ['12'] } }, region)).toBe(false);
      expect(checkVnResult(r, region === 'MB' ? 'MN' : 'MB')).toBe(false);
    }
  });
});

describe('worked examples (domain-rules §1.2, §1.4)', () => {
  it('charge = numbers × matched-set size × unit stake: 3 numbers bao lô MB at 5,000 = 405,000', () => {
    expect(charge('MB', 'vn.lo2', { numbers: ['12', '34', '56'] }, 5_000n)).toBe(405_000n);
  });

  it('đảo of 123 at MB bao lô 3 số: 6 permutations × 23 × 1,000 = 138,000', () => {
    expect(charge('MB', 'vn.lo3', { numbers: ['123'], permute: true }, 1_000n)).toBe(138_000n);
    expect(coveredNumbers({ numbers: ['112'], permute: true })).toEqual(['112', '121', '211']);
  });

  it('lô 46 appearing in G7, G6 and G4 pays 3 occurrences: 10 points × 99,000 × 3 = 2,970,000', () => {
    const r = resultOf('MB', '5', {
      G7: ['46', '55', '55', '55'],
      G6: ['146', '555', '555'],
      G4: ['2046', '5555', '5555', '5555'],
    });
    expect(pay('MB', 'vn.lo2', { numbers: ['46'] }, r, 10_000n, '99')).toBe(2_970_000n);
  });

  it('đề 63 with ĐB 90563 pays 100,000 × 99 = 9,900,000 once; 63 elsewhere does not count', () => {
    const r = resultOf('MB', '5', { DB: ['90563'], G1: ['11163'] });
    expect(pay('MB', 'vn.de', { numbers: ['63'] }, r, 100_000n, '99')).toBe(9_900_000n);
    expect(pay('MB', 'vn.de', { numbers: ['36'] }, r, 100_000n, '99')).toBe(0n);
    expect(pay('MB', 'vn.3cang', { numbers: ['563'] }, r, 1_000n, '900')).toBe(900_000n);
  });

  it('xiên pays when all of its numbers appear; every combination of the picks is a unit', () => {
    const r = resultOf('MN', '5', { G8: ['12'], G7: ['334'], G1: ['00078'] });
    expect(pay('MN', 'vn.xien2', { numbers: ['12', '34'] }, r, 1_000n, '35')).toBe(35_000n);
    expect(pay('MN', 'vn.xien2', { numbers: ['12', '99'] }, r, 1_000n, '35')).toBe(0n);
    // Picks 12, 34, 78, 99: the pairs among {12, 34, 78} win (3 of the 6 units).
    expect(charge('MN', 'vn.xien2', { numbers: ['12', '34', '78', '99'] }, 1_000n)).toBe(6_000n);
    expect(pay('MN', 'vn.xien2', { numbers: ['12', '34', '78', '99'] }, r, 1_000n, '35')).toBe(105_000n);
    expect(pay('MN', 'vn.xien3', { numbers: ['12', '34', '78'] }, r, 1_000n, '230')).toBe(230_000n);
  });

  it('trượt wins only when none of its numbers appears', () => {
    const r = resultOf('MB', '5');
    const picks = ['01', '02', '03', '04'];
    expect(pay('MB', 'vn.truot4', { numbers: picks }, r, 1_000n, '2.7')).toBe(2_700n);
    const hit = resultOf('MB', '5', { G7: ['03', '55', '55', '55'] });
    expect(pay('MB', 'vn.truot4', { numbers: picks }, hit, 1_000n, '2.7')).toBe(0n);
  });

  it('the reference probabilities: xiên 2/3/4 and trượt at MB (n = 27) and MN (n = 18)', () => {
    expect([2, 3, 4].map((k) => toDecimal(pAllAppear(k, 27), 6))).toEqual(['0.054882', '0.012297', '0.002669']);
    expect([2, 3, 4].map((k) => toDecimal(pAllAppear(k, 18), 6))).toEqual(['0.026107', '0.003913', '0.000555']);
    expect([4, 8, 10].map((k) => toDecimal(pNoneAppear(k, 27), 4))).toEqual(['0.3321', '0.1052', '0.0581']);
  });
});

/** A suffix of `digits` digits that none of the covered picks ends with (the "no match" filler). */
function neutral(picks: string[], digits: number): string {
  for (let v = 0; ; v++) {
    const s = String(v).padStart(digits, '0');
    if (!picks.some((p) => s.endsWith(p) || p.endsWith(s.slice(-p.length)))) return s;
  }
}

/**
 * Exact expected wins per charged unit, computed from the win rule itself:
 * - lô / đề / 3 càng (linear in the prizes): for every prize and every value of its trailing digits, the matches of
 *   a result where only that prize varies (the others never match), weighted 1 / 10^digits;
 * - xiên / trượt: a dynamic programme over the prizes of which picks have appeared (each prize's last two digits are
 *   one of the picks with probability 1/100 each), then the win rule on a result showing exactly that subset.
 */
function expectedWinsPerUnit(region: VnRegion, t: LotteryBetType<unknown, VnResult>, raw: unknown): Rational {
  const sel = t.parse(raw) as { numbers: string[]; permute: boolean };
  const units = BigInt(t.unitCount(sel));
  const covered = coveredNumbers(sel);
  const width = covered[0]!.length;
  const defs = prizesOf(region);
  const fillAll = (suffix: string): VnResult => {
    const prizes: Record<string, string[]> = {};
    for (const d of defs)
      prizes[d.key] = Array.from({ length: d.count }, () => suffix.padStart(d.digits, '9').slice(-d.digits));
    return { region, prizes };
  };
  if (/lo|de|3cang/.test(t.code)) {
    const filler = neutral(covered, width);
    const base = fillAll(filler);
    expect(t.wins(sel, base)).toEqual([]);
    let total = rational(0);
    for (const d of defs)
      for (let i = 0; i < d.count; i++) {
        if (d.digits < width) continue;
        const before = base.prizes[d.key]![i]!;
        const head = filler.padStart(d.digits, '9');
        for (let v = 0; v < 10 ** width; v++) {
          base.prizes[d.key]![i] = (head + String(v).padStart(width, '0')).slice(-d.digits);
          const times = t.wins(sel, base).reduce((s, w) => s + w.times, 0);
          if (times) total = add(total, rational(times, 10 ** width));
        }
        base.prizes[d.key]![i] = before;
      }
    return div(total, rational(units));
  }
  const picks = sel.numbers;
  const k = picks.length;
  const n = defs.reduce((a, d) => a + d.count, 0);
  let counts = new Map<number, bigint>([[0, 1n]]);
  for (let prize = 0; prize < n; prize++) {
    const next = new Map<number, bigint>();
    for (const [m, c] of counts) {
      next.set(m, (next.get(m) ?? 0n) + c * BigInt(100 - k));
      for (let i = 0; i < k; i++) next.set(m | (1 << i), (next.get(m | (1 << i)) ?? 0n) + c);
    }
    counts = next;
  }
  let total = rational(0);
  const filler = neutral(picks, 2);
  for (const [m, c] of counts) {
    const r = fillAll(filler);
    const shown = picks.filter((_, i) => m & (1 << i));
    const slots = defs.flatMap((d) => Array.from({ length: d.count }, (_, i) => [d.key, i, d.digits] as const));
    shown.forEach((p, j) => {
      const [key, i, digits] = slots[j]!;
      r.prizes[key]![i] = (filler.padStart(digits, '9') + p).slice(-digits);
    });
    const times = t.wins(sel, r).reduce((s, w) => s + w.times, 0);
    if (times) total = add(total, mul(rational(c, 100n ** BigInt(n)), rational(times)));
  }
  return div(total, rational(units));
}

const SAMPLES: Record<string, unknown[]> = {
  'vn.lo2': [{ numbers: ['46'] }, { numbers: ['00', '46', '99'] }, { numbers: ['12'], permute: true }],
  'vn.lo3': [{ numbers: ['123'] }, { numbers: ['112'], permute: true }],
  'vn.lo4': [{ numbers: ['2046'] }],
  'vn.de': [{ numbers: ['63'] }, { numbers: ['01', '10'] }],
  'vn.3cang': [{ numbers: ['563'] }, { numbers: ['123'], permute: true }],
  'vn.xien2': [{ numbers: ['12', '34'] }, { numbers: ['12', '34', '56', '78'] }],
  'vn.xien3': [{ numbers: ['12', '34', '56'] }],
  'vn.xien4': [{ numbers: ['12', '34', '56', '78'] }, { numbers: ['01', '02', '03', '04', '05'] }],
  'vn.truot4': [{ numbers: ['01', '02', '03', '04'] }],
  'vn.truot8': [{ numbers: ['01', '02', '03', '04', '05', '06', '07', '08'] }],
  'vn.truot10': [{ numbers: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'] }],
};

describe(
  'the win rules pay exactly their declared probabilities (RTP = odds × p per charged unit)',
  { timeout: 60_000 },
  () => {
    for (const region of ['MB', 'MN'] as const)
      for (const t of vnBetTypes(region))
        it(`${region} ${t.code}`, () => {
          for (const raw of SAMPLES[t.code]!) {
            const e = expectedWinsPerUnit(region, t, raw);
            expect(equals(e, t.lines[0]!.p), `${JSON.stringify(raw)}: ${toDecimal(e, 8)}`).toBe(true);
          }
        });

    it('the default odds give the RTPs their table states (88–96 %)', () => {
      const rtps = (region: VnRegion) =>
        vnBetTypes(region).map((t) =>
          toPercent(mul(parseOdds(vnDefaultOdds(region)[t.code as 'vn.lo2']), t.lines[0]!.p), 1),
        );
      expect(rtps('MB')).toEqual([
        '96.0',
        '90.0',
        '90.0',
        '95.0',
        '90.0',
        '93.2',
        '92.2',
        '90.7',
        '89.6',
        '89.4',
        '89.5',
      ]);
      expect(rtps('MN')).toEqual([
        '96.0',
        '90.0',
        '90.0',
        '95.0',
        '90.0',
        '91.3',
        '90.0',
        '88.8',
        '91.1',
        '91.4',
        '90.0',
      ]);
    });
  },
);

describe('bet checks', () => {
  it('refuses malformed selections with invalid_bet', () => {
    const bad: Array<[string, unknown]> = [
      ['vn.lo2', { numbers: ['4'] }],
      ['vn.lo2', { numbers: ['46', '46'] }],
      ['vn.lo2', { numbers: [] }],
      ['vn.lo3', { numbers: ['12'] }],
      ['vn.xien3', { numbers: ['12', '34'] }],
      ['vn.truot4', { numbers: ['01', '02', '03'] }],
      ['vn.de', 'x'],
      ['vn.de', { numbers: [46] }],
    ];
    for (const [code, raw] of bad) expect(() => type('MB', code).parse(raw), code).toThrow(GameInputError);
  });
});
