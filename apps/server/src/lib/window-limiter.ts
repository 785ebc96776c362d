/**
 * Fixed-window counters (per key, per window) used to refuse abusive traffic *before* expensive work.
 * In-process by default; the interface lets a Redis implementation replace it when several processes run.
 */
export interface WindowLimiter {
  /** Counts one hit; returns whether it is allowed and, if not, how many seconds until the window resets. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Hits counted so far in the key's current window (0 when none), without counting one. */
  count(key: string, windowMs: number): Promise<number>;
}

export function createMemoryWindowLimiter(now: () => number = Date.now, maxKeys = 100_000): WindowLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        if (windows.size >= maxKeys) windows.clear();
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      const allowed = w.count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) };
    },
    async count(key, windowMs) {
      const w = windows.get(key);
      return w && now() - w.start < windowMs ? w.count : 0;
    },
  };
}
