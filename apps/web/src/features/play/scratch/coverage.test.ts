import { describe, expect, it } from 'vitest';
import { Coverage, REVEAL_THRESHOLD } from './coverage.ts';

describe('scratch reveal threshold', () => {
  it('a panel is revealed once enough of it is scratched, not before', () => {
    const c = new Coverage(300, 300, 3, 3);
    expect(c.revealed()).toEqual([]);
    // One thin stroke across the top-left panel: not enough.
    c.stroke(5, 50, 95, 50, 10);
    expect(c.fraction(0)).toBeGreaterThan(0.1);
    expect(c.fraction(0)).toBeLessThan(REVEAL_THRESHOLD);
    expect(c.revealed()).toEqual([]);
    // Back and forth over it: revealed, and only that panel.
    for (let y = 10; y <= 90; y += 15) c.stroke(5, y, 95, y, 12);
    expect(c.fraction(0)).toBeGreaterThanOrEqual(REVEAL_THRESHOLD);
    expect(c.revealed()).toEqual([0]);
  });

  it('a fast swipe leaves no gaps between its points', () => {
    const c = new Coverage(300, 300, 3, 3);
    c.stroke(0, 150, 300, 150, 14);
    for (let x = 2; x < 298; x += 4) expect(c.fraction(c.panelAt(x, 150))).toBeGreaterThan(0);
    expect(c.panelAt(150, 150)).toBe(4);
    expect(c.panelAt(299, 299)).toBe(8);
    expect(c.panelAt(-1, 10)).toBe(-1);
  });

  it('scratching everything reveals all nine panels', () => {
    const c = new Coverage(240, 240, 3, 3);
    for (let y = 0; y <= 240; y += 10) c.stroke(0, y, 240, y, 12);
    expect(c.revealed()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
