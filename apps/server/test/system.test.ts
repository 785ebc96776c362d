import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../src/http/route.ts';
import { createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demoId: bigint;

const US_V4 = '8.8.8.8';
const VN_V4 = '14.160.0.1';
const US_V6 = '2001:4860:4860::8888';
const VN_V6 = '2402:800::1';

beforeAll(async () => {
  t = await buildTestApp({
    // A gated route, standing in for every non-system route the modules add.
    register: (app) =>
      defineRoute(
        app,
        {
          method: 'GET',
          url: '/wps/test/gated',
          summary: 'test',
          tags: ['test'],
          response: z.object({ ok: z.boolean() }),
        },
        () => ({
          ok: true,
        }),
      ),
  });
  const demo = await t.app.modules.merchants.findByCode('demo');
  demoId = demo!.id;
});
afterAll(() => t.close());

async function status(ip: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/system/status?host=localhost',
    headers: { 'x-forwarded-for': ip, ...headers },
  });
  return { http: res.statusCode, body: res.json() };
}

describe('GET /wps/system/status', () => {
  it('answers 0 with merchant details in the envelope', async () => {
    const { http, body } = await status(VN_V4);
    expect(http).toBe(200);
    expect(body).toMatchObject({ success: true, code: 'ok', message: 'OK' });
    expect(body.value).toMatchObject({
      status: 0,
      merchantCode: 'demo',
      currency: 'PHP',
      currencyExponent: 2,
      ip: VN_V4,
      country: 'VN',
      maintenance: null,
      timezone: 'Asia/Manila',
      utcOffsetMinutes: 480, // no daylight saving: the site formats its dates without Intl
    });
  });

  it('blocks by IPv4 and IPv6 with a block list, and lets other countries in', async () => {
    await t.app.modules.merchants.updateSettings(demoId, { regionMode: 'block', regionCountries: ['US'] });
    try {
      expect((await status(US_V4)).body.value).toMatchObject({ status: 2, ip: US_V4, country: 'US' });
      expect((await status(US_V6)).body.value).toMatchObject({ status: 2, ip: US_V6, country: 'US' });
      expect((await status(VN_V4)).body.value.status).toBe(0);
      expect((await status(VN_V6)).body.value.status).toBe(0);
    } finally {
      await t.app.modules.merchants.updateSettings(demoId, { regionMode: 'off', regionCountries: [] });
    }
  });

  it('with an allow list, blocks every country not on it but not unknown (private) addresses', async () => {
    await t.app.modules.merchants.updateSettings(demoId, { regionMode: 'allow', regionCountries: ['VN', 'PH'] });
    try {
      expect((await status(VN_V6)).body.value.status).toBe(0);
      expect((await status(US_V4)).body.value.status).toBe(2);
      expect((await status('10.1.2.3')).body.value).toMatchObject({ status: 0, country: null });
    } finally {
      await t.app.modules.merchants.updateSettings(demoId, { regionMode: 'off', regionCountries: [] });
    }
  });

  it('maintenance wins over region restriction', async () => {
    await t.app.modules.merchants.updateSettings(demoId, {
      maintenance: true,
      maintenanceMessage: 'Upgrading',
      regionMode: 'block',
      regionCountries: ['US'],
    });
    try {
      const { body } = await status(US_V4);
      expect(body.value.status).toBe(1);
      expect(body.value.maintenance).toEqual({ message: 'Upgrading', endsAt: null });
    } finally {
      await t.app.modules.merchants.updateSettings(demoId, {
        maintenance: false,
        regionMode: 'off',
        regionCountries: [],
      });
    }
  });

  it('unwraps IPv4-mapped IPv6 addresses', async () => {
    expect((await status(`::ffff:${VN_V4}`)).body.value).toMatchObject({ ip: VN_V4, country: 'VN' });
  });
});

describe('gate on other routes', () => {
  it('refuses with system_maintenance (503) during maintenance and region_restricted (403) when blocked', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/wps/test/gated', headers: { 'x-forwarded-for': US_V4 } });
    expect((await get()).json()).toMatchObject({ success: true, value: { ok: true } });
    await t.app.modules.merchants.updateSettings(demoId, { regionMode: 'block', regionCountries: ['US'] });
    const blocked = await get();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ success: false, code: 'region_restricted', value: { ip: US_V4 } });
    await t.app.modules.merchants.updateSettings(demoId, { maintenance: true });
    const maint = await get();
    expect(maint.statusCode).toBe(503);
    expect(maint.json().code).toBe('system_maintenance');
    await t.app.modules.merchants.updateSettings(demoId, {
      maintenance: false,
      regionMode: 'off',
      regionCountries: [],
    });
    expect((await get()).statusCode).toBe(200);
  });
});

describe('merchant selection', () => {
  it('an unknown Merchant header is a clear error, not a fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'nosuch' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      value: null,
      message: 'Unknown merchant "nosuch".',
      code: 'merchant_not_found',
    });
  });

  it('a malformed Merchant header is refused the same way', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: "x' or 1=1 --" } });
    expect(res.json().code).toBe('merchant_not_found');
  });

  it('selects by header, else by host via domain routes, else the default merchant', async () => {
    const other = await createMerchant(t.database.all, { name: 'Other Site', domains: ['other.example'] });
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: other.code.toUpperCase() },
    });
    expect(byHeader.json().value.merchantName).toBe('Other Site');
    const byHost = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { host: 'Other.Example:8443' },
    });
    expect(byHost.json().value.merchantName).toBe('Other Site');
    const byDefault = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { host: 'unknown.example' },
    });
    expect(byDefault.json().value.merchantCode).toBe('demo');
  });

  it('a disabled merchant is refused', async () => {
    const off = await createMerchant(t.database.all, { status: 'disabled' });
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: off.code } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('merchant_disabled');
  });
});

describe('GET /wps/system/whitelabel', () => {
  it('returns defaults, and flags are stored per merchant', async () => {
    const a = await createMerchant(t.database.all);
    const b = await createMerchant(t.database.all);
    await t.app.modules.merchants.setFlag(a.id, 'FREEPLAY3', false);
    await t.app.modules.merchants.setFlag(b.id, 'REGMOBVERF3', true);
    const fa = (
      await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: a.code } })
    ).json().value;
    const fb = (
      await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: b.code } })
    ).json().value;
    expect(fa).toMatchObject({ FREEPLAY3: false, REGMOBVERF3: false, USERNAMEREG3: true });
    expect(fb).toMatchObject({ FREEPLAY3: true, REGMOBVERF3: true, USERNAMEREG3: true });
    expect(Object.keys(fa).sort()).toEqual(Object.keys(fb).sort());
  });
});

describe('other system endpoints', () => {
  it('domainRoute lists the merchant domains, primary first', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/wps/system/domainRoute' })).json();
    expect(body.value[0]).toEqual({ domain: 'localhost', kind: 'web', primary: true });
  });

  it('helpCenter groups articles by category in the asked language, falling back to the default', async () => {
    const ty = (await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=ty&device=WEB' })).json().value;
    expect(ty[0].title).toBe('Về chúng tôi');
    expect(ty[0].articles.map((a: { tag: string }) => a.tag)).toContain('aboutUs');
    // Tagalog has every article English has, under the same tags.
    const en = (await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=en&device=WEB' })).json().value;
    const tl = (await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=tl&device=WEB' })).json().value;
    expect(tl[0].title).toBe('Tungkol sa amin');
    const tags = (groups: { articles: { tag: string }[] }[]) =>
      groups.flatMap((g) => g.articles.map((x) => x.tag)).sort();
    expect(tags(tl)).toEqual(tags(en));
    const xx = (await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=zz' })).json().value;
    expect(xx[0].title).toBe('About us');
  });

  it('location reports ip and country', async () => {
    const body = (
      await t.app.inject({ method: 'GET', url: '/wps/system/location', headers: { 'x-forwarded-for': VN_V6 } })
    ).json();
    expect(body.value).toEqual({ ip: VN_V6, country: 'VN' });
  });

  it('site lists resources and payment methods', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/wps/system/site' })).json();
    expect(body.value.paymentMethods).toContain('GCASH');
    expect(body.value.resources.find((r: { key: string }) => r.key === 'TELEGRAM')).toBeTruthy();
  });
});

describe('envelope on errors', () => {
  it('404 for an unknown API path is enveloped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not_found', value: null });
  });

  it('validation errors list the fields and never leak a stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?device=TV&lang=x' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.value.in).toBe('querystring');
    expect(body.value.fields.map((f: { field: string }) => f.field).sort()).toEqual(['device', 'lang']);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('malformed JSON is a 400 bad_request, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/system/status',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
  });

  it('an unexpected error is a 500 internal_error with no details', async () => {
    const app = await buildTestApp({
      register: (a) =>
        defineRoute(
          a,
          { method: 'GET', url: '/wps/test/boom', summary: 'boom', tags: ['test'], response: z.object({}) },
          () => {
            throw new Error('secret database detail');
          },
        ),
    });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/wps/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        value: null,
        message: 'Something went wrong. Please try again.',
        code: 'internal_error',
      });
    } finally {
      await app.close();
    }
  });
});

describe('infrastructure endpoints', () => {
  it('healthz and readyz answer, OpenAPI is served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ok',
      checks: { database: 'ok' },
    });
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/wps/system/whitelabel', '/wps/system/helpCenter']),
    );
  });
});
