import { describe, expect, it } from 'vitest';
import { countRule, digitsOf, parseNumbers, quickPick, slipBets, slipCharge } from './feed-slip.ts';

const MB = { kind: 'vn', region: 'MB' } as const;
const MN = { kind: 'vn', region: 'MN' } as const;

describe('feed bet slip', () => {
  it('numbers: typed with spaces or commas, duplicates dropped; digits and counts per bet type', () => {
    expect(parseNumbers(' 46, 12;46  07 ')).toEqual(['46', '12', '07']);
    expect(digitsOf('vn.de')).toBe(2);
    expect(digitsOf('vn.3cang')).toBe(3);
    expect(digitsOf('vn.lo4')).toBe(4);
    expect(digitsOf('th.runtop')).toBe(1);
    expect(digitsOf('4d.big')).toBe(4);
    expect(countRule('vn.truot8')).toEqual({ exact: 8 });
    expect(countRule('vn.xien3')).toEqual({ least: 3 });
  });

  it('units as the engine counts them: lô × the region set, đảo, xiên combinations, 4D system', () => {
    // lô 2 số on MB: 27 prizes per number; on MN 18 (domain-rules §1.1)
    expect(slipBets(MB, 'vn.lo2', ['46', '12']).map((b) => b.units)).toEqual([54]);
    expect(slipBets(MN, 'vn.lo2', ['46']).map((b) => b.units)).toEqual([18]);
    // đề with đảo: 12 and 21
    expect(slipBets(MB, 'vn.de', ['12'], { permute: true })[0]!.units).toBe(2);
    // xiên 2 of 4 numbers: C(4,2) = 6
    expect(slipBets(MB, 'vn.xien2', ['01', '02', '03', '04'])[0]!.units).toBe(6);
    // 4D: one bet per number; system of 1234 covers 24 orders
    const fourD = slipBets({ kind: '4d', region: null }, '4d.big', ['1234', '5678'], { entry: 'system' });
    expect(fourD.map((b) => b.units)).toEqual([24, 24]);
    expect(slipCharge(fourD, 100n)).toBe(4800n);
    expect(fourD[0]!.selection).toEqual({ number: '1234', entry: 'system' });
  });

  it('refuses what the server would refuse, with the engine message', () => {
    expect(() => slipBets(MB, 'vn.de', ['7'])).toThrow(/2 digits/);
    expect(() => slipBets(MB, 'vn.xien3', ['01', '02'])).toThrow(/at least 3/);
    expect(() => slipBets(MB, 'vn.truot4', ['01', '02', '03'])).toThrow(/exactly 4/);
    expect(() => slipBets({ kind: 'thai', region: null }, 'th.3top', ['12'])).toThrow(/3 digits/);
  });

  it('quick picks: different numbers with the right digits', () => {
    let x = 0;
    const seq = () => ((x = (x + 0.37) % 1), x);
    const picks = quickPick(8, 2, seq);
    expect(new Set(picks).size).toBe(8);
    expect(picks.every((n) => /^\d{2}$/.test(n))).toBe(true);
    expect(slipBets(MB, 'vn.truot8', picks)[0]!.units).toBe(1);
  });
});
