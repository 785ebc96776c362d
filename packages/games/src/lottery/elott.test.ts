import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import { add, div, equals, mul, type Rational, rational, toDecimal } from '../rational.ts';
import { chiSquare } from '../testing/chi-square.ts';
import { type LotteryBetType, prizeGroupOdds } from './bet-types.ts';
import { chainCheckpoints, chainHashAt, chainPrevious, drawStream, mixBeacon, verifyChainLink } from './draw-chain.ts';
import { checkElottBet, drawElott, elottBetTypes, settleElottBet, type ElottKind } from './elott.ts';
import { K3_SUM_WAYS } from './k3.ts';

const SECRET = 'a3'.repeat(32);

describe('hash chain', () => {
  it('steps with SHA-256 over the 32 raw bytes (known vector)', () => {
    // SHA-256 of 32 zero bytes.
    expect(chainPrevious('00'.repeat(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(() => chainPrevious('XYZ')).toThrow(RangeError);
  });

  it('checkpoints, any link from the nearest checkpoint, and link verification agree', () => {
    const length = 100;
    const cps = chainCheckpoints(SECRET, length, 10);
    expect(cps.get(length)).toBe(SECRET);
    expect([...cps.keys()].sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    const terminal = cps.get(0)!;
    expect(chainHashAt(SECRET, length, 0)).toBe(terminal);
    for (let i = 1; i <= length; i++) {
      const h = chainHashAt(cps.get(Math.ceil(i / 10) * 10)!, Math.ceil(i / 10) * 10, i);
      const prev = chainHashAt(SECRET, length, i - 1);
      expect(verifyChainLink(h, prev)).toBe(true);
      expect(verifyChainLink(prev, h)).toBe(false);
    }
    // Walking the revealed hashes from issue 1 up reaches the published terminal at every step.
    let known = terminal;
    for (let i = 1; i <= 5; i++) {
      const h = chainHashAt(SECRET, length, i);
      expect(chainPrevious(h)).toBe(known);
      known = h;
    }
  });

  it('an issue draw is a pure function of (hash, salt, issue id); a different salt or issue draws differently', () => {
    const h = chainHashAt(SECRET, 10, 3);
    const a = drawElott('ssc', h, 'salt-1', '20261126-0003');
    expect(drawElott('ssc', h, 'salt-1', '20261126-0003')).toEqual(a);
    expect(a).toHaveLength(5);
    const others = [
      drawElott('ssc', h, 'salt-2', '20261126-0003'),
      drawElott('ssc', h, 'salt-1', '20261126-0004'),
      drawElott('ssc', chainHashAt(SECRET, 10, 4), 'salt-1', '20261126-0003'),
    ];
    expect(others.some((o) => o.join() !== a.join())).toBe(true);
    // The stream is HMAC_SHA256(key = hash, `${salt}:${issue}:${c}`) read by rejection sampling.
    const rng = drawStream(h, 'salt-1', '20261126-0003');
    expect([0, 1, 2, 3, 4].map(() => rng.int(10))).toEqual(a);
    const dice = drawElott('k3', h, 'salt-1', '20261126-0003');
    expect(dice.every((d) => d >= 1 && d <= 6)).toBe(true);
  });

  it('a beacon chain mixes the beacon value into the salt: another value draws another result; a bad value is refused', () => {
    const h = chainHashAt(SECRET, 50, 7);
    const v1 = '1f'.repeat(32);
    const v2 = '2e'.repeat(32);
    expect(mixBeacon('salt', v1)).toBe(`salt:${v1}`);
    const draws = ['20261126-0001', '20261126-0002', '20261126-0003'].map((id) => [
      drawElott('ssc', h, mixBeacon('salt', v1), id),
      drawElott('ssc', h, mixBeacon('salt', v2), id),
    ]);
    expect(draws.some(([a, b]) => JSON.stringify(a) !== JSON.stringify(b))).toBe(true);
    expect(() => mixBeacon('salt', 'XYZ')).toThrow(RangeError);
    expect(() => mixBeacon('', v1)).toThrow(RangeError);
  });

  it('digits of 20,000 issues are uniform (chi-square, 9 degrees of freedom)', () => {
    const counts = new Array<number>(10).fill(0);
    let h = SECRET;
    for (let i = 0; i < 20_000; i++) {
      h = chainPrevious(h);
      for (const d of drawElott('ssc', h, 'uniformity', `issue-${i}`)) counts[d]!++;
    }
    const { pValue } = chiSquare(counts, new Array<number>(10).fill(10_000));
    expect(pValue).toBeGreaterThan(0.001);
  });
});

/** Every possible draw of a kind, each equally likely. */
function allDraws(kind: ElottKind): number[][] {
  const out: number[][] = [];
  if (kind === 'ssc') for (let n = 0; n < 100_000; n++) out.push(String(n).padStart(5, '0').split('').map(Number));
  else for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) out.push([a, b, c]);
  return out;
}

/** Selections to enumerate per bet type: a small one and a wide one. */
const SAMPLES: Record<string, unknown[]> = {
  'ssc.straight.5': [{ positions: [[1], [2], [3], [4], [5]] }, { positions: [[0, 9], [1], [2, 3, 4], [5], [6, 7]] }],
  'ssc.straight.4f': [{ positions: [[1], [2], [3], [4]] }, { positions: [[0, 1, 2], [3], [4], [5, 6]] }],
  'ssc.straight.4b': [{ positions: [[9], [9], [9], [9]] }],
  'ssc.straight.3f': [{ positions: [[1], [2], [3]] }, { positions: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [3], [4]] }],
  'ssc.straight.3m': [{ positions: [[1], [2], [3]] }],
  'ssc.straight.3b': [{ positions: [[1, 2], [2], [3]] }],
  'ssc.straight.2f': [{ positions: [[1], [2]] }],
  'ssc.straight.2b': [
    {
      positions: [
        [1, 5, 7],
        [2, 4],
      ],
    },
  ],
  'ssc.group6.3f': [{ digits: [1, 2, 3] }, { digits: [0, 2, 4, 6, 8] }],
  'ssc.group6.3m': [{ digits: [1, 2, 3, 9] }],
  'ssc.group6.3b': [{ digits: [5, 6, 7] }],
  'ssc.group3.3f': [{ digits: [1, 2] }, { digits: [0, 3, 6, 9] }],
  'ssc.group3.3m': [{ digits: [4, 5] }],
  'ssc.group3.3b': [{ digits: [1, 2, 3] }],
  'ssc.position': [{ positions: [[1], [], [], [], []] }, { positions: [[1, 2], [], [3], [], [0, 9]] }],
  'ssc.bsoe.1': [{ sides: ['big'] }, { sides: ['big', 'odd'] }],
  'ssc.bsoe.2': [{ sides: ['small'] }],
  'ssc.bsoe.3': [{ sides: ['small', 'even'] }],
  'ssc.bsoe.4': [{ sides: ['even', 'big'] }],
  'ssc.bsoe.5': [{ sides: ['odd'] }],
  'ssc.bsoe.sum': [{ sides: ['big', 'small', 'odd', 'even'] }],
  'ssc.dragontiger': [{ sides: ['dragon'] }, { sides: ['dragon', 'tiger', 'tie'] }],
  'k3.sum': [{ picks: [3] }, { picks: [4, 10, 11, 18] }],
  'k3.bsoe': [{ sides: ['big'] }, { sides: ['small', 'odd', 'even'] }],
  'k3.triple.any': [{}],
  'k3.triple.one': [{ picks: [6] }, { picks: [1, 2, 3] }],
  'k3.three.diff': [{ picks: [1, 2, 3] }, { picks: [1, 2, 4, 5, 6] }],
  'k3.straight.any': [{}],
  'k3.pair.any': [{ picks: [2] }, { picks: [1, 3, 5] }],
  'k3.pair.single': [
    { pairs: [1], singles: [2] },
    { pairs: [1, 2], singles: [1, 3, 6] },
  ],
  'k3.two.diff': [{ picks: [1, 2] }, { picks: [1, 2, 3, 4] }],
};

const PRIZE_GROUP = 1960;

/** Σ over every draw of the exact (unrounded) win, divided by what the bet was charged on every draw. */
function exactRtp(kind: ElottKind, type: LotteryBetType<unknown, readonly number[]>, raw: unknown): Rational {
  const selection = type.parse(raw);
  const draws = allDraws(kind);
  const timesPerLine = new Map<string, bigint>();
  for (const draw of draws)
    for (const w of type.wins(selection, draw))
      timesPerLine.set(w.line, (timesPerLine.get(w.line) ?? 0n) + BigInt(w.times));
  let won = rational(0);
  for (const [line, times] of timesPerLine)
    won = add(won, mul(rational(times), prizeGroupOdds(PRIZE_GROUP, type.lines.find((l) => l.key === line)!.p)));
  return div(won, rational(BigInt(type.unitCount(selection)) * BigInt(draws.length)));
}

describe('every bet type pays the prize group exactly: RTP by enumerating every draw = G / 2000', () => {
  for (const kind of ['ssc', 'k3'] as const)
    for (const type of elottBetTypes(kind))
      it(`${type.code}`, () => {
        const samples = SAMPLES[type.code];
        expect(samples, `samples for ${type.code}`).toBeDefined();
        for (const raw of samples!) {
          const rtp = exactRtp(kind, type, raw);
          expect(toDecimal(rtp, 6), JSON.stringify(raw)).toBe('0.980000');
          expect(equals(rtp, rational(PRIZE_GROUP, 2000))).toBe(true);
        }
      });

  it('covers every bet type', () => {
    const codes = [...elottBetTypes('ssc'), ...elottBetTypes('k3')].map((t) => t.code).sort();
    expect(Object.keys(SAMPLES).sort()).toEqual(codes);
  });
});

describe('worked examples (domain-rules §2.2, §2.3)', () => {
  const pay = (kind: ElottKind, code: string, selection: unknown, draw: number[], unitStake: bigint, g: number) =>
    settleElottBet(kind, { code, selection: elottBetTypeParse(kind, code, selection) }, draw, unitStake, g).payout;

  it('SSC prize table at prize group 1800 for a 2-unit bet', () => {
    const d = [1, 2, 3, 4, 5];
    expect(pay('ssc', 'ssc.straight.5', { positions: [[1], [2], [3], [4], [5]] }, d, 2n, 1800)).toBe(180_000n);
    expect(pay('ssc', 'ssc.straight.4b', { positions: [[2], [3], [4], [5]] }, d, 2n, 1800)).toBe(18_000n);
    expect(pay('ssc', 'ssc.straight.3b', { positions: [[3], [4], [5]] }, d, 2n, 1800)).toBe(1_800n);
    expect(pay('ssc', 'ssc.group6.3b', { digits: [3, 4, 5] }, [0, 0, 5, 3, 4], 2n, 1800)).toBe(300n);
    expect(pay('ssc', 'ssc.group3.3b', { digits: [3, 5] }, [0, 0, 5, 3, 5], 2n, 1800)).toBe(600n);
    // A miss pays nothing.
    expect(pay('ssc', 'ssc.straight.5', { positions: [[1], [2], [3], [4], [6]] }, d, 2n, 1800)).toBe(0n);
  });

  it('SSC at 1960: 196,000 for the 5-star straight; group-6 326.66 (the 0.67 rounds down) on 2.00', () => {
    expect(pay('ssc', 'ssc.straight.5', { positions: [[9], [9], [9], [9], [9]] }, [9, 9, 9, 9, 9], 2n, 1960)).toBe(
      196_000n,
    );
    expect(pay('ssc', 'ssc.group6.3f', { digits: [1, 2, 3] }, [3, 1, 2, 0, 0], 200n, 1960)).toBe(32_666n);
    expect(toDecimal(prizeGroupOdds(1960, rational(1, 2)), 2)).toBe('1.96');
    // Sum big ≥ 23: 9+9+5+0+0 = 23 is big.
    expect(pay('ssc', 'ssc.bsoe.sum', { sides: ['big', 'small'] }, [9, 9, 5, 0, 0], 100n, 1960)).toBe(196n);
    // Dragon/tiger: a tie loses both sides.
    expect(pay('ssc', 'ssc.dragontiger', { sides: ['dragon', 'tiger'] }, [4, 0, 0, 0, 4], 100n, 1960)).toBe(0n);
  });

  it('K3 odds at 97 % (G = 1940) match the reference table', () => {
    const odds = (ways: number) => toDecimal(prizeGroupOdds(1940, rational(ways, 216)), 2);
    expect([3, 4, 5, 6, 7, 8, 9, 10].map((s) => odds(K3_SUM_WAYS[s]!))).toEqual([
      '209.52',
      '69.84',
      '34.92',
      '20.95',
      '13.96',
      '9.97',
      '8.38',
      '7.76',
    ]);
    expect(Object.values(K3_SUM_WAYS).reduce((a, b) => a + b, 0)).toBe(216);
  });

  it('K3 wins: triples lose big/small, two-different pays each pair shown, pair+single', () => {
    expect(pay('k3', 'k3.bsoe', { sides: ['big'] }, [5, 5, 5], 100n, 1940)).toBe(0n);
    expect(pay('k3', 'k3.bsoe', { sides: ['big'] }, [5, 5, 6], 100n, 1940)).toBe(199n);
    // Picks 1,2,3 on dice 1,2,3: the pairs {1,2} {1,3} {2,3} all win.
    const one = pay('k3', 'k3.two.diff', { picks: [1, 2] }, [1, 2, 3], 100n, 1940);
    expect(pay('k3', 'k3.two.diff', { picks: [1, 2, 3] }, [1, 2, 3], 100n, 1940)).toBe(one * 3n);
    expect(pay('k3', 'k3.pair.single', { pairs: [4], singles: [6] }, [4, 6, 4], 100n, 1940)).toBeGreaterThan(0n);
    expect(pay('k3', 'k3.pair.single', { pairs: [4], singles: [6] }, [4, 4, 4], 100n, 1940)).toBe(0n);
  });
});

function elottBetTypeParse(kind: ElottKind, code: string, raw: unknown): unknown {
  return checkElottBet(kind, code, raw, 1n).selection;
}

describe('bet checks', () => {
  it('counts units and charges units × unit stake', () => {
    expect(
      checkElottBet('ssc', 'ssc.straight.5', { positions: [[0, 9], [1], [2, 3, 4], [5], [6, 7]] }, 50n),
    ).toMatchObject({
      units: 12,
      charge: 600n,
    });
    expect(checkElottBet('ssc', 'ssc.group6.3f', { digits: [0, 1, 2, 3, 4] }, 10n).units).toBe(10);
    expect(checkElottBet('ssc', 'ssc.group3.3f', { digits: [0, 1, 2] }, 10n).units).toBe(6);
    expect(checkElottBet('k3', 'k3.pair.single', { pairs: [1, 2], singles: [1, 3, 6] }, 10n).units).toBe(5);
  });

  it('refuses malformed selections with invalid_bet', () => {
    const bad: Array<[ElottKind, string, unknown, bigint]> = [
      ['ssc', 'ssc.nope', {}, 1n],
      ['ssc', 'ssc.straight.5', { positions: [[1], [2], [3], [4]] }, 1n],
      ['ssc', 'ssc.straight.5', { positions: [[1], [2], [3], [4], []] }, 1n],
      ['ssc', 'ssc.straight.3f', { positions: [[1, 1], [2], [3]] }, 1n],
      ['ssc', 'ssc.straight.3f', { positions: [[10], [2], [3]] }, 1n],
      ['ssc', 'ssc.group6.3f', { digits: [1, 2] }, 1n],
      ['ssc', 'ssc.position', { positions: [[], [], [], [], []] }, 1n],
      ['ssc', 'ssc.bsoe.1', { sides: ['huge'] }, 1n],
      ['ssc', 'ssc.bsoe.1', { sides: [] }, 1n],
      ['ssc', 'ssc.straight.2f', null, 1n],
      ['ssc', 'ssc.straight.2f', { positions: [[1], [2]] }, 0n],
      ['k3', 'k3.sum', { picks: [2] }, 1n],
      ['k3', 'k3.pair.single', { pairs: [3], singles: [3] }, 1n],
      ['k3', 'k3.three.diff', { picks: [1, 2, 2] }, 1n],
    ];
    for (const [kind, code, sel, stake] of bad) {
      let error: unknown;
      try {
        checkElottBet(kind, code, sel, stake);
      } catch (e) {
        error = e;
      }
      expect(error, `${code} ${JSON.stringify(sel)}`).toBeInstanceOf(GameInputError);
      expect((error as GameInputError).code).toBe('invalid_bet');
    }
  });
});
