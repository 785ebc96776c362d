/**
 * What Redis loss means here: shared limits and lock states fall back to this process's memory, readiness stays
 * up, and the loss is logged once (one warning when it starts, one line when Redis answers again) and counted.
 */
export interface RedisHealthLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisHealth {
  /** A Redis call failed: the caller falls back to memory. The first failure of an outage logs the warning. */
  failed(err: unknown): void;
  /** A Redis call succeeded. */
  ok(): void;
  readonly down: boolean;
  /** Calls answered from memory because Redis was unreachable (since start). */
  readonly fallbacks: number;
}

export function createRedisHealth(log: RedisHealthLogger): RedisHealth {
  let downSince: number | undefined;
  let fallbacks = 0;
  return {
    failed(err) {
      fallbacks += 1;
      if (downSince !== undefined) return;
      downSince = Date.now();
      log.warn(
        { err: { message: (err as Error)?.message } },
        'redis unavailable: limits and lock states fall back to this process until it is back',
      );
    },
    ok() {
      if (downSince === undefined) return;
      log.info({ downMs: Date.now() - downSince, fallbacks }, 'redis reachable again: shared limits restored');
      downSince = undefined;
    },
    get down() {
      return downSince !== undefined;
    },
    get fallbacks() {
      return fallbacks;
    },
  };
}

/** Runs `shared` (Redis); on failure reports it and runs `local` (this process's memory) instead. */
export async function withFallback<T>(
  health: RedisHealth,
  shared: () => Promise<T>,
  local: () => Promise<T>,
): Promise<T> {
  let value: T;
  try {
    value = await shared();
  } catch (err) {
    health.failed(err);
    return local();
  }
  health.ok();
  return value;
}
