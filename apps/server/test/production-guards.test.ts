import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE, buildApp, loggerOptions } from '../src/app.ts';
import { ConfigError } from '../src/config/config.ts';
import { formatLogLine, requestLogLevel } from '../src/lib/log-format.ts';
import { bearer, newPlayer } from './helpers/players.ts';
import { createTestDatabase } from './helpers/test-db.ts';
import { buildTestApp, testHasher, type TestApp } from './helpers/test-app.ts';

const base = { TRUST_PROXY: true, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined } as const;

describe('NODE_ENV=production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await buildTestApp({ config: { ...base, SEED_DEMO: true, NODE_ENV: 'production' } });
  });
  afterAll(() => prod.close());

  it('serves neither the dev outbox nor the sandbox payment gateway', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    const pay = await prod.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/Dabcdefgh12' });
    expect(pay.statusCode).toBe(404);
    expect(pay.json().code).toBe('not_found'); // no such route at all, not the sandbox's own "order not found" page
    const demo = (await prod.app.modules.merchants.findByCode('demo'))!;
    const p = await newPlayer(prod, demo);
    const methods = (
      await prod.app.inject({ method: 'GET', url: '/wps/deposit/methods', headers: bearer(p.token) })
    ).json().value.methods as { code: string }[];
    expect(methods.map((m) => m.code)).toEqual(['BANK']);
    const order = await prod.app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: bearer(p.token),
      payload: { methodCode: 'SANDBOX', amount: '100', requestId: 'prod-sandbox-1' },
    });
    expect(order.json().success).toBe(false);
    const callback = await prod.app.inject({
      method: 'POST',
      url: '/wps/deposit/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(callback.json().success).toBe(false);
  });

  it('refuses to start on a database where a merchant has an enabled sandbox method, saying why', async () => {
    const database = await createTestDatabase();
    try {
      // The development start seeds the demo's sandbox method…
      const dev = await buildApp({ config: { ...base, SEED_DEMO: true }, logger: false, hasher: testHasher, database });
      await dev.close();
      // …which a production start refuses.
      const start = buildApp({
        config: { ...base, SEED_DEMO: false, NODE_ENV: 'production' },
        logger: false,
        hasher: testHasher,
        database,
      });
      await expect(start).rejects.toBeInstanceOf(ConfigError);
      await expect(start).rejects.toThrow(
        /NODE_ENV=production: merchant #\d+ method SANDBOX .*sandbox payment gateway/,
      );
    } finally {
      await database.destroy();
    }
  });
});

describe('in development (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps the dev outbox and the sandbox gateway', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    const pay = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/Dabcdefgh12' });
    expect(pay.headers['content-type']).toMatch(/text\/html/);
    expect(pay.body).toContain('Order not found');
  });

  it('sends Cache-Control: no-store on every answer given for a session, and not on public ones', async () => {
    const demo = (await t.app.modules.merchants.findByCode('demo'))!;
    const p = await newPlayer(t, demo, { fund: 1000n });
    for (const url of [
      '/wps/member/info',
      '/wps/v2/wallets/balance',
      '/wps/member/transactions',
      '/wps/deposit/list',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(p.token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refused or expired token too (the answer still depends on it).
    const refused = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer('x'.repeat(43)) });
    expect(refused.headers['cache-control']).toBe('no-store');
    const pub = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(pub.headers['cache-control']).toBeUndefined();
  });

  it('writes the first admin’s one-time password to an owner-only file, removed once the password is changed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sea-otp-'));
    const app = await buildTestApp({ config: { ...base, SEED_DEMO: true, DATA_DIR: dataDir } });
    try {
      const printed: string[] = [];
      const demo = (await app.app.modules.merchants.findByCode('demo'))!;
      const { bootstrapFirstAdmin } = await import('../src/modules/admin/admin-bootstrap.ts');
      const file = join(dataDir, ADMIN_PASSWORD_FILE);
      expect(
        await bootstrapFirstAdmin(
          { merchants: app.app.modules.merchants, admin: app.app.modules.admin, log: app.app.log, passwordFile: file },
          demo.code,
          (l) => printed.push(l),
        ),
      ).toBe(true);
      expect(printed[0]).toContain(`also in ${file}`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = /one-time password: (\S+)/.exec(readFileSync(file, 'utf8'))![1]!;
      expect(printed[0]).toContain(password);

      const login = await app.app.inject({
        method: 'POST',
        url: '/admin/api/session/login',
        headers: { merchant: 'demo' },
        payload: { username: 'admin', password },
      });
      const token = login.json().value.token as string;
      const change = await app.app.inject({
        method: 'POST',
        url: '/admin/api/session/password',
        headers: bearer(token),
        payload: { oldPassword: password, newPassword: 'a much better passphrase 42' },
      });
      expect(change.json().success, change.body).toBe(true);
      expect(existsSync(file)).toBe(false);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('through the face: bootstrap writes the file in DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sea-otp-'));
    const app = await buildTestApp({ config: { ...base, SEED_DEMO: true, DATA_DIR: dataDir } });
    try {
      await app.app.modules.admin.bootstrap(app.app.modules.merchants, 'demo', app.app.log);
      expect(statSync(join(dataDir, ADMIN_PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('logs', () => {
  it('are readable lines in development and JSON in production', () => {
    const dev = loggerOptions({ ...base, LOG_LEVEL: 'info' }) as { stream?: unknown };
    expect(dev.stream).toBeInstanceOf(Writable);
    const prod = loggerOptions({ ...base, LOG_LEVEL: 'info', NODE_ENV: 'production' }) as { stream?: unknown };
    expect(prod.stream).toBeUndefined();
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 1, 10, 0, 0),
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        msg: 'GET /wps/member/info',
        status: 200,
        ms: 3,
      }),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/wps\/member\/info status=200 ms=3$/);
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('write request lines for health probes and static files at debug only', async () => {
    expect(requestLogLevel('/healthz')).toBe('debug');
    expect(requestLogLevel('/assets/App-abc123.js')).toBe('debug');
    expect(requestLogLevel('/favicon.ico')).toBe('debug');
    expect(requestLogLevel('/wps/member/info?x=1')).toBe('info');
    expect(requestLogLevel('/member/withdraw')).toBe('info');

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildTestApp({ logger: { level: 'info', stream } });
    try {
      await app.app.inject({ method: 'GET', url: '/healthz' });
      await app.app.inject({ method: 'GET', url: '/wps/system/status' });
      const msgs = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
      expect(msgs.filter((m) => m.includes('/healthz'))).toEqual([]);
      expect(msgs.filter((m) => m.includes('/wps/system/status'))).toEqual(['GET /wps/system/status']);
    } finally {
      await app.close();
    }
  });
});
