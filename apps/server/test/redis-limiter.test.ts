import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisHealth } from '../src/lib/redis-health.ts';
import { createRedisLockStates } from '../src/lib/redis-lock-states.ts';
import { createRedisWindowLimiter } from '../src/lib/redis-limiter.ts';
import { createMemoryLockStates, createMemoryWindowLimiter, type WindowLimiter } from '../src/lib/window-limiter.ts';

/**
 * The shared limiter and lock states on a real Redis, as two processes see them (two clients): counts and
 * lock transitions are shared and match the in-memory ones; Redis loss falls back to memory with one warning.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const available = await redisReachable();
const prefix = `seatest${randomBytes(4).toString('hex')}:`;
const clients: Redis[] = [];
const logs: string[] = [];
const log = {
  warn: (_o: object, m: string) => void logs.push(`warn ${m}`),
  info: (_o: object, m: string) => void logs.push(`info ${m}`),
};

/** What one process builds from its own Redis connection. */
async function processState() {
  const redis = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  clients.push(redis);
  await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  const health = createRedisHealth(log);
  const limiter: WindowLimiter = createRedisWindowLimiter({
    redis,
    prefix,
    fallback: createMemoryWindowLimiter(),
    health,
  });
  const locks = createRedisLockStates({ redis, prefix, fallback: createMemoryLockStates(), health });
  return { redis, health, limiter, locks };
}

afterAll(async () => {
  if (clients[0]) {
    const keys = await clients[0].keys(`${prefix}*`).catch(() => []);
    if (keys.length) await clients[0].del(...keys);
  }
  for (const c of clients) c.disconnect();
});

describe.skipIf(!available)('shared limiter and lock states in Redis', () => {
  it('two processes count one window: SMS, transaction-password and login limits hold across them', async () => {
    const [a, b] = [await processState(), await processState()];
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) results.push((await (i % 2 ? b : a).limiter.hit('sms:ip:1.2.3.4', 4, 60_000)).allowed);
    expect(results).toEqual([true, true, true, true, false, false]);
    expect(await a.limiter.count('sms:ip:1.2.3.4', 60_000)).toBe(6);
    const refused = await b.limiter.hit('sms:ip:1.2.3.4', 4, 60_000);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another window length is another counter.
    expect(await a.limiter.count('sms:ip:1.2.3.4', 3_600_000)).toBe(0);
  });

  it('lock states of unknown accounts move like the in-memory ones, whichever process sees the failure', async () => {
    const [a, b] = [await processState(), await processState()];
    const memory = createMemoryLockStates();
    const rules = { failuresBeforeLock: 3, firstLockMinutes: 5, maxLockMinutes: 60 };
    const now = 1_800_000_000_000;
    for (let i = 0; i < 10; i++) {
      const shared = await (i % 2 ? b : a).locks.fail('login:1:ghost', rules, now + i);
      expect(shared).toEqual(await memory.fail('login:1:ghost', rules, now + i));
      expect(await a.locks.get('login:1:ghost')).toEqual(await memory.get('login:1:ghost'));
    }
    // Three locks so far: 5, 10, 20 minutes; the level is shared.
    expect((await b.locks.get('login:1:ghost')).lockLevel).toBe(3);
  });

  it('Redis loss: answers from memory, one warning, and back to shared when it returns', async () => {
    const a = await processState();
    logs.length = 0;
    const ended = new Promise((r) => a.redis.once('end', r));
    a.redis.disconnect(); // no reconnect yet: a stretch without Redis
    await ended;
    for (let i = 0; i < 5; i++) expect((await a.limiter.hit('login:ip:9.9.9.9', 3, 60_000)).allowed).toBe(i < 3);
    expect(
      (await a.locks.fail('admin-login:x', { failuresBeforeLock: 3, firstLockMinutes: 5, maxLockMinutes: 60 }, 1))
        .count,
    ).toBe(1);
    expect(logs.filter((l) => l.startsWith('warn'))).toHaveLength(1);
    expect(a.health.down).toBe(true);
    expect(a.health.fallbacks).toBeGreaterThanOrEqual(6);
    await a.redis.connect();
    await new Promise((r) => setTimeout(r, 50));
    expect((await a.limiter.hit('login:ip:9.9.9.9', 3, 60_000)).allowed).toBe(true); // Redis's own count: 1
    expect(a.health.down).toBe(false);
    expect(logs.filter((l) => l.startsWith('info'))).toHaveLength(1);
  });
});
