import type { Redis } from 'ioredis';
import { type RedisHealth, withFallback } from './redis-health.ts';
import type { LockStateStore } from './window-limiter.ts';

/** A ghost's state outlives its longest lock by far; a day without failures forgets it. */
const STATE_TTL_MS = 24 * 3_600_000;

/**
 * KEYS[1] = hash {failures, level, until}; ARGV = failuresBeforeLock, firstLockMinutes, maxLockMinutes, now, ttl.
 * The same transitions as a stored account, in one atomic step (two processes never lose a failure).
 */
const FAIL_SCRIPT = `
local failures = tonumber(redis.call('hget', KEYS[1], 'failures') or '0') + 1
local level = tonumber(redis.call('hget', KEYS[1], 'level') or '0')
local locked = 0
if failures >= tonumber(ARGV[1]) then
  local minutes = math.min(tonumber(ARGV[2]) * (2 ^ level), tonumber(ARGV[3]))
  redis.call('hset', KEYS[1], 'failures', 0, 'level', level + 1, 'until', tonumber(ARGV[4]) + minutes * 60000)
  locked = 1
else
  redis.call('hset', KEYS[1], 'failures', failures)
end
redis.call('pexpire', KEYS[1], ARGV[5])
return {failures, locked}
`;

/** Lock states of unknown accounts in Redis, shared by every process; this process's memory while it is down. */
export function createRedisLockStates(opts: {
  redis: Redis;
  prefix: string;
  fallback: LockStateStore;
  health: RedisHealth;
}): LockStateStore {
  const key = (k: string) => `${opts.prefix}lock:${k}`;
  const ready = () => {
    if (opts.redis.status !== 'ready') throw new Error(`redis is ${opts.redis.status}`);
  };
  return {
    get: (k) =>
      withFallback(
        opts.health,
        async () => {
          ready();
          const [failures, level, until] = await opts.redis.hmget(key(k), 'failures', 'level', 'until');
          return { failures: Number(failures ?? 0), lockLevel: Number(level ?? 0), lockedUntil: Number(until ?? 0) };
        },
        () => opts.fallback.get(k),
      ),
    fail: (k, rules, now) =>
      withFallback(
        opts.health,
        async () => {
          ready();
          const [count, locked] = (await opts.redis.eval(
            FAIL_SCRIPT,
            1,
            key(k),
            rules.failuresBeforeLock,
            rules.firstLockMinutes,
            rules.maxLockMinutes,
            now,
            STATE_TTL_MS,
          )) as [number, number];
          return { count: Number(count), locked: locked === 1 };
        },
        () => opts.fallback.fail(k, rules, now),
      ),
  };
}
