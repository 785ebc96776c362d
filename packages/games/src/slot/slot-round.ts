import { GameInputError, type GameInputIssue } from '../errors.ts';
import { FairRng, RNG_ALGORITHM, type RandomSource, type Seeds } from '../rng/fair-rng.ts';
import {
  compileSlot,
  type CompiledReels,
  type CompiledSlot,
  fillWindow,
  lineOutcome,
  outcomeCount,
  outcomePay,
  outcomeSymbol,
} from './slot-compiled.ts';
import type { SlotMath } from './slot-math.ts';

/** The player's choice: how many lines (1..20, lines 1..n are played) and the bet per line in credits. */
export interface SlotBet {
  lines: number;
  betLevel: number;
}

/** [reel, row]: reel 0..4 left to right, row 0..2 top to bottom. */
export type Cell = [reel: number, row: number];

export interface SlotLineWin {
  /** 1-based line number (index in `math.lines` + 1). */
  line: number;
  symbol: string;
  count: number;
  /** The cells of the winning run (reels 0..count−1 on this line). */
  positions: Cell[];
  /** Credits, multiplier included. */
  pay: number;
}

export interface SlotScatter {
  count: number;
  positions: Cell[];
  /** Credits (scatter pay × total stake × multiplier); 0 below 3 scatters. */
  pay: number;
  /** Free spins this spin awarded (after the per-round cap). */
  freeSpinsAwarded: number;
}

export interface SlotSpin {
  kind: 'base' | 'free';
  /** 0 for the base spin, 1.. for the free spins in play order. */
  index: number;
  /** Stop of each reel on its strip (base strips for the base spin, free-spin strips for free spins). */
  stops: number[];
  /** grid[reel][row], symbol codes, row 0 = top. */
  grid: string[][];
  multiplier: number;
  lineWins: SlotLineWin[];
  scatter: SlotScatter;
  /** Credits won by this spin (lines + scatter, multiplier included). */
  win: number;
  /** Free spins still to play after this one. */
  freeSpinsLeft: number;
}

export interface SlotRoundResult {
  gameId: string;
  mathVersion: number;
  rngAlgorithm: string;
  bet: SlotBet;
  /** Credits: lines × betLevel. */
  stake: number;
  /** spins[0] is the base spin, then every free spin it triggered (retriggers included), in play order. */
  spins: SlotSpin[];
  freeSpins: { awarded: number; played: number; multiplier: number };
  baseWin: number;
  freeSpinsWin: number;
  /** Credits paid for the round: baseWin + freeSpinsWin. */
  totalWin: number;
  /** Bytes of the random stream the round used. */
  cursor: number;
}

export function checkSlotBet(math: SlotMath, bet: SlotBet): GameInputIssue | null {
  if (!bet || !Number.isInteger(bet.lines) || bet.lines < 1 || bet.lines > math.lines.length)
    return { code: 'invalid_bet', message: `lines must be an integer 1–${math.lines.length}` };
  if (!math.betLevels.includes(bet.betLevel))
    return { code: 'invalid_bet', message: `betLevel must be one of ${math.betLevels.join(', ')}` };
  return null;
}

/** Totals of one round without the per-spin details: what a simulation needs. */
export interface SlotRoundTotals {
  baseWin: number;
  freeSpinsWin: number;
  freeSpinsAwarded: number;
  freeSpinsPlayed: number;
}

// Scratch buffers: the engine is synchronous, so one set per module is enough.
const windowBuf = new Uint8Array(15);
const tuple = new Uint8Array(5);
const stopsBuf = new Int32Array(5);

interface SpinTotals {
  win: number;
  scatters: number;
}

function drawStops(reels: CompiledReels, rng: RandomSource): void {
  for (let r = 0; r < 5; r++) stopsBuf[r] = rng.int(reels.lengths[r]!);
}

/** Win of the spin in `windowBuf` in credits; fills `record` with the details when given. */
function evaluateSpin(
  c: CompiledSlot,
  bet: SlotBet,
  multiplier: number,
  record: SlotSpin | null,
  out: SpinTotals,
): void {
  const w = windowBuf;
  let lineSum = 0;
  for (let l = 0; l < bet.lines; l++) {
    const base = l * 5;
    for (let r = 0; r < 5; r++) tuple[r] = w[c.lineCells[base + r]!]!;
    const o = lineOutcome(c, tuple);
    if (o === 0) continue;
    lineSum += outcomePay(o);
    if (record) {
      const count = outcomeCount(o);
      const positions: Cell[] = [];
      for (let r = 0; r < count; r++) positions.push([r, c.lineCells[base + r]! - r * 3]);
      record.lineWins.push({
        line: l + 1,
        symbol: c.codes[outcomeSymbol(o)]!,
        count,
        positions,
        pay: outcomePay(o) * bet.betLevel * multiplier,
      });
    }
  }
  let scatters = 0;
  for (let i = 0; i < 15; i++) if (w[i] === c.scatter) scatters++;
  const scatterPay = c.scatterPay[scatters]! * bet.lines * bet.betLevel * multiplier;
  out.win = lineSum * bet.betLevel * multiplier + scatterPay;
  out.scatters = scatters;
  if (record) {
    const positions: Cell[] = [];
    for (let i = 0; i < 15; i++) if (w[i] === c.scatter) positions.push([Math.floor(i / 3), i % 3]);
    record.scatter = { count: scatters, positions, pay: scatterPay, freeSpinsAwarded: 0 };
    record.win = out.win;
  }
}

function newSpin(c: CompiledSlot, kind: 'base' | 'free', index: number, multiplier: number): SlotSpin {
  const grid: string[][] = [];
  for (let r = 0; r < 5; r++) grid.push([0, 1, 2].map((row) => c.codes[windowBuf[r * 3 + row]!]!));
  return {
    kind,
    index,
    stops: Array.from(stopsBuf),
    grid,
    multiplier,
    lineWins: [],
    scatter: { count: 0, positions: [], pay: 0, freeSpinsAwarded: 0 },
    win: 0,
    freeSpinsLeft: 0,
  };
}

/**
 * One round: the base spin on the base strips, then every free spin it awards on the free-spin strips. The stream
 * is read in this order only: 5 integers (reel 1..5 stop) per spin, base spin first. The bet never changes the
 * stops, only which lines are paid and the credits.
 */
function runRound(c: CompiledSlot, bet: SlotBet, rng: RandomSource, spins: SlotSpin[] | null): SlotRoundTotals {
  const fs = c.math.freeSpins;
  const spin: SpinTotals = { win: 0, scatters: 0 };
  drawStops(c.base, rng);
  fillWindow(c.base, stopsBuf, windowBuf);
  const baseRecord = spins ? newSpin(c, 'base', 0, 1) : null;
  evaluateSpin(c, bet, 1, baseRecord, spin);
  const baseWin = spin.win;
  let awarded = Math.min(c.scatterSpins[spin.scatters]!, fs.maxPerRound);
  if (baseRecord) {
    baseRecord.scatter.freeSpinsAwarded = awarded;
    baseRecord.freeSpinsLeft = awarded;
    spins!.push(baseRecord);
  }
  let played = 0;
  let freeSpinsWin = 0;
  while (played < awarded) {
    drawStops(c.free, rng);
    fillWindow(c.free, stopsBuf, windowBuf);
    played++;
    const record = spins ? newSpin(c, 'free', played, fs.multiplier) : null;
    evaluateSpin(c, bet, fs.multiplier, record, spin);
    freeSpinsWin += spin.win;
    const more = fs.retrigger ? Math.min(c.scatterSpins[spin.scatters]!, fs.maxPerRound - awarded) : 0;
    awarded += more;
    if (record) {
      record.scatter.freeSpinsAwarded = more;
      record.freeSpinsLeft = awarded - played;
      spins!.push(record);
    }
  }
  return { baseWin, freeSpinsWin, freeSpinsAwarded: awarded, freeSpinsPlayed: played };
}

function assertBet(math: SlotMath, bet: SlotBet): void {
  const issue = checkSlotBet(math, bet);
  if (issue) throw new GameInputError(issue.code, issue.message);
}

/** The server's and the browser's call: the whole round from its seeds, with everything needed to animate it. */
export function playSlotRound(math: SlotMath, input: { seeds: Seeds; bet: SlotBet }): SlotRoundResult {
  assertBet(math, input.bet);
  const c = compileSlot(math);
  const rng = new FairRng(input.seeds);
  const spins: SlotSpin[] = [];
  const bet = { lines: input.bet.lines, betLevel: input.bet.betLevel };
  const t = runRound(c, bet, rng, spins);
  return {
    gameId: math.gameId,
    mathVersion: math.mathVersion,
    rngAlgorithm: RNG_ALGORITHM,
    bet,
    stake: bet.lines * bet.betLevel,
    spins,
    freeSpins: { awarded: t.freeSpinsAwarded, played: t.freeSpinsPlayed, multiplier: math.freeSpins.multiplier },
    baseWin: t.baseWin,
    freeSpinsWin: t.freeSpinsWin,
    totalWin: t.baseWin + t.freeSpinsWin,
    cursor: rng.cursor,
  };
}

/** The same round logic without building the details (simulations, benches); any RandomSource. */
export function playSlotRoundTotals(math: SlotMath, bet: SlotBet, rng: RandomSource): SlotRoundTotals {
  assertBet(math, bet);
  return runRound(compileSlot(math), bet, rng, null);
}
