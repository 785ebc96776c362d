import type { GameConfig, SlotLineWin, SlotRoundResult, SlotSpin } from '@sea/games';

/** The slot's public maths as the session sends it (gameConfig of packages/games). */
export type SlotConfig = Extract<GameConfig, { kind: 'slot' }>;

export const slotConfigOf = (config: Record<string, unknown>): SlotConfig => config as unknown as SlotConfig;

export const scatterCode = (c: SlotConfig): string => c.symbols.find((s) => s.kind === 'scatter')?.code ?? 'pearl';

/** The strips a spin ran on. */
export const stripsOf = (c: SlotConfig, spin: Pick<SlotSpin, 'kind'>) =>
  spin.kind === 'free' ? c.reels.free : c.reels.base;

/**
 * The first reel that spins longer for suspense: the one after the second scatter in view (a third would pay).
 * 5 = none.
 */
export function teaseFrom(grid: readonly (readonly string[])[], scatter: string): number {
  let seen = 0;
  for (let r = 0; r < grid.length; r++) {
    if (seen >= 2) return r;
    if (grid[r]!.includes(scatter)) seen++;
  }
  return grid.length;
}

/** Cells of a spin's wins, for the highlight: every line win and the scatters when they paid. */
export function winCells(spin: SlotSpin): [number, number][] {
  const cells = spin.lineWins.flatMap((w) => w.positions.map(([r, row]) => [r, row] as [number, number]));
  if (spin.scatter.pay > 0 || spin.scatter.freeSpinsAwarded > 0)
    cells.push(...spin.scatter.positions.map(([r, row]) => [r, row] as [number, number]));
  return cells;
}

export const lineHighlight = (c: SlotConfig, w: SlotLineWin) => ({
  rows: c.lines[w.line - 1]!,
  line: w.line,
  count: w.count,
});

export const isSlotResult = (r: Record<string, unknown>): r is Record<string, unknown> & SlotRoundResult =>
  Array.isArray((r as { spins?: unknown }).spins);

/** The window a strip shows at a stop (what the engine evaluates), top to bottom. */
export const windowOf = (strip: readonly string[], stop: number): string[] =>
  [0, 1, 2].map((i) => strip[(stop + i) % strip.length]!);
