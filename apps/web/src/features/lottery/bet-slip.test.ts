import { checkElottBet, elottBetTypes, type ElottKind } from '@sea/games';
import { describe, expect, it } from 'vitest';
import {
  BET_GROUPS,
  betIndexOfField,
  betSpec,
  chargeOf,
  type Pick,
  priceBet,
  quickPick,
  slipTotals,
  unitStakeOf,
} from './bet-slip.ts';

const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Picks, the units counted by hand from the rules (domain-rules §2.2, §2.3). */
const CASES: [ElottKind, string, Pick[][], number][] = [
  ['ssc', 'ssc.straight.5', [[1, 2], [3], [4], [5], [6, 7]], 4],
  ['ssc', 'ssc.straight.4f', [[1], [2, 3], [4], [5, 6, 7]], 6],
  ['ssc', 'ssc.straight.3m', [[0], [0], [0]], 1],
  ['ssc', 'ssc.straight.2b', [ALL, ALL], 100],
  ['ssc', 'ssc.group6.3f', [[1, 2, 3, 4]], 4],
  ['ssc', 'ssc.group6.3b', [ALL], 120],
  ['ssc', 'ssc.group3.3m', [[1, 2, 3]], 6],
  ['ssc', 'ssc.position', [[1, 2], [], [3], [], []], 3],
  ['ssc', 'ssc.bsoe.sum', [['big', 'odd']], 2],
  ['ssc', 'ssc.bsoe.3', [['small']], 1],
  ['ssc', 'ssc.dragontiger', [['dragon', 'tie']], 2],
  ['k3', 'k3.sum', [[3, 4, 18]], 3],
  ['k3', 'k3.bsoe', [['big', 'small', 'odd', 'even']], 4],
  ['k3', 'k3.triple.any', [], 1],
  ['k3', 'k3.triple.one', [[2, 5]], 2],
  ['k3', 'k3.pair.any', [[1, 6]], 2],
  [
    'k3',
    'k3.pair.single',
    [
      [1, 2],
      [1, 3],
    ],
    3,
  ],
  ['k3', 'k3.three.diff', [[1, 2, 3, 4, 5]], 10],
  ['k3', 'k3.two.diff', [[1, 2, 3, 4]], 6],
  ['k3', 'k3.straight.any', [], 1],
];

describe('bet slip maths', () => {
  it('has a picker for every engine bet code and lists each in one tab', () => {
    for (const kind of ['ssc', 'k3'] as const) {
      const codes = elottBetTypes(kind).map((t) => t.code);
      for (const code of codes) expect(() => betSpec(kind, code)).not.toThrow();
      expect(BET_GROUPS[kind].flatMap((g) => g.codes).sort()).toEqual([...codes].sort());
    }
  });

  it.each(CASES)(
    '%s %s: the picks make a selection the engine takes, with the hand-counted units',
    (kind, code, picks, units) => {
      const priced = priceBet(kind, code, picks);
      expect(priced.problem).toBeNull();
      expect(priced.units).toBe(units);
      // What the server will check: the same selection, units and charge.
      const stake = 200n;
      const checked = checkElottBet(kind, code, JSON.parse(JSON.stringify(priced.selection)), stake);
      expect(checked.units).toBe(units);
      expect(checked.charge).toBe(chargeOf(priced.units, stake));
      expect(checked.describe).toBe(priced.describe);
    },
  );

  it('the table covers every family of bet codes (scope variants share the maths)', () => {
    const family = (code: string) => code.replace(/\.(5|4f|4b|3f|3m|3b|2f|2b|sum|[1-5])$/, '');
    const covered = new Set(CASES.map((c) => family(c[1])));
    for (const kind of ['ssc', 'k3'] as const)
      for (const t of elottBetTypes(kind)) expect(covered.has(family(t.code)), t.code).toBe(true);
  });

  it('an incomplete pick is no bet: units 0 and the engine reason', () => {
    const straight = priceBet('ssc', 'ssc.straight.3f', [[1], [], [2]]);
    expect(straight.units).toBe(0);
    expect(straight.problem).toMatch(/position 2/);
    expect(priceBet('ssc', 'ssc.group6.3f', [[1, 2]]).problem).toMatch(/at least 3/);
    expect(priceBet('k3', 'k3.pair.single', [[2], [2]]).problem).toMatch(/differ/);
    expect(priceBet('ssc', 'ssc.position', [[], [], [], [], []]).units).toBe(0);
  });

  it('the slip totals: units × unit stake per bet, times the chased issues', () => {
    const bets = [
      { id: 'a', code: 'ssc.straight.5', selection: {}, describe: '', units: 4, unitStake: 200n },
      { id: 'b', code: 'ssc.bsoe.sum', selection: {}, describe: '', units: 2, unitStake: 1000n },
    ];
    expect(slipTotals(bets, 1)).toEqual({ units: 6, perIssue: 2800n, total: 2800n });
    expect(slipTotals(bets, 5).total).toBe(14_000n);
    expect(slipTotals([], 3).total).toBe(0n);
  });

  it('quick picks: halves by the row range, parity, all and clear', () => {
    expect(quickPick(ALL, 'big')).toEqual([5, 6, 7, 8, 9]);
    expect(quickPick(ALL, 'small')).toEqual([0, 1, 2, 3, 4]);
    expect(quickPick(ALL, 'odd')).toEqual([1, 3, 5, 7, 9]);
    expect(quickPick([1, 2, 3, 4, 5, 6], 'big')).toEqual([4, 5, 6]);
    expect(
      quickPick(
        Array.from({ length: 16 }, (_, i) => i + 3),
        'small',
      ),
    ).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(quickPick(ALL, 'all')).toEqual(ALL);
    expect(quickPick(ALL, 'clear')).toEqual([]);
  });

  it('unit stakes are whole multiples of the minimum, within the maximum', () => {
    expect(unitStakeOf(200n, 100n, 100_000n)).toEqual({ ok: true, value: 200n });
    expect(unitStakeOf(150n, 100n, 100_000n)).toEqual({ ok: false, problem: 'stakeMultiple' });
    expect(unitStakeOf(50n, 100n, 100_000n)).toEqual({ ok: false, problem: 'stakeRange' });
    expect(unitStakeOf(200_000n, 100n, 100_000n)).toEqual({ ok: false, problem: 'stakeRange' });
    expect(unitStakeOf(null, 100n, 100_000n)).toEqual({ ok: false, problem: 'stakeFormat' });
  });

  it('server field paths point at slip bets', () => {
    expect(betIndexOfField('bets.2.selection')).toBe(2);
    expect(betIndexOfField('bets.0')).toBe(0);
    expect(betIndexOfField('issueId')).toBeNull();
  });
});
