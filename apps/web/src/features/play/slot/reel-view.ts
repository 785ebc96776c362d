import {
  landed,
  offsetAt,
  planStop,
  planTape,
  type ReelMotion,
  type ReelTape,
  restingTape,
  settleTape,
  symbolAt,
} from './reel-model.ts';
import { renderSprites, type SymbolSprites } from './symbols.ts';

export type Cell = [reel: number, row: number];

export interface Highlight {
  /** Cells of the wins shown now (others are dimmed). */
  cells: Cell[];
  /** Lines drawn over the reels: the rows per reel of each, and its colour index. */
  lines: { rows: readonly number[]; line: number; count: number }[];
}

export interface Timing {
  speed: number; // symbols per ms
  accel: number;
  startStagger: number;
  minSpin: number;
  stopStagger: number;
  decel: number;
  /** Extra time a reel spins when two scatters are already showing (anticipation). */
  tease: number;
}

export const NORMAL: Timing = {
  speed: 0.026,
  accel: 160,
  startStagger: 70,
  minSpin: 650,
  stopStagger: 200,
  decel: 420,
  tease: 900,
};
export const TURBO: Timing = {
  speed: 0.034,
  accel: 90,
  startStagger: 25,
  minSpin: 200,
  stopStagger: 80,
  decel: 240,
  tease: 350,
};

const LINE_COLOURS = [
  '#ffd54a',
  '#ff5c8a',
  '#4dd2ff',
  '#7cff6b',
  '#ff9f40',
  '#c77dff',
  '#ff4d4d',
  '#40ffd9',
  '#fff176',
  '#80a8ff',
];

const REELS = 5;
const ROWS = 3;

/**
 * The slot's canvas: five reels of three rows drawn every animation frame (requestAnimationFrame) from the pure
 * motion model (reel-model.ts), with pre-rendered symbol sprites so a frame is a few dozen blits (60 fps on a
 * phone). It spins on `spin()`, lands on the server's stops with `land()`, and draws the win highlight.
 */
export class ReelView {
  private ctx: CanvasRenderingContext2D | null;
  private tapes: ReelTape[];
  private motions: (ReelMotion | null)[] = Array(REELS).fill(null);
  private frame = 0;
  private sprites: SymbolSprites | null = null;
  /** Cell width and height (device pixels): square on wide screens, taller in portrait. */
  private cell = 0;
  private cellH = 0;
  private gap = 0;
  private dpr = 1;
  private highlight: Highlight | null = null;
  private pending: { resolve: () => void; landedReels: Set<number> } | null = null;
  private destroyed = false;
  /** Called as each reel lands (sound, scatter ping). */
  onReelStop: (reel: number) => void = () => undefined;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly codes: readonly string[],
    initial: { strips: readonly (readonly string[])[]; stops: number[] },
  ) {
    this.ctx = canvas.getContext('2d');
    this.tapes = initial.strips.map((strip, r) => restingTape(strip, initial.stops[r] ?? 0));
  }

  /** Fit the canvas to its box (CSS pixels) at the device's pixel ratio; sprites are re-rendered at the new size. */
  resize(width: number, height: number): void {
    this.dpr = Math.min(window.devicePixelRatio || 1, 2.5);
    this.canvas.width = Math.round(width * this.dpr);
    this.canvas.height = Math.round(height * this.dpr);
    this.gap = Math.round(this.canvas.width * 0.012);
    this.cell = (this.canvas.width - this.gap * (REELS - 1)) / REELS;
    this.cellH = Math.min(this.canvas.height / ROWS, this.cell * 1.3);
    this.cell = Math.min(this.cell, this.cellH);
    this.sprites = renderSprites(this.codes, Math.min(this.cell, this.cellH));
    this.draw(performance.now());
  }

  get spinning(): boolean {
    return this.motions.some((m) => m !== null);
  }

  /** Start every reel, left to right. */
  spin(timing: Timing): void {
    const now = performance.now();
    this.highlight = null;
    for (let r = 0; r < REELS; r++) {
      this.motions[r] = { start: now + r * timing.startStagger, speed: timing.speed, accel: timing.accel };
    }
    this.loop();
  }

  /**
   * Land on the server's result: reel r stops on `stops[r]` of `strips[r]`, left to right. `teaseFrom`: the first
   * reel that spins longer (two scatters already in view). Resolves once every reel is at rest.
   */
  land(strips: readonly (readonly string[])[], stops: number[], timing: Timing, teaseFrom = REELS): Promise<void> {
    const now = performance.now();
    return new Promise((resolve) => {
      this.pending = { resolve, landedReels: new Set() };
      let notBefore = now;
      for (let r = 0; r < REELS; r++) {
        let m = this.motions[r] ?? { start: now, speed: timing.speed, accel: timing.accel };
        const base = Math.max(now, m.start + timing.minSpin);
        notBefore =
          Math.max(notBefore, base) + (r === 0 ? 0 : timing.stopStagger) + (r >= teaseFrom ? timing.tease : 0);
        m = planStop(m, now, notBefore, timing.decel);
        this.motions[r] = m;
        this.tapes[r] = planTape(this.tapes[r]!, offsetAt(m, now), m.land!, strips[r]!, stops[r]!);
        notBefore = m.decelStart!;
      }
      this.loop();
    });
  }

  /** Jump straight to a result (resume, reduced motion). */
  show(strips: readonly (readonly string[])[], stops: number[]): void {
    this.motions = Array(REELS).fill(null);
    this.tapes = strips.map((strip, r) => restingTape(strip, stops[r]!));
    this.draw(performance.now());
  }

  setHighlight(h: Highlight | null): void {
    this.highlight = h;
    this.loop();
  }

  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
  }

  private loop(): void {
    if (this.frame || this.destroyed) return;
    // The clock is performance.now(), the one the motions were planned on.
    const tick = () => {
      const t = performance.now();
      this.frame = 0;
      if (this.destroyed) return;
      this.step(t);
      this.draw(t);
      if (this.spinning || this.highlight) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  private step(t: number): void {
    for (let r = 0; r < REELS; r++) {
      const m = this.motions[r];
      if (!m || !landed(m, t)) continue;
      this.tapes[r] = settleTape(this.tapes[r]!, m.land!);
      this.motions[r] = null;
      this.onReelStop(r);
      this.pending?.landedReels.add(r);
    }
    if (this.pending && !this.spinning) {
      const p = this.pending;
      this.pending = null;
      p.resolve();
    }
  }

  private x(reel: number): number {
    const total = this.cell * REELS + this.gap * (REELS - 1);
    return (this.canvas.width - total) / 2 + reel * (this.cell + this.gap);
  }

  private y0(): number {
    return (this.canvas.height - this.cellH * ROWS) / 2;
  }

  private draw(t: number): void {
    const ctx = this.ctx;
    const sprites = this.sprites;
    if (!ctx || !sprites || !this.cell) return;
    const { cell, cellH } = this;
    const top = this.y0();
    const size = Math.min(cell, cellH);
    const pad = (cellH - size) / 2;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    for (let r = 0; r < REELS; r++) {
      const x = this.x(r);
      // reel background
      const g = ctx.createLinearGradient(0, top, 0, top + cellH * ROWS);
      g.addColorStop(0, '#1d0b2e');
      g.addColorStop(0.5, '#35164f');
      g.addColorStop(1, '#1d0b2e');
      ctx.fillStyle = g;
      ctx.fillRect(x, top, cell, cellH * ROWS);
      const m = this.motions[r];
      const offset = m ? offsetAt(m, t) : 0;
      const fast = m
        ? t > m.start + m.accel * 0.5 && (m.decelStart === undefined || t < m.decelStart + m.decel! * 0.45)
        : false;
      const set = fast ? sprites.blurred : sprites.sharp;
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, top, cell, cellH * ROWS);
      ctx.clip();
      const first = Math.floor(-offset) - 1;
      for (let k = first; k <= first + ROWS + 2; k++) {
        const y = top + (k + offset) * cellH;
        if (y > top + cellH * ROWS || y + cellH < top) continue;
        const img = set.get(symbolAt(this.tapes[r]!, k));
        if (img) ctx.drawImage(img, x + (cell - size) / 2, y + pad, size, size);
      }
      // shading at the top and bottom of the window: the reel's curve
      const shade = ctx.createLinearGradient(0, top, 0, top + cellH * ROWS);
      shade.addColorStop(0, 'rgba(0,0,0,0.55)');
      shade.addColorStop(0.14, 'rgba(0,0,0,0)');
      shade.addColorStop(0.86, 'rgba(0,0,0,0)');
      shade.addColorStop(1, 'rgba(0,0,0,0.55)');
      ctx.fillStyle = shade;
      ctx.fillRect(x, top, cell, cellH * ROWS);
      ctx.restore();
    }
    if (this.highlight && !this.spinning) this.drawHighlight(ctx, t);
  }

  private drawHighlight(ctx: CanvasRenderingContext2D, t: number): void {
    const h = this.highlight!;
    const { cell, cellH } = this;
    const top = this.y0();
    const on = new Set(h.cells.map(([r, row]) => r * ROWS + row));
    ctx.fillStyle = 'rgba(5,0,12,0.58)';
    for (let r = 0; r < REELS; r++)
      for (let row = 0; row < ROWS; row++)
        if (!on.has(r * ROWS + row)) ctx.fillRect(this.x(r), top + row * cellH, cell, cellH);
    const pulse = 0.5 + 0.5 * Math.sin(t / 140);
    for (const line of h.lines) {
      const colour = LINE_COLOURS[(line.line - 1) % LINE_COLOURS.length]!;
      ctx.save();
      ctx.strokeStyle = colour;
      ctx.lineWidth = Math.max(3, cell * 0.045);
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      ctx.shadowColor = colour;
      ctx.shadowBlur = cell * 0.15;
      ctx.globalAlpha = 0.85;
      ctx.beginPath();
      line.rows.forEach((row, r) => {
        const cx = this.x(r) + cell / 2;
        const cy = top + row * cellH + cellH / 2;
        if (r === 0) ctx.moveTo(this.x(0) - this.gap, cy);
        ctx.lineTo(cx, cy);
        if (r === REELS - 1) ctx.lineTo(this.x(r) + cell + this.gap, cy);
      });
      ctx.stroke();
      ctx.restore();
    }
    ctx.save();
    ctx.strokeStyle = `rgba(255, 214, 74, ${0.6 + 0.4 * pulse})`;
    ctx.shadowColor = '#ffd54a';
    ctx.shadowBlur = cell * (0.1 + 0.15 * pulse);
    ctx.lineWidth = Math.max(3, cell * 0.05);
    for (const [r, row] of h.cells) {
      const inset = ctx.lineWidth / 2 + 1;
      ctx.beginPath();
      ctx.roundRect(this.x(r) + inset, top + row * cellH + inset, cell - 2 * inset, cellH - 2 * inset, cell * 0.1);
      ctx.stroke();
    }
    ctx.restore();
  }
}
