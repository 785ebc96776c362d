import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import { add, div, mul, type Rational, rational, toPercent } from '../rational.ts';
import { type LotteryBetType, settleBet } from './bet-types.ts';
import {
  checkFourDResult,
  drawFourDResult,
  FOURD_BET_TYPES,
  FOURD_DEFAULT_ODDS,
  type FourDResult,
  fourDCovered,
} from './fourd.ts';
import { oddsFromTable } from './odds.ts';
import { checkThaiResult, drawThaiResult, THAI_BET_TYPES, THAI_DEFAULT_ODDS, type ThaiResult } from './thai.ts';

const H = 'cd'.repeat(32);

/**
 * Expected payout per charged unit (odds included), by enumerating every value of each result slot in turn while
 * the others hold a value no pick matches — exact for rules that add up over slots, which every type here does.
 */
function exactRtp<R>(
  t: LotteryBetType<unknown, R>,
  raw: unknown,
  slots: Array<{ digits: number; set: (r: R, v: string) => R }>,
  base: R,
  table: Record<string, string>,
): Rational {
  const sel = t.parse(raw);
  expect(t.wins(sel, base), 'the neutral result must not win').toEqual([]);
  let total = rational(0);
  for (const slot of slots) {
    const n = 10 ** slot.digits;
    for (let v = 0; v < n; v++) {
      const r = slot.set(base, String(v).padStart(slot.digits, '0'));
      for (const w of t.wins(sel, r))
        total = add(total, mul(rational(w.times, n), oddsFromTable(table, t.code, w.line)));
    }
  }
  return div(total, rational(t.unitCount(sel)));
}

const thai = (code: string) => THAI_BET_TYPES.find((t) => t.code === code)!;
const thaiBase: ThaiResult = { first: '999999', front3: ['999', '999'], back3: ['999', '999'], last2: '99' };
const THAI_SLOTS = [
  { digits: 3, set: (r: ThaiResult, v: string) => ({ ...r, first: r.first.slice(0, 3) + v }) },
  { digits: 3, set: (r: ThaiResult, v: string) => ({ ...r, front3: [v, r.front3[1]] as [string, string] }) },
  { digits: 3, set: (r: ThaiResult, v: string) => ({ ...r, front3: [r.front3[0], v] as [string, string] }) },
  { digits: 3, set: (r: ThaiResult, v: string) => ({ ...r, back3: [v, r.back3[1]] as [string, string] }) },
  { digits: 3, set: (r: ThaiResult, v: string) => ({ ...r, back3: [r.back3[0], v] as [string, string] }) },
  { digits: 2, set: (r: ThaiResult, v: string) => ({ ...r, last2: v }) },
];

describe('Thai lottery (domain-rules §3.1)', () => {
  it('pays each type by its rule', () => {
    const r: ThaiResult = { first: '123456', front3: ['111', '222'], back3: ['333', '456'], last2: '78' };
    expect(checkThaiResult(r)).toBe(true);
    const pay = (code: string, numbers: string[]) => {
      const t = thai(code);
      return settleBet(t, t.parse({ numbers }), r, 100n, (l) => oddsFromTable(THAI_DEFAULT_ODDS, code, l.key)).payout;
    };
    expect(pay('th.3top', ['456'])).toBe(90_000n);
    expect(pay('th.3top', ['465'])).toBe(0n);
    expect(pay('th.3tode', ['645'])).toBe(15_000n);
    expect(pay('th.3back', ['456'])).toBe(45_000n);
    expect(pay('th.3front', ['111', '222', '333'])).toBe(90_000n);
    expect(pay('th.2top', ['56'])).toBe(9_000n);
    expect(pay('th.2bottom', ['78'])).toBe(9_000n);
    expect(pay('th.runtop', ['4', '6', '1'])).toBe(640n);
    expect(pay('th.runbottom', ['8'])).toBe(420n);
  });

  const samples: Record<string, unknown[]> = {
    'th.3top': [{ numbers: ['456'] }, { numbers: ['000', '123'] }],
    'th.3tode': [{ numbers: ['123'] }, { numbers: ['112'] }, { numbers: ['777'] }, { numbers: ['123', '455', '000'] }],
    'th.3front': [{ numbers: ['456'] }],
    'th.3back': [{ numbers: ['456', '001'] }],
    'th.2top': [{ numbers: ['56'] }],
    'th.2bottom': [{ numbers: ['56', '00'] }],
    'th.runtop': [{ numbers: ['4'] }, { numbers: ['0', '1'] }],
    'th.runbottom': [{ numbers: ['4'] }],
  };

  it('every type returns exactly its sheet RTP, computed by enumeration', () => {
    const sheet: Record<string, string> = {
      'th.3top': '90.00',
      'th.3tode': '90.00',
      'th.3front': '90.00',
      'th.3back': '90.00',
      'th.2top': '90.00',
      'th.2bottom': '90.00',
      'th.runtop': '86.72',
      'th.runbottom': '79.80',
    };
    for (const t of THAI_BET_TYPES)
      for (const raw of samples[t.code]!) {
        // The neutral filler 999 / 99 collides with nothing the samples pick.
        const rtp = exactRtp(t, raw, THAI_SLOTS, thaiBase, THAI_DEFAULT_ODDS as Record<string, string>);
        expect(toPercent(rtp, 2), `${t.code} ${JSON.stringify(raw)}`).toBe(sheet[t.code]);
      }
    expect(Object.keys(samples).sort()).toEqual(THAI_BET_TYPES.map((t) => t.code).sort());
  });

  it('a generated result is well formed; bad picks are refused', () => {
    expect(checkThaiResult(drawThaiResult(H, 'salt', '2026-12-01'))).toBe(true);
    expect(checkThaiResult({ ...thaiBase, first: '12345' })).toBe(false);
    expect(() => thai('th.3tode').parse({ numbers: ['123', '321'] })).toThrow(GameInputError);
    expect(() => thai('th.runtop').parse({ numbers: ['12'] })).toThrow(GameInputError);
    expect(() => thai('th.2top').parse({ numbers: [] })).toThrow(GameInputError);
  });
});

const fourd = (code: string) => FOURD_BET_TYPES.find((t) => t.code === code)!;
const neutral4 = (i: number) => `99${String(i).padStart(2, '0')}`;
const fourBase: FourDResult = {
  first: neutral4(0),
  second: neutral4(1),
  third: neutral4(2),
  starter: Array.from({ length: 10 }, (_, i) => neutral4(3 + i)),
  consolation: Array.from({ length: 10 }, (_, i) => neutral4(13 + i)),
};
const FOUR_SLOTS = [
  { digits: 4, set: (r: FourDResult, v: string) => ({ ...r, first: v }) },
  { digits: 4, set: (r: FourDResult, v: string) => ({ ...r, second: v }) },
  { digits: 4, set: (r: FourDResult, v: string) => ({ ...r, third: v }) },
  ...Array.from({ length: 10 }, (_, i) => ({
    digits: 4,
    set: (r: FourDResult, v: string) => ({ ...r, starter: r.starter.map((x, j) => (j === i ? v : x)) }),
  })),
  ...Array.from({ length: 10 }, (_, i) => ({
    digits: 4,
    set: (r: FourDResult, v: string) => ({ ...r, consolation: r.consolation.map((x, j) => (j === i ? v : x)) }),
  })),
];

describe('4D (domain-rules §3.2)', { timeout: 60_000 }, () => {
  it('Singapore Pools tables: big 65.9 %, small 58.0 %, for ordinary, roll and system entries', () => {
    for (const [code, rtp] of [
      ['4d.big', '65.90'],
      ['4d.small', '58.00'],
    ] as const)
      for (const raw of [{ number: '1234' }, { number: '12R4', entry: 'roll' }, { number: '1123', entry: 'system' }]) {
        const r = exactRtp(fourd(code), raw, FOUR_SLOTS, fourBase, FOURD_DEFAULT_ODDS as Record<string, string>);
        expect(toPercent(r, 2), `${code} ${JSON.stringify(raw)}`).toBe(rtp);
      }
  });

  it('entries cover 1, 10, or 24/12/6/4 numbers; a number can win in several categories of a system entry', () => {
    const covered = (raw: unknown) => fourDCovered(fourd('4d.big').parse(raw) as never).length;
    expect(covered({ number: '1234' })).toBe(1);
    expect(covered({ number: 'R234', entry: 'roll' })).toBe(10);
    expect([covered({ number: '1234', entry: 'system' }), covered({ number: '1123', entry: 'system' })]).toEqual([
      24, 12,
    ]);
    expect([covered({ number: '1122', entry: 'system' }), covered({ number: '1112', entry: 'system' })]).toEqual([
      6, 4,
    ]);
    const t = fourd('4d.big');
    const sel = t.parse({ number: '1234', entry: 'system' });
    const r = { ...fourBase, first: '4321', starter: ['1234', ...fourBase.starter.slice(1)] };
    const won = settleBet(t, sel, r, 100n, (l) => oddsFromTable(FOURD_DEFAULT_ODDS, '4d.big', l.key));
    expect(won.lines.map((l) => [l.line, l.times])).toEqual([
      ['first', 1],
      ['starter', 1],
    ]);
    expect(won.payout).toBe(200_000n + 25_000n);
  });

  it('generated draws have 23 different numbers; malformed picks are refused', () => {
    const r = drawFourDResult(H, 'salt', '2026-11-28');
    expect(checkFourDResult(r)).toBe(true);
    expect(checkFourDResult({ ...r, second: r.first })).toBe(false);
    for (const raw of [{ number: '123' }, { number: 'RR34', entry: 'roll' }, { number: '1111', entry: 'system' }, null])
      expect(() => fourd('4d.big').parse(raw)).toThrow(GameInputError);
  });
});
