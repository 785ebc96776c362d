import type { SlotMath } from './slot-math.ts';

/**
 * A SlotMath turned into typed arrays once (symbol ids instead of codes) so a spin is a few array reads. Shared by
 * the engine, the par sheet and the full-cycle enumeration: one line evaluator for all three.
 */
export interface CompiledReels {
  strips: Uint8Array[];
  lengths: number[];
}

export interface CompiledSlot {
  math: SlotMath;
  codes: string[];
  wild: number;
  scatter: number;
  /** pay[symbol * 6 + count]: line pay in line bets (0 below 3 of a kind). */
  pay: Int32Array;
  /** cells[line * 5 + reel]: index reel * 3 + row of the window. */
  lineCells: Uint8Array;
  lineCount: number;
  scatterPay: Int32Array;
  scatterSpins: Int32Array;
  base: CompiledReels;
  free: CompiledReels;
}

const cache = new WeakMap<SlotMath, CompiledSlot>();

export function compileSlot(math: SlotMath): CompiledSlot {
  const hit = cache.get(math);
  if (hit) return hit;
  const codes = math.symbols.map((s) => s.code);
  if (codes.length > 15) throw new Error('at most 15 symbols');
  if (new Set(codes).size !== codes.length) throw new Error('duplicate symbol code');
  const wild = math.symbols.findIndex((s) => s.kind === 'wild');
  const scatter = math.symbols.findIndex((s) => s.kind === 'scatter');
  if (wild < 0 || scatter < 0) throw new Error('a wild and a scatter are required');
  const pay = new Int32Array(codes.length * 6);
  math.symbols.forEach((s, i) => {
    if (s.kind !== 'scatter') s.pays.forEach((p, k) => (pay[i * 6 + 3 + k] = p));
  });
  const lineCells = new Uint8Array(math.lines.length * 5);
  math.lines.forEach((rows, l) => {
    if (rows.length !== 5 || rows.some((row) => row < 0 || row > 2)) throw new Error(`line ${l + 1} is not 5 rows`);
    rows.forEach((row, r) => (lineCells[l * 5 + r] = r * 3 + row));
  });
  const byCode = new Map(codes.map((c, i) => [c, i]));
  const reels = (set: readonly (readonly string[])[]): CompiledReels => {
    if (set.length !== 5) throw new Error('5 reels');
    const strips = set.map((strip) =>
      Uint8Array.from(strip, (code) => {
        const id = byCode.get(code);
        if (id === undefined) throw new Error(`unknown symbol ${code}`);
        return id;
      }),
    );
    for (const s of strips) checkScatterSpacing(s, scatter);
    return { strips, lengths: strips.map((s) => s.length) };
  };
  const table = (t: Readonly<Record<3 | 4 | 5, number>>) => Int32Array.from([0, 0, 0, t[3], t[4], t[5]]);
  const compiled: CompiledSlot = {
    math,
    codes,
    wild,
    scatter,
    pay,
    lineCells,
    lineCount: math.lines.length,
    scatterPay: table(math.scatter.pays),
    scatterSpins: table(math.scatter.freeSpins),
    base: reels(math.baseReels),
    free: reels(math.freeReels),
  };
  cache.set(math, compiled);
  return compiled;
}

/** A window shows 3 consecutive stops: two scatters closer than 3 stops could both show, which the maths excludes. */
function checkScatterSpacing(strip: Uint8Array, scatter: number): void {
  const at: number[] = [];
  strip.forEach((s, i) => s === scatter && at.push(i));
  for (let i = 0; i < at.length; i++) {
    const next = i + 1 < at.length ? at[i + 1]! : at[0]! + strip.length;
    if (at.length > 1 && next - at[i]! < 3) throw new Error('scatters must be at least 3 stops apart');
  }
  if (strip.length < 3) throw new Error('a strip needs at least 3 stops');
}

/** Fill w[reel * 3 + row] with the window at the given stops. */
export function fillWindow(reels: CompiledReels, stops: ArrayLike<number>, w: Uint8Array): void {
  for (let r = 0; r < 5; r++) {
    const strip = reels.strips[r]!;
    const len = strip.length;
    const s = stops[r]!;
    w[r * 3] = strip[s]!;
    w[r * 3 + 1] = strip[s + 1 < len ? s + 1 : s + 1 - len]!;
    w[r * 3 + 2] = strip[s + 2 < len ? s + 2 : s + 2 - len]!;
  }
}

/**
 * The win of 5 symbols read left to right on one line, encoded as pay << 8 | count << 4 | symbol (0 = no win).
 * A run starts on reel 1; wilds substitute for every symbol but the scatter; the line pays its highest win: the
 * run of the first non-wild symbol (wilds included) or the run of leading wilds on the wild's own pays.
 */
export function lineOutcome(c: CompiledSlot, t: ArrayLike<number>): number {
  const wild = c.wild;
  let wn = 0;
  while (wn < 5 && t[wn] === wild) wn++;
  const wildPay = c.pay[wild * 6 + wn]!;
  if (wn === 5) return (wildPay << 8) | (5 << 4) | wild;
  const s = t[wn]!;
  let n = wn + 1;
  if (s !== c.scatter) {
    while (n < 5) {
      const x = t[n];
      if (x !== s && x !== wild) break;
      n++;
    }
  }
  const symPay = s === c.scatter ? 0 : c.pay[s * 6 + n]!;
  if (symPay > 0 && symPay >= wildPay) return (symPay << 8) | (n << 4) | s;
  if (wildPay > 0) return (wildPay << 8) | (wn << 4) | wild;
  return 0;
}

export const outcomePay = (o: number): number => o >>> 8;
export const outcomeCount = (o: number): number => (o >>> 4) & 15;
export const outcomeSymbol = (o: number): number => o & 15;
