import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type RedisHealth, withFallback } from './redis-health.ts';
import type { WindowLimiter } from './window-limiter.ts';

/**
 * The window limiter shared by every process (REDIS_URL): rate-limiter-flexible's Redis store (one atomic Lua
 * INCR + expiry per hit) counts; the limit is compared here, so one store per window length serves every limit.
 * While Redis is unreachable the counts come from this process's memory (`fallback`).
 */
export function createRedisWindowLimiter(opts: {
  redis: Redis;
  prefix: string;
  fallback: WindowLimiter;
  health: RedisHealth;
}): WindowLimiter {
  const stores = new Map<number, RateLimiterRedis>();
  const storeFor = (windowMs: number) => {
    let store = stores.get(windowMs);
    if (!store) {
      store = new RateLimiterRedis({
        storeClient: opts.redis,
        keyPrefix: `${opts.prefix}win${windowMs}`,
        points: Number.MAX_SAFE_INTEGER,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
        rejectIfRedisNotReady: true,
      });
      stores.set(windowMs, store);
    }
    return store;
  };
  const asError = (err: unknown) => (err instanceof RateLimiterRes ? new Error('rate limiter refused') : err);

  return {
    hit: (key, limit, windowMs) =>
      withFallback(
        opts.health,
        async () => {
          const res = await storeFor(windowMs)
            .consume(key, 1)
            .catch((err: unknown) => {
              throw asError(err);
            });
          const allowed = res.consumedPoints <= limit;
          return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        },
        () => opts.fallback.hit(key, limit, windowMs),
      ),
    count: (key, windowMs) =>
      withFallback(
        opts.health,
        async () => (await storeFor(windowMs).get(key))?.consumedPoints ?? 0,
        () => opts.fallback.count(key, windowMs),
      ),
  };
}
