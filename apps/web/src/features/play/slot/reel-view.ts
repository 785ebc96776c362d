import {
  landed,
  motionKeyframes,
  offsetAt,
  planStop,
  planTape,
  type ReelMotion,
  type ReelTape,
  restingTape,
  settleTape,
  symbolAt,
} from './reel-model.ts';
import { renderSprites, type SymbolSprites } from '../../../lib/slot-symbols.ts';

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
 * A reel in motion shows six tape cells (the three rows, one above, two below). Its ring holds four blocks of six:
 * the cells move to the next block six at a time, so a spinning reel's track is repainted every six symbols, not
 * every symbol.
 */
const BLOCK = ROWS + 3;
const SLOTS = 4 * BLOCK;
/**
 * Cells kept ready above the window: the compositor moves the tracks on its own clock, while the cells move on the
 * page's animation frame, which a busy main thread delays (a slow phone, a page doing other work). Twelve cells
 * cover 350 ms of turbo's full speed (460 ms at normal speed) without a frame; the ring allows at most
 * SLOTS − BLOCK − 5 = 13 (the window's six cells and a block's slack below them).
 */
const AHEAD = 12;
/** How long a reel may run before its stop is known: the animation of the free run is this long. */
const FREE_RUN_MS = 10 * 60_000;

const mod = (a: number, m: number) => ((a % m) + m) % m;

interface CellEl {
  el: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D | null;
  /** What it shows now: the tape cell (its place on the track), symbol, and motion-blurred sprite or not. */
  k: number;
  code: string;
  blur: boolean;
}

interface Reel {
  /** The clipped window, and the track in it that moves by the reel's offset: the cells sit on it at k × cell height. */
  clip: HTMLDivElement;
  track: HTMLDivElement;
  /** The track's resting transform (CSS px), when no animation moves it. */
  y: number;
  /** The compositor animation moving the track while the reel spins (Web Animations), if the browser has them. */
  anim: Animation | null;
  ring: CellEl[];
}

/**
 * The slot's reels, moved by the compositor: each reel is a clipped window with a track in it, which a Web Animation
 * built from the pure motion model (reel-model.ts) moves while the reel spins (browsers without Web Animations: one
 * CSS transform per animation frame). On the track a ring of twenty-four small canvases holds pre-rendered symbol
 * sprites. The page's frame (requestAnimationFrame) repaints nothing as a rule: cells move along the track six at a
 * time (every six symbols of a spin) and a cell is redrawn (one sprite blit) only when it shows another symbol or
 * switches between its sharp and motion-blurred sprite; the reels' backgrounds and shading are static layers. The win
 * highlight is drawn on a canvas over the reels while they rest. It spins on `spin()`, lands on the server's stops
 * with `land()`, and draws the win highlight.
 */
export class ReelView {
  private readonly root: HTMLDivElement;
  private readonly reels: Reel[] = [];
  private readonly overlay: HTMLCanvasElement;
  private readonly octx: CanvasRenderingContext2D | null;
  private overlayShown = false;
  private tapes: ReelTape[];
  private motions: (ReelMotion | null)[] = Array(REELS).fill(null);
  private frame = 0;
  private sprites: SymbolSprites | null = null;
  /** Geometry in CSS pixels: the box, a cell's width and height (square on wide screens, taller in portrait). */
  private width = 0;
  private height = 0;
  private cell = 0;
  private cellH = 0;
  private gap = 0;
  private dpr = 1;
  private highlight: Highlight | null = null;
  /** Resolves `land()` once every reel is at rest. */
  private pending: (() => void) | null = null;
  private destroyed = false;
  /** Called as each reel lands (sound, scatter ping). */
  onReelStop: (reel: number) => void = () => undefined;

  constructor(
    container: HTMLElement,
    private readonly codes: readonly string[],
    initial: { strips: readonly (readonly string[])[]; stops: number[] },
  ) {
    this.tapes = initial.strips.map((strip, r) => restingTape(strip, initial.stops[r] ?? 0));
    const root = document.createElement('div');
    root.className = 'reels';
    root.setAttribute('aria-hidden', 'true');
    for (let r = 0; r < REELS; r++) {
      const clip = document.createElement('div');
      clip.className = 'reels__reel';
      const track = document.createElement('div');
      track.className = 'reels__track';
      clip.appendChild(track);
      const ring: CellEl[] = [];
      for (let s = 0; s < SLOTS; s++) {
        const el = document.createElement('canvas');
        el.className = 'reels__cell';
        track.appendChild(el);
        ring.push({ el, ctx: el.getContext('2d'), k: Number.NaN, code: '', blur: false });
      }
      const shade = document.createElement('div');
      shade.className = 'reels__shade';
      clip.appendChild(shade);
      root.appendChild(clip);
      this.reels.push({ clip, track, y: Number.NaN, anim: null, ring });
    }
    this.overlay = document.createElement('canvas');
    this.overlay.className = 'reels__overlay';
    this.octx = this.overlay.getContext('2d');
    root.appendChild(this.overlay);
    container.appendChild(root);
    this.root = root;
  }

  /** Fit the reels to their box (CSS pixels); sprites are re-rendered at the device's pixel ratio. */
  resize(width: number, height: number): void {
    this.dpr = Math.min(window.devicePixelRatio || 1, 2.5);
    this.width = width;
    this.height = height;
    this.gap = Math.round(width * 0.012);
    this.cell = (width - this.gap * (REELS - 1)) / REELS;
    this.cellH = Math.min(height / ROWS, this.cell * 1.3);
    this.cell = Math.min(this.cell, this.cellH);
    const size = this.size();
    this.sprites = renderSprites(this.codes, size * this.dpr);
    const top = this.y0();
    for (let r = 0; r < REELS; r++) {
      const reel = this.reels[r]!;
      const s = reel.clip.style;
      s.left = `${this.x(r)}px`;
      s.top = `${top}px`;
      s.width = `${this.cell}px`;
      s.height = `${this.cellH * ROWS}px`;
      reel.y = Number.NaN;
      for (const c of reel.ring) {
        c.el.width = c.el.height = this.sprites.size;
        c.el.style.width = c.el.style.height = `${size}px`;
        c.el.style.left = `${(this.cell - size) / 2}px`;
        c.code = '';
        c.k = Number.NaN;
      }
    }
    this.overlay.width = Math.round(width * this.dpr);
    this.overlay.height = Math.round(height * this.dpr);
    this.overlayShown = false;
    for (let r = 0; r < REELS; r++) if (this.motions[r]) this.animate(r);
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
      this.animate(r);
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
      this.pending = resolve;
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
        this.animate(r);
      }
      this.loop();
    });
  }

  /** Jump straight to a result (resume, reduced motion). */
  show(strips: readonly (readonly string[])[], stops: number[]): void {
    this.motions = Array(REELS).fill(null);
    for (let r = 0; r < REELS; r++) this.stopAnimation(r);
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
    for (let r = 0; r < REELS; r++) this.stopAnimation(r);
    this.root.remove();
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
      this.stopAnimation(r);
      this.onReelStop(r);
    }
    if (this.pending && !this.spinning) {
      const resolve = this.pending;
      this.pending = null;
      resolve();
    }
  }

  /**
   * Let the compositor move reel r's track along its motion (reel-model's offset × cell height): a quadratic start,
   * then full speed — until the planned stop, then easeOutBack to the landing, or else a long free run. The
   * animation starts on the motion's own clock (document timeline = performance.now()), so a new plan continues the
   * running one without a jump.
   */
  private animate(r: number): void {
    const reel = this.reels[r]!;
    const m = this.motions[r];
    if (!m || typeof reel.track.animate !== 'function' || !this.cellH) return;
    const { duration, keyframes } = motionKeyframes(m, FREE_RUN_MS);
    const frames: Keyframe[] = keyframes.map((k) => ({
      offset: k.at,
      ...(k.easing ? { easing: k.easing } : {}),
      transform: `translate3d(0,${k.offset * this.cellH}px,0)`,
    }));
    const anim = reel.track.animate(frames, { duration, fill: 'both' });
    anim.startTime = m.start;
    reel.anim?.cancel();
    reel.anim = anim;
  }

  private stopAnimation(r: number): void {
    const reel = this.reels[r]!;
    reel.anim?.cancel();
    reel.anim = null;
  }

  private size(): number {
    return Math.min(this.cell, this.cellH);
  }

  private x(reel: number): number {
    const total = this.cell * REELS + this.gap * (REELS - 1);
    return (this.width - total) / 2 + reel * (this.cell + this.gap);
  }

  private y0(): number {
    return (this.height - this.cellH * ROWS) / 2;
  }

  private draw(t: number): void {
    const sprites = this.sprites;
    if (!sprites || !this.cell) return;
    const { cellH, dpr } = this;
    const pad = (cellH - this.size()) / 2;
    for (let r = 0; r < REELS; r++) {
      const m = this.motions[r];
      const offset = m ? offsetAt(m, t) : 0;
      const blur = m
        ? t > m.start + m.accel * 0.5 && (m.decelStart === undefined || t < m.decelStart + m.decel! * 0.45)
        : false;
      const reel = this.reels[r]!;
      // The track moves by the offset: its animation moves it on the compositor; without one (a browser without
      // Web Animations), one transform per frame. Whole device pixels, so a reel at rest is sharp.
      const trackY = reel.anim ? 0 : Math.round(offset * cellH * dpr) / dpr;
      if (reel.y !== trackY) {
        reel.y = trackY;
        reel.track.style.transform = `translate3d(0,${trackY}px,0)`;
      }
      // The window needs tape cells first … first + 5, and AHEAD more above it; the ring holds base … base + 23
      // (base: first − AHEAD rounded down to a block). Cell k lives in ring slot k mod SLOTS and moves on the track
      // only when its block moves on.
      const first = Math.floor(-offset) - 1;
      const base = BLOCK * Math.floor((first - AHEAD) / BLOCK);
      for (let k = base; k < base + SLOTS; k++) {
        const c = reel.ring[mod(k, SLOTS)]!;
        const code = symbolAt(this.tapes[r]!, k);
        if (c.code !== code || c.blur !== blur) {
          c.code = code;
          c.blur = blur;
          c.el.dataset.symbol = code;
          const img = (blur ? sprites.blurred : sprites.sharp).get(code);
          if (c.ctx) {
            c.ctx.clearRect(0, 0, c.el.width, c.el.height);
            if (img) c.ctx.drawImage(img, 0, 0);
          }
        }
        if (c.k !== k) {
          c.k = k;
          c.el.style.transform = `translate3d(0,${Math.round((k * cellH + pad) * dpr) / dpr}px,0)`;
        }
      }
    }
    this.drawOverlay(t);
  }

  private drawOverlay(t: number): void {
    const ctx = this.octx;
    const show = !!this.highlight && !this.spinning;
    if (!ctx) return;
    if (!show && !this.overlayShown) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.overlay.width, this.overlay.height);
    this.overlayShown = show;
    this.overlay.style.visibility = show ? 'visible' : 'hidden';
    if (!show) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawHighlight(ctx, t);
  }

  /** The win highlight in CSS pixels (the overlay's transform scales it to the device). */
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
      ctx.lineWidth = Math.max(1.5, cell * 0.045);
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      ctx.shadowColor = colour;
      ctx.shadowBlur = cell * 0.15 * this.dpr;
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
    ctx.shadowBlur = cell * (0.1 + 0.15 * pulse) * this.dpr;
    ctx.lineWidth = Math.max(1.5, cell * 0.05);
    for (const [r, row] of h.cells) {
      const inset = ctx.lineWidth / 2 + 0.5;
      ctx.beginPath();
      ctx.roundRect(this.x(r) + inset, top + row * cellH + inset, cell - 2 * inset, cellH - 2 * inset, cell * 0.1);
      ctx.stroke();
    }
    ctx.restore();
  }
}
