import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMember, solvedCaptcha } from './helpers/factories.ts';
import { type ServerProcess, startServerProcess, waitForReady } from './helpers/server-process.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Two server processes on one PostgreSQL and one Redis: login limits, the lock state of unknown accounts and
 * merchant flag changes are shared, so alternating between processes gains nothing and tells nothing.
 */
const DATABASE_URL = process.env.DATABASE_URL;
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

const available = Boolean(DATABASE_URL) && (await redisReachable());

describe.skipIf(!available)('two processes sharing Redis', () => {
  const prefix = `seatest${randomBytes(4).toString('hex')}:`;
  let t: TestApp;
  let redis: Redis;
  let demo: Merchant;
  const procs: ServerProcess[] = [];
  let ipSeq = 0;
  const freshIp = () => `10.99.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    t = await buildTestApp({ redis, config: testConfig(prefix) });
    demo = (await t.app.modules.merchants.findByCode('demo'))!;
    for (let i = 0; i < 2; i++)
      procs.push(
        startServerProcess({
          DATABASE_URL: t.database.url!,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          TRUST_PROXY: 'true',
          SEED_DEMO: 'true',
        }),
      );
    await Promise.all(procs.map((p) => waitForReady(p)));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await t?.close();
  });

  const login = (n: number, body: Record<string, unknown>, ip: string) =>
    fetch(`${procs[n % 2]!.url}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  it('one IP gets 20 login tries a minute across both processes, not 20 each', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++)
      statuses.push((await login(i, { username: `nobody${i}x${ipSeq}`, password: 'wrong password' }, ip)).status);
    expect(statuses.slice(0, 20).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429, 429]);
  });

  it('a known and an unknown account answer alike when requests alternate between processes', async () => {
    const known = await createMember(t.app.modules, demo);
    const unknown = `ghost${randomBytes(3).toString('hex')}`;
    const script = [false, false, true, true, true];
    const answers = async (username: string) => {
      const out: string[] = [];
      for (const [i, withCaptcha] of script.entries()) {
        const captcha = withCaptcha ? await solvedCaptcha(t.database.all, demo.id) : {};
        const res = await login(i, { username, password: 'not the password', ...captcha }, freshIp());
        const body = (await res.json()) as { code: string; value: unknown };
        out.push(`${res.status} ${body.code} ${JSON.stringify(body.value)}`);
      }
      return out;
    };
    const knownAnswers = await answers(known.account);
    const unknownAnswers = await answers(unknown);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers[3]).toMatch(/^429 too_many_requests/);
  });

  it('a flag change reaches every process at once (published), not after the cache TTL', async () => {
    const flag = async (n: number) =>
      ((await (await fetch(`${procs[n]!.url}/wps/system/whitelabel`)).json()) as { value: { VIP3: boolean } }).value
        .VIP3;
    const before = await flag(0);
    expect(await flag(1)).toBe(before);
    await t.app.modules.merchants.setFlag(demo.id, 'VIP3', !before);
    await new Promise((r) => setTimeout(r, 150));
    expect([await flag(0), await flag(1)]).toEqual([!before, !before]);
    await t.app.modules.merchants.setFlag(demo.id, 'VIP3', before);
  });

  it("staff's content edit on one process drops every process's cached content at once, not after the TTL", async () => {
    const marquee = async (n: number) =>
      (
        (await (await fetch(`${procs[n]!.url}/wps/relay/MCSFE_notices?types=B&platform=W`)).json()) as {
          value: { list: { id: string; content: string }[] };
        }
      ).value.list.map((x) => x.content);
    // both processes read (and cache) the marquee first
    const before = [await marquee(0), await marquee(1)];
    expect(before[1]).toEqual(before[0]);
    const admin = await createTestAdmin(t, { merchantCode: demo.code });
    const text = `Cross-process notice ${randomBytes(3).toString('hex')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/content/notices',
      headers: { authorization: `Bearer ${admin.token}`, merchant: demo.code },
      payload: { type: 'B', texts: { en: { title: 'Marquee', content: text } }, sort: 0, published: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((r) => setTimeout(r, 150)); // far below the 5 s cache TTL
    const after = [await marquee(0), await marquee(1)];
    expect(after[0]).toContain(text);
    expect(after[1]).toContain(text);
    const id = res.json().value.id as string;
    await t.app.inject({
      method: 'DELETE',
      url: `/admin/api/content/notices/${id}`,
      headers: { authorization: `Bearer ${admin.token}`, merchant: demo.code },
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(await marquee(1)).not.toContain(text);
  });
});

function testConfig(prefix: string) {
  return {
    TRUST_PROXY: true,
    DEFAULT_MERCHANT: 'demo',
    LOG_LEVEL: 'silent' as const,
    WEB_DIST: undefined,
    SEED_DEMO: true,
    REDIS_PREFIX: prefix,
  };
}
