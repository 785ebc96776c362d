/**
 * What the player has scratched off, on a coarse grid over the card (pure, no canvas reads): each stroke marks the
 * grid points under the coin, and a panel counts as revealed once `threshold` of its points are scratched.
 */
export const REVEAL_THRESHOLD = 0.55;

export class Coverage {
  private readonly marks: Uint8Array;

  /** A `width` × `height` card sampled every `step` units; `rows` × `columns` panels. */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly rows: number,
    readonly columns: number,
    readonly step = 4,
  ) {
    this.marks = new Uint8Array(this.cols * this.lines);
  }

  private get cols() {
    return Math.ceil(this.width / this.step);
  }
  private get lines() {
    return Math.ceil(this.height / this.step);
  }

  /** A coin of radius `r` at (x, y). */
  scratch(x: number, y: number, r: number): void {
    const s = this.step;
    const x0 = Math.max(0, Math.floor((x - r) / s));
    const x1 = Math.min(this.cols - 1, Math.ceil((x + r) / s));
    const y0 = Math.max(0, Math.floor((y - r) / s));
    const y1 = Math.min(this.lines - 1, Math.ceil((y + r) / s));
    for (let j = y0; j <= y1; j++)
      for (let i = x0; i <= x1; i++) {
        const dx = i * s + s / 2 - x;
        const dy = j * s + s / 2 - y;
        if (dx * dx + dy * dy <= r * r) this.marks[j * this.cols + i] = 1;
      }
  }

  /** A stroke from (x0, y0) to (x1, y1): coins every half radius, so fast swipes leave no gaps. */
  stroke(x0: number, y0: number, x1: number, y1: number, r: number): void {
    const d = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.max(1, Math.ceil(d / (r / 2)));
    for (let k = 0; k <= n; k++) this.scratch(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, r);
  }

  /** The panel (row-major index) under (x, y), or -1. */
  panelAt(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    return Math.floor((y / this.height) * this.rows) * this.columns + Math.floor((x / this.width) * this.columns);
  }

  /** Share of a panel's grid points scratched, 0..1. */
  fraction(panel: number): number {
    const row = Math.floor(panel / this.columns);
    const col = panel % this.columns;
    const pw = this.width / this.columns;
    const ph = this.height / this.rows;
    let hit = 0;
    let all = 0;
    for (let j = 0; j < this.lines; j++) {
      const y = j * this.step + this.step / 2;
      if (y < row * ph || y >= (row + 1) * ph) continue;
      for (let i = 0; i < this.cols; i++) {
        const x = i * this.step + this.step / 2;
        if (x < col * pw || x >= (col + 1) * pw) continue;
        all++;
        hit += this.marks[j * this.cols + i]!;
      }
    }
    return all ? hit / all : 0;
  }

  /** Panels past the threshold. */
  revealed(threshold = REVEAL_THRESHOLD): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.rows * this.columns; p++) if (this.fraction(p) >= threshold) out.push(p);
    return out;
  }
}
