import { gameConfig } from '@sea/games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NORMAL, ReelView, TURBO } from './reel-view.ts';
import { slotConfigOf, windowOf } from './slot-config.ts';

const config = slotConfigOf(gameConfig('slot-lucky-dragon') as unknown as Record<string, unknown>);
const codes = config.symbols.map((s) => s.code);
const WIDTH = 350;
const HEIGHT = 273;

const translateY = (el: HTMLElement) => Number(/translate3d\(0,\s*(-?[\d.]+)px/.exec(el.style.transform)?.[1] ?? NaN);

/**
 * What the page shows, read from the DOM: per reel, the symbols of the cells whose top lies in the window (track
 * offset + the cell's place on the track), top to bottom.
 */
function shown(box: HTMLElement): string[][] {
  return [...box.querySelectorAll<HTMLElement>('.reels__reel')].map((reel) => {
    const track = reel.querySelector<HTMLElement>('.reels__track')!;
    const height = parseFloat(reel.style.height);
    return [...track.querySelectorAll<HTMLElement>('.reels__cell')]
      .map((cell) => ({ y: translateY(track) + translateY(cell), symbol: cell.dataset.symbol! }))
      .filter((c) => c.y >= 0 && c.y < height)
      .sort((a, b) => a.y - b.y)
      .map((c) => c.symbol);
  });
}

/** Every cell's top in its reel's window (track + place on the track), by element. */
function positions(box: HTMLElement): Map<HTMLElement, number>[] {
  return [...box.querySelectorAll<HTMLElement>('.reels__reel')].map((reel) => {
    const track = reel.querySelector<HTMLElement>('.reels__track')!;
    return new Map(
      [...track.querySelectorAll<HTMLElement>('.reels__cell')].map((c) => [c, translateY(track) + translateY(c)]),
    );
  });
}

/** The cells of each reel are a gapless column, one cell height apart, from above the window to below it. */
function expectCovered(box: HTMLElement, now: Map<HTMLElement, number>[]) {
  [...box.querySelectorAll<HTMLElement>('.reels__reel')].forEach((reel, r) => {
    const height = parseFloat(reel.style.height);
    const cellH = height / 3;
    const ys = [...now[r]!.values()].sort((a, b) => a - b);
    ys.slice(1).forEach((y, i) => expect(Math.abs(y - ys[i]! - cellH)).toBeLessThan(1));
    expect(ys[0]!).toBeLessThanOrEqual(0);
    expect(ys.at(-1)! + cellH).toBeGreaterThanOrEqual(height);
  });
}

/** How far down the cells that kept their place on the track moved between two frames (summed over the reels). */
function moved(before: Map<HTMLElement, number>[], now: Map<HTMLElement, number>[]): number {
  let sum = 0;
  now.forEach((cells, r) => {
    for (const [el, y] of cells) {
      const was = before[r]!.get(el)!;
      if (Math.abs(y - was) < 60) sum += y - was; // a wrapped cell jumped to the top: not a move
    }
  });
  return sum;
}

describe('reel view (compositor reels)', () => {
  let box: HTMLDivElement;
  const animate = Element.prototype.animate;
  beforeEach(() => {
    // The page's own per-frame path (browsers without Web Animations): here the DOM shows where every cell is. The
    // compositor path runs in Chromium (e2e play.test.ts).
    (Element.prototype as { animate?: unknown }).animate = undefined;
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    box = document.createElement('div');
    document.body.append(box);
  });
  afterEach(() => {
    Element.prototype.animate = animate;
    vi.useRealTimers();
    box.remove();
  });

  it('shows the strip windows at rest, then lands every reel on the server’s stops', async () => {
    const strips = config.reels.base;
    const view = new ReelView(box, codes, { strips, stops: [0, 1, 2, 3, 4] });
    view.resize(WIDTH, HEIGHT);
    expect(shown(box)).toEqual([0, 1, 2, 3, 4].map((stop, r) => windowOf(strips[r]!, stop)));

    for (const [timing, stops, tease] of [
      [NORMAL, [7, 20, 3, 11, 29], 5],
      [TURBO, [strips[0]!.length - 1, 0, 5, strips[3]!.length - 2, 9], 3],
    ] as const) {
      view.spin(timing);
      expect(view.spinning).toBe(true);
      // While they spin the symbols move down, and the cells cover every reel's window without a hole.
      let before = positions(box);
      for (let frame = 0; frame < 30; frame++) {
        vi.advanceTimersByTime(16);
        const now = positions(box);
        expectCovered(box, now);
        if (frame > 10) expect(moved(before, now)).toBeGreaterThan(0);
        before = now;
      }
      let stopped = 0;
      view.onReelStop = () => stopped++;
      const landing = view.land(strips, [...stops], timing, tease);
      vi.advanceTimersByTime(8_000);
      await landing;
      expect(view.spinning).toBe(false);
      expect(stopped).toBe(5);
      expect(shown(box)).toEqual(stops.map((stop, r) => windowOf(strips[r]!, stop)));
    }
    view.destroy();
    expect(box.querySelector('.reels')).toBeNull();
  });

  it('keeps the window covered when the compositor runs 300 ms of turbo ahead of the page’s frames', () => {
    // In Chromium the compositor moves the tracks while the cells move on the page's frame: a busy main thread leaves
    // the cells where the last frame put them while the track goes on. Cells laid out at one frame must still cover
    // the window wherever the track is 300 ms later (full turbo speed: about ten symbols).
    const view = new ReelView(box, codes, { strips: config.reels.base, stops: [0, 1, 2, 3, 4] });
    view.resize(WIDTH, HEIGHT);
    view.spin(TURBO);
    vi.advanceTimersByTime(TURBO.accel + TURBO.startStagger * 4 + 100);
    const tracks = [...box.querySelectorAll<HTMLElement>('.reels__track')];
    for (let frame = 0; frame < 20; frame++) {
      vi.advanceTimersByTime(16 * (1 + (frame % 5)));
      const onTrack = tracks.map((track) =>
        [...track.querySelectorAll<HTMLElement>('.reels__cell')].map((c) => [c, translateY(c)] as const),
      );
      const trackThen = tracks.map(translateY);
      vi.advanceTimersByTime(300);
      const trackLater = tracks.map(translateY);
      trackLater.forEach((y, r) => expect(y - trackThen[r]!).toBeGreaterThan(9 * (HEIGHT / 3)));
      expectCovered(
        box,
        onTrack.map((cells, r) => new Map(cells.map(([c, y]) => [c, trackLater[r]! + y]))),
      );
    }
    view.destroy();
  });

  it('jumps to a result (free-spin strips) and keeps it across a resize', () => {
    const view = new ReelView(box, codes, { strips: config.reels.base, stops: [0, 0, 0, 0, 0] });
    view.resize(WIDTH, HEIGHT);
    const stops = [2, 4, 6, 8, 10];
    view.show(config.reels.free, stops);
    const expected = stops.map((stop, r) => windowOf(config.reels.free[r]!, stop));
    expect(shown(box)).toEqual(expected);
    view.resize(300, 300);
    expect(shown(box)).toEqual(expected);
    view.destroy();
  });
});
