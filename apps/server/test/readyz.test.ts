import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
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

describe('/readyz with Redis', () => {
  it('stays ready when Redis cannot be reached: limits fall back to this process, one warning', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const lines: string[] = [];
    const t = await buildTestApp({
      redis,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });
      // The login limit still holds (in this process): 20 tries a minute, then 429.
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/wps/session/login',
              headers: { 'x-forwarded-for': '10.55.0.1' },
              payload: { username: `nobody${i}`, password: 'wrong password' },
            })
          ).statusCode,
        );
      expect(statuses.slice(0, 20)).not.toContain(429);
      expect(statuses.slice(20)).toEqual([429, 429]);
      expect(lines.filter((l) => l.includes('redis unavailable'))).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json().redisFallbacks).toBeGreaterThan(40);
    } finally {
      redis.disconnect();
      await t.close();
    }
  });

  it('reports Redis ok when it answers', async (ctx) => {
    if (!(await redisReachable())) ctx.skip();
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const t = await buildTestApp({ redis });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok' },
      });
    } finally {
      redis.disconnect();
      await t.close();
    }
  });
});
