/**
 * Fixed-window counters (per key, per window) used to refuse abusive traffic *before* expensive work.
 * In-process by default; the interface lets a Redis implementation replace it when several processes run.
 */
export interface WindowLimiter {
  /** Counts one hit; returns whether it is allowed and, if not, how many seconds until the window resets. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Hits counted so far in the key's current window (0 when none), without counting one. */
  count(key: string, windowMs: number): Promise<number>;
  /**
   * Where login lockout keeps the failure/lock state of accounts that do not exist (lib/lockout.ts); shared
   * with the counters (Redis when several processes run). Absent: each lockout keeps its own in memory.
   */
  lockStates?: LockStateStore;
}

/** The failure count and lock of an account that does not exist (a "ghost"), by key. */
export interface LockState {
  failures: number;
  lockLevel: number;
  /** Epoch ms; 0 when not locked. */
  lockedUntil: number;
}

export interface LockStateStore {
  get(key: string): Promise<LockState>;
  /**
   * One more failure, atomically: at `failuresBeforeLock` the key locks until now + lockMs(level), the count
   * resets and the level rises (the same transitions as a stored account).
   */
  fail(
    key: string,
    rules: { failuresBeforeLock: number; firstLockMinutes: number; maxLockMinutes: number },
    now: number,
  ): Promise<{ count: number; locked: boolean }>;
}

export const lockMinutes = (rules: { firstLockMinutes: number; maxLockMinutes: number }, level: number) =>
  Math.min(rules.firstLockMinutes * 2 ** level, rules.maxLockMinutes);

/** Lock states in this process's memory (embedded mode, and the fallback while Redis is unreachable). */
export function createMemoryLockStates(maxKeys = 100_000): LockStateStore {
  const states = new Map<string, LockState>();
  const of = (key: string): LockState => states.get(key) ?? { failures: 0, lockLevel: 0, lockedUntil: 0 };
  return {
    async get(key) {
      return { ...of(key) };
    },
    async fail(key, rules, now) {
      const g = of(key);
      const count = g.failures + 1;
      const locked = count >= rules.failuresBeforeLock;
      if (locked)
        Object.assign(g, {
          failures: 0,
          lockedUntil: now + lockMinutes(rules, g.lockLevel) * 60_000,
          lockLevel: g.lockLevel + 1,
        });
      else g.failures = count;
      if (!states.has(key) && states.size >= maxKeys) states.clear();
      states.set(key, g);
      return { count, locked };
    },
  };
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
