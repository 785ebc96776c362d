import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttledNudge } from './throttled-nudge.ts';

describe('throttledNudge', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells each key at most once per period, with the last value', () => {
    const told: [string, number][] = [];
    const nudge = throttledNudge<string, number>(1000, (k, v) => told.push([k, v]));
    nudge('BAC-1', 1);
    nudge('BAC-1', 2);
    nudge('BAC-2', 7);
    nudge('BAC-1', 3);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(told).toEqual([
      ['BAC-1', 3],
      ['BAC-2', 7],
    ]);
    nudge('BAC-1', 4);
    vi.advanceTimersByTime(999);
    expect(told).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(told.at(-1)).toEqual(['BAC-1', 4]);
  });
});
