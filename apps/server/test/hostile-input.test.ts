import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, multipart, newPlayer, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await buildTestApp();
  const demo = (await t.app.modules.merchants.findByCode('demo'))!;
  token = (await newPlayer(t, demo)).token;
});
afterAll(() => t.close());

/** A raw HTTP request on a listening server: the path is sent as it is (no normalisation). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('control characters are refused by every route (400, never 500)', () => {
  it.each([
    ['member login', '/wps/session/login', { username: 'abc\u0000def', password: 'password 1' }],
    ['admin login', '/admin/api/session/login', { username: 'adm\u0000', password: 'password 1' }],
    ['e-mail reset', '/wps/member/password/email', { username: 'x\u0000y', email: 'a@b.co' }],
    ['bell in a password', '/wps/session/login', { username: 'someone', password: 'pass\u0007word' }],
    ['a NUL in a key', '/wps/session/login', { username: 'someone', password: 'password', 'k\u0000': 1 }],
  ])('%s', async (_name, url, payload) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    expect(res.json().value.fields[0].reason).toBe('control_character');
  });

  it('in the query string and in an authenticated body', async () => {
    const q = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?affiliateCode=%00' });
    expect(q.statusCode).toBe(400);
    expect(q.json().code).toBe('validation_failed');
    const body = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: bearer(token),
      payload: { methodCode: 'GCASH\u0000', amount: '100' },
    });
    expect(body.statusCode).toBe(400);
  });

  it('tab and newline pass the check (the field rules decide)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'nobody', password: 'a\tb\nc\r1234' },
    });
    expect(res.json().code).not.toBe('validation_failed');
  });

  it('in multipart text fields', async () => {
    const m = multipart({ methodCode: 'BANK\u0001', amount: '100' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/manual',
      payload: m.payload,
      headers: { ...m.headers, ...bearer(token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields[0]).toMatchObject({ field: 'methodCode', reason: 'control_character' });
  });
});

describe('the inputs that once answered 500 (issue 26) answer a clear 400', () => {
  const TOO_BIG = '9'.repeat(32);
  const INT8_PAST = '9223372036854775808';
  let admin = '';
  let gameId = '';
  beforeAll(async () => {
    admin = (await createTestAdmin(t)).token;
    const games = await t.app.inject({ method: 'GET', url: '/admin/api/games?pageSize=1', headers: bearer(admin) });
    gameId = games.json().value.items[0].id;
  });
  const expect400 = (res: { statusCode: number; body: string }, field?: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body) as { code: string; value?: { fields?: { field: string }[] } };
    expect(body.code).toBe('validation_failed');
    if (field) expect(body.value?.fields?.[0]?.field).toBe(field);
  };

  it('a minimum bet past a bigint in the game list', async () => {
    for (const v of [TOO_BIG, INT8_PAST])
      expect400(await t.app.inject({ method: 'GET', url: `/lgw/games/list?minBet=${v}` }), 'minBet');
    const atLimit = await t.app.inject({ method: 'GET', url: '/lgw/games/list?minBet=9223372036854775807' });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().value.content).toEqual([]);
  });

  it('bet limits past a bigint in a game change; at the limit they are stored', async () => {
    for (const field of ['minBet', 'maxBet'])
      for (const v of [TOO_BIG, INT8_PAST])
        expect400(
          await t.app.inject({
            method: 'PATCH',
            url: `/admin/api/games/${gameId}`,
            headers: bearer(admin),
            payload: { [field]: v },
          }),
          field,
        );
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/games/${gameId}`,
      headers: bearer(admin),
      payload: { maxBet: '9223372036854775807' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.maxBet).toBe('9223372036854775807');
  });

  it('a lone surrogate in a text bound for the database', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/adjustments',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"requestId":"3f1e0f5e-4d55-4a53-9a44-6a4c2a7f0a11","memberId":"1","amount":"1","reason":"x\\ud800y"}',
    });
    expect400(res, 'reason');
    expect(res.json().value.fields[0].reason).toBe('lone_surrogate');
    // A low surrogate alone in a key, and a well-formed pair (an emoji) that passes the check.
    const key = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"someone","password":"password","\\udc00":1}',
    });
    expect400(key);
    const pair = await t.app.inject({ method: 'GET', url: `/lgw/games/list?gameName=${encodeURIComponent('🂡')}` });
    expect(pair.statusCode).toBe(200);
  });

  it.each([
    ['vendor', '/admin/api/games/vendors/DEMO'],
    ['category', '/admin/api/games/categories/RNG'],
    ['game', '/admin/api/games/:id'],
  ])('a %s change naming no known field', async (_what, url) => {
    for (const payload of [{}, { unknownField: 1 }])
      expect400(
        await t.app.inject({
          method: 'PATCH',
          url: url.replace(':id', gameId),
          headers: bearer(admin),
          payload,
        }),
      );
  });
});

describe('multipart framing and size', () => {
  it.each(['/wps/member/info/icon', '/wps/deposit/manual', '/wps/withdraw/requests/WDR-00000000/receipt'])(
    'a form without a boundary is a 400 on %s',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'xx',
        headers: { 'content-type': 'multipart/form-data', ...bearer(token) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad_request');
    },
  );

  it('a truncated form is a 400', async () => {
    const m = multipart({}, { field: 'file', content: await testImage('png') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      payload: m.payload.subarray(0, m.payload.length - 20),
      headers: { ...m.headers, ...bearer(token) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('an avatar announced over the limit is refused before the body is read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'xyz';
    const started = Date.now();
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/wps/member/info/icon',
          method: 'POST',
          headers: {
            ...bearer(token),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(20 * 1024 * 1024),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => undefined); // the server closes the connection while we still send
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        while (sent < 20 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`);
      pump();
      setTimeout(() => reject(new Error('no answer')), 10_000).unref();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('API documentation', () => {
  it('dot segments under /docs/static are a 404, never a file outside it', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of [
      '/docs/static/../../package.json',
      '/docs/static/%2e%2e/%2e%2e/package.json',
      '/docs/static/..%2f..%2fpackage.json',
      '/docs/static/.%2E/index.html',
    ]) {
      const res = await rawGet(port, path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('"dependencies"');
    }
    expect((await rawGet(port, '/docs/static/index.css')).status).toBe(200);
  });

  it('/docs shows the player API only; the whole document is for admins', async () => {
    const pub = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(pub.statusCode).toBe(200);
    const paths = Object.keys(pub.json().paths);
    expect(paths).toContain('/wps/session/login');
    expect(paths.filter((p) => p.startsWith('/admin/api/'))).toEqual([]);

    expect((await t.app.inject({ method: 'GET', url: '/admin/api/openapi' })).statusCode).toBe(401);
    const admin = await createTestAdmin(t);
    const full = await t.app.inject({ method: 'GET', url: '/admin/api/openapi', headers: bearer(admin.token) });
    expect(full.statusCode).toBe(200);
    expect(Object.keys(full.json().value.paths)).toContain('/admin/api/session/login');
  });

  it('is off in production unless API_DOCS=true', async () => {
    for (const [apiDocs, expected] of [
      [undefined, 404],
      [true, 200],
    ] as const) {
      const p = await buildTestApp({
        config: {
          TRUST_PROXY: true,
          DEFAULT_MERCHANT: 'demo',
          LOG_LEVEL: 'silent',
          WEB_DIST: undefined,
          SEED_DEMO: true,
          NODE_ENV: 'production',
          API_DOCS: apiDocs,
        },
      });
      try {
        expect((await p.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(expected);
        expect((await p.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(expected);
      } finally {
        await p.close();
      }
    }
  });
});

describe('Content-Security-Policy', () => {
  it('allows the site itself, the CDN and the merchant’s vendor origins only', async () => {
    const demo = (await t.app.modules.merchants.findByCode('demo'))!;
    const p = await buildTestApp({
      config: {
        TRUST_PROXY: true,
        DEFAULT_MERCHANT: 'demo',
        LOG_LEVEL: 'silent',
        WEB_DIST: undefined,
        SEED_DEMO: true,
        CDN_ORIGINS: ['https://cdn.example.net'],
      },
    });
    try {
      const [vendor] = await p.app.modules.games.listVendors(demo.id);
      await p.database.all
        .updateTable('vendors')
        .set({ launch_url: 'https://games.vendor.example/launch?x=1', icon_url: 'javascript:alert(1)' })
        .where('merchant_id', '=', demo.id)
        .where('code', '=', vendor!.code)
        .execute();
      const csp = (await p.app.inject({ method: 'GET', url: '/wps/system/status' })).headers[
        'content-security-policy'
      ] as string;
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('frame-src')).toBe("frame-src 'self' https://cdn.example.net https://games.vendor.example");
      expect(directive('img-src')).toBe(
        "img-src 'self' data: blob: https://cdn.example.net https://games.vendor.example",
      );
      expect(directive('connect-src')).toBe("connect-src 'self' https://cdn.example.net https://games.vendor.example");
      expect(csp).not.toMatch(/ https: ?;| wss?:/);
      expect(csp).not.toContain('javascript');
    } finally {
      await p.close();
    }
  });
});
