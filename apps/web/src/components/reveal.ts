import { startTransition, useEffect, useState } from 'react';

/** The longest wait for the next frame (a hidden tab gets none): the next item then shows anyway. */
const FRAME_FALLBACK_MS = 100;

/**
 * After the next frame has painted: `requestAnimationFrame` then a task, so the layout and paint of what the last
 * commit added run in their own frame before the next item renders. Returns a cancel function.
 */
export function afterNextPaint(fn: () => void): () => void {
  let done = false;
  let timer: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (timer = window.setTimeout(run, 0)))
      : undefined;
  const fallback = window.setTimeout(run, FRAME_FALLBACK_MS);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    window.clearTimeout(fallback);
  };
}

/**
 * How many of `total` items to render: `first` at once, then one more per commit, each in a transition started
 * after the previous one has painted. A long list (the home's game rows) then commits and lays out in several short
 * tasks instead of one long one; every item is rendered a few frames later, nothing waits for a scroll.
 */
export function useRevealCount(total: number, first = 1): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    return afterNextPaint(() => startTransition(() => setShown((n) => n + 1)));
  }, [shown, total]);
  return Math.min(shown, total);
}
