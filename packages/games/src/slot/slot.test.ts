import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import { add, equals, rational, sub, toNumber, toPercent } from '../rational.ts';
import { FairRng } from '../rng/fair-rng.ts';
import { meanInterval } from '../testing/chi-square.ts';
import { LUCKY_DRAGON_V1 } from './lucky-dragon.ts';
import { compileSlot, fillWindow, lineOutcome, outcomeCount, outcomePay } from './slot-compiled.ts';
import { slotFullCycle } from './slot-full-cycle.ts';
import type { SlotMath } from './slot-math.ts';
import { slotParSheet } from './slot-par.ts';
import { checkSlotBet, playSlotRound, playSlotRoundTotals } from './slot-round.ts';

const math = LUCKY_DRAGON_V1;
const c = compileSlot(math);
const id = (code: string) => c.codes.indexOf(code);

function line(codes: string): { pay: number; count: number; symbol: string } {
  const o = lineOutcome(
    c,
    codes.split(' ').map((s) => id(s)),
  );
  return { pay: outcomePay(o), count: outcomeCount(o), symbol: o === 0 ? '' : c.codes[o & 15]! };
}

describe('slot line evaluation', () => {
  it('pays runs from reel 1 with wilds substituting, the highest win per line', () => {
    expect(line('tiger tiger tiger tiger tiger')).toEqual({ pay: 500, count: 5, symbol: 'tiger' });
    expect(line('tiger tiger tiger K K')).toEqual({ pay: 30, count: 3, symbol: 'tiger' });
    expect(line('K tiger tiger tiger tiger').pay).toBe(0);
    expect(line('K K Q Q Q').pay).toBe(0);
    expect(line('dragon K K Q Q')).toEqual({ pay: 8, count: 3, symbol: 'K' });
    expect(line('Q dragon Q dragon Q')).toEqual({ pay: 60, count: 5, symbol: 'Q' });
    // Leading wilds: the symbol run (tiger ×5 = 500) beats the wild run (3 wilds = 50) …
    expect(line('dragon dragon dragon tiger tiger')).toEqual({ pay: 500, count: 5, symbol: 'tiger' });
    // … and the wild run (4 wilds = 200) beats a weak symbol run (K ×5 = 80).
    expect(line('dragon dragon dragon dragon K')).toEqual({ pay: 200, count: 4, symbol: 'dragon' });
    expect(line('dragon dragon dragon dragon dragon')).toEqual({ pay: 1000, count: 5, symbol: 'dragon' });
  });

  it('never lets the scatter be substituted or pay on a line', () => {
    expect(line('dragon dragon dragon pearl K')).toEqual({ pay: 50, count: 3, symbol: 'dragon' });
    expect(line('pearl pearl pearl pearl pearl').pay).toBe(0);
    expect(line('dragon dragon pearl pearl pearl').pay).toBe(0);
    expect(line('A A pearl A A').pay).toBe(0);
  });
});

describe('slot par sheet (exact RTP)', () => {
  const par = slotParSheet(math);

  it('is 96.0 % within the design tolerance and matches the declared figure', () => {
    expect(toPercent(par.rtp, 6)).toBe('96.007868');
    expect(toNumber(par.rtp)).toBeGreaterThan(0.9595);
    expect(toNumber(par.rtp)).toBeLessThan(0.9605);
    expect((toNumber(par.rtp) * 100).toFixed(2)).toBe(math.declaredRtp);
    expect(equals(par.rtp, add(add(par.base.lineRtp, par.base.scatterRtp), par.featureRtp))).toBe(true);
  });

  it('splits into base lines, base scatters and the free-spins feature', () => {
    expect(toPercent(par.base.lineRtp, 4)).toBe('68.2964');
    expect(toPercent(par.base.scatterRtp, 4)).toBe('1.5548');
    expect(toPercent(par.featureRtp, 4)).toBe('26.1565');
    expect(1 / toNumber(par.triggerProbability)).toBeCloseTo(155.85, 1);
    expect(toNumber(par.retriggerRate)).toBeCloseTo(0.0607, 4);
  });

  it('counts the cap on free spins, whose effect is far below any tolerance', () => {
    const effect = sub(par.rtpWithoutCap!, par.rtp);
    expect(effect.n > 0n).toBe(true);
    expect(toNumber(effect)).toBeLessThan(1e-20);
  });
});

/** A tiny slot (4–5 stop strips) whose full cycle runs in milliseconds. */
const tiny: SlotMath = {
  ...math,
  gameId: 'slot-test-tiny',
  baseReels: [
    ['dragon', 'K', 'pearl', 'Q', 'tiger'],
    ['K', 'dragon', 'tiger', 'pearl', 'A'],
    ['tiger', 'K', 'Q', 'pearl'],
    ['dragon', 'tiger', 'K', 'pearl', 'Q'],
    ['K', 'tiger', 'A', 'pearl', 'dragon'],
  ],
  freeReels: [
    ['dragon', 'K', 'pearl', 'tiger'],
    ['dragon', 'tiger', 'pearl', 'A'],
    ['tiger', 'dragon', 'Q', 'pearl'],
    ['dragon', 'tiger', 'K', 'pearl'],
    ['K', 'tiger', 'dragon', 'pearl'],
  ],
  freeSpins: { multiplier: 2, retrigger: true, maxPerRound: 30 },
};

describe('full-cycle enumeration', () => {
  it('gives exactly the par sheet, on every reel set, by the engine’s own evaluation', () => {
    const par = slotParSheet(tiny);
    for (const set of ['base', 'free'] as const) {
      const fc = slotFullCycle(tiny, set);
      expect(equals(fc.rtp, add(par[set].lineRtp, par[set].scatterRtp))).toBe(true);
      expect(fc.scatterCombinations.map(BigInt)).toEqual(par[set].scatterCombinations);
    }
  });

  it('has the same expected pay on every line, so the RTP does not depend on the number of lines', () => {
    const tc = compileSlot(tiny);
    const perLine = new Array<number>(tc.lineCount).fill(0);
    const w = new Uint8Array(15);
    const stops = [0, 0, 0, 0, 0];
    const lengths = tc.base.lengths;
    const total = lengths.reduce((p, n) => p * n, 1);
    for (let k = 0; k < total; k++) {
      let rest = k;
      for (let r = 0; r < 5; r++) {
        stops[r] = rest % lengths[r]!;
        rest = Math.floor(rest / lengths[r]!);
      }
      fillWindow(tc.base, stops, w);
      for (let l = 0; l < tc.lineCount; l++) {
        const t = [0, 1, 2, 3, 4].map((r) => w[tc.lineCells[l * 5 + r]!]!);
        perLine[l]! += outcomePay(lineOutcome(tc, t));
      }
    }
    expect(new Set(perLine).size).toBe(1);
    expect(equals(rational(perLine[0]!, total), slotParSheet(tiny).base.lineRtp)).toBe(true);
  });

  it('values the capped free-spins series exactly (checked by simulation on a slot that retriggers most spins)', () => {
    const par = slotParSheet(tiny);
    expect(par.rtpWithoutCap).toBeNull(); // ρ > 1: only the cap of 30 spins ends the feature
    const rounds = 8_000;
    let sum = 0;
    let sumSq = 0;
    let spins = 0;
    let most = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const t = playSlotRoundTotals(
        tiny,
        { lines: 20, betLevel: 1 },
        new FairRng({ ...seeds, clientSeed: 'tiny', nonce }),
      );
      const x = (t.baseWin + t.freeSpinsWin) / 20;
      sum += x;
      sumSq += x * x;
      spins += t.freeSpinsPlayed;
      most = Math.max(most, t.freeSpinsPlayed);
    }
    expect(most).toBe(30);
    const rtp = meanInterval(rounds, sum, sumSq, 0.999);
    expect(rtp.low).toBeLessThan(toNumber(par.rtp));
    expect(rtp.high).toBeGreaterThan(toNumber(par.rtp));
    expect(spins).toBeGreaterThan(rounds); // the feature was exercised, and often hit the cap
  });
});

const seeds = { serverSeed: 'slot-test-server-seed', clientSeed: 'slot-test', nonce: 0 };

/** First nonce from `from` whose round triggers free spins (deterministic for the fixed seeds). */
function triggeringNonce(from = 0): number {
  for (let nonce = from; ; nonce++) {
    if (playSlotRoundTotals(math, { lines: 20, betLevel: 1 }, new FairRng({ ...seeds, nonce })).freeSpinsPlayed > 0)
      return nonce;
  }
}

describe('slot round', () => {
  it('replays: the same seeds and bet give the same round', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const a = playSlotRound(math, { seeds: { ...seeds, nonce }, bet: { lines: 20, betLevel: 5 } });
      const b = playSlotRound(math, { seeds: { ...seeds, nonce }, bet: { lines: 20, betLevel: 5 } });
      expect(b).toEqual(a);
    }
  });

  it('draws the same stops whatever the bet; the bet only decides which lines pay and the credits', () => {
    const nonce = triggeringNonce();
    const full = playSlotRound(math, { seeds: { ...seeds, nonce }, bet: { lines: 20, betLevel: 1 } });
    const few = playSlotRound(math, { seeds: { ...seeds, nonce }, bet: { lines: 3, betLevel: 10 } });
    expect(few.spins.map((s) => s.stops)).toEqual(full.spins.map((s) => s.stops));
    expect(few.stake).toBe(30);
    for (const spin of few.spins) expect(spin.lineWins.every((w) => w.line <= 3)).toBe(true);
    expect(few.spins[0]!.scatter.pay).toBe((full.spins[0]!.scatter.pay * 30) / 20);
  });

  it('describes every spin consistently: grid from the stops, wins from the grid, totals from the spins', () => {
    for (let nonce = triggeringNonce(), checked = 0; checked < 3; nonce = triggeringNonce(nonce + 1), checked++) {
      const r = playSlotRound(math, { seeds: { ...seeds, nonce }, bet: { lines: 20, betLevel: 2 } });
      expect(r.spins[0]!.kind).toBe('base');
      expect(r.freeSpins.played).toBe(r.freeSpins.awarded);
      expect(r.spins.length).toBe(1 + r.freeSpins.played);
      expect(r.freeSpins.awarded).toBeGreaterThanOrEqual(8);
      expect(r.baseWin + r.freeSpinsWin).toBe(r.totalWin);
      expect(r.spins.reduce((s, x) => s + x.win, 0)).toBe(r.totalWin);
      expect(r.spins[r.spins.length - 1]!.freeSpinsLeft).toBe(0);
      r.spins.forEach((spin, i) => {
        expect(spin.index).toBe(i);
        const strips = spin.kind === 'base' ? math.baseReels : math.freeReels;
        spin.grid.forEach((col, reel) =>
          col.forEach((code, row) =>
            expect(code).toBe(strips[reel]![(spin.stops[reel]! + row) % strips[reel]!.length]),
          ),
        );
        expect(spin.multiplier).toBe(spin.kind === 'base' ? 1 : 3);
        for (const w of spin.lineWins) {
          expect(w.positions.map(([reel, row]) => [reel, row])).toEqual(
            math.lines[w.line - 1]!.slice(0, w.count).map((row, reel) => [reel, row]),
          );
          for (const [reel, row] of w.positions) expect([w.symbol, 'dragon']).toContain(spin.grid[reel]![row]);
        }
        expect(spin.scatter.positions.every(([reel, row]) => spin.grid[reel]![row] === 'pearl')).toBe(true);
        const lineSum = spin.lineWins.reduce((s, w) => s + w.pay, 0);
        expect(spin.win).toBe(lineSum + spin.scatter.pay);
      });
    }
  });

  it('agrees with the totals-only path used by simulations', () => {
    for (let nonce = 0; nonce < 2000; nonce++) {
      const r = playSlotRound(math, { seeds: { ...seeds, nonce }, bet: { lines: 7, betLevel: 3 } });
      const t = playSlotRoundTotals(math, { lines: 7, betLevel: 3 }, new FairRng({ ...seeds, nonce }));
      expect([t.baseWin, t.freeSpinsWin, t.freeSpinsPlayed]).toEqual([r.baseWin, r.freeSpinsWin, r.freeSpins.played]);
    }
  });

  it('validates the bet', () => {
    expect(checkSlotBet(math, { lines: 20, betLevel: 100 })).toBeNull();
    for (const bet of [
      { lines: 0, betLevel: 1 },
      { lines: 21, betLevel: 1 },
      { lines: 2.5, betLevel: 1 },
      { lines: 20, betLevel: 4 },
      { lines: 20, betLevel: 0 },
    ]) {
      expect(checkSlotBet(math, bet)?.code).toBe('invalid_bet');
      expect(() => playSlotRound(math, { seeds, bet })).toThrow(GameInputError);
    }
  });
});

describe('slot simulation with the production RNG', () => {
  it('returns the exact RTP within a 99.9 % confidence bound', () => {
    const rounds = 150_000;
    let sum = 0;
    let sumSq = 0;
    let triggers = 0;
    let baseSum = 0;
    let baseSumSq = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const t = playSlotRoundTotals(
        math,
        { lines: 20, betLevel: 1 },
        new FairRng({ ...seeds, clientSeed: 'sim', nonce }),
      );
      const x = (t.baseWin + t.freeSpinsWin) / 20;
      sum += x;
      sumSq += x * x;
      baseSum += t.baseWin / 20;
      baseSumSq += (t.baseWin / 20) ** 2;
      if (t.freeSpinsPlayed > 0) triggers++;
    }
    const par = slotParSheet(math);
    const rtp = meanInterval(rounds, sum, sumSq, 0.999);
    expect(rtp.low).toBeLessThan(toNumber(par.rtp));
    expect(rtp.high).toBeGreaterThan(toNumber(par.rtp));
    // The base game alone varies much less (SD 1.74): its bound is about ±1.5 %, so a wrong paytable or strip shows.
    const base = meanInterval(rounds, baseSum, baseSumSq, 0.999);
    const baseRtp = toNumber(add(par.base.lineRtp, par.base.scatterRtp));
    expect(base.half).toBeLessThan(0.016);
    expect(base.low).toBeLessThan(baseRtp);
    expect(base.high).toBeGreaterThan(baseRtp);
    // Trigger frequency: binomial, same confidence.
    const p = toNumber(par.triggerProbability);
    expect(Math.abs(triggers / rounds - p)).toBeLessThan(3.29 * Math.sqrt((p * (1 - p)) / rounds));
  });
});
