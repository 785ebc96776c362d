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
  it('reports Redis down (503) when it cannot be reached', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const t = await buildTestApp({ redis });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'down', checks: { database: 'ok', redis: 'down' } });
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
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok' },
      });
    } finally {
      redis.disconnect();
      await t.close();
    }
  });
});
