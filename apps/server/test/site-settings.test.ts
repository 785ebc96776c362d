import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** The back office's site settings: maintenance, region rule, flags and registration fields, audited, applied at once. */

let t: TestApp;
let owner: TestAdmin;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createTestAdmin(t);
});
afterAll(() => t.close());

const as = (a: TestAdmin, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${a.token}`, merchant: a.merchantCode },
    ...(payload && { payload }),
  });
const status = () => t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'demo' } });

describe('site settings', () => {
  it('reads everything an operator sets: flags with defaults, registration fields, domains', async () => {
    const s = (await as(owner, 'GET', '/admin/api/site-settings')).json().value;
    expect(s.merchant).toMatchObject({ code: 'demo', currency: 'PHP' });
    expect(s.flags.find((f: { flag: string }) => f.flag === 'FREEPLAY3')).toMatchObject({ default: true });
    expect(s.registration.map((r: { field: string }) => r.field)).toContain('username');
    const auditor = await createTestAdmin(t, { role: 'auditor' });
    expect((await as(auditor, 'GET', '/admin/api/site-settings')).statusCode).toBe(200);
    expect((await as(auditor, 'PATCH', '/admin/api/site-settings', { maintenance: true })).json().code).toBe(
      'admin_forbidden',
    );
  });

  it('maintenance turns on and off at once for the site, with the message; each change audited', async () => {
    const on = await as(owner, 'PATCH', '/admin/api/site-settings', {
      maintenance: true,
      maintenanceMessage: 'Back at 10:00',
      maintenanceEndsAt: '2026-12-01T10:00:00+07:00',
    });
    expect(on.json().value).toMatchObject({ maintenance: true, maintenanceEndsAt: '2026-12-01T03:00:00.000Z' });
    try {
      expect((await status()).json().value).toMatchObject({ status: 1, maintenance: { message: 'Back at 10:00' } });
    } finally {
      await as(owner, 'PATCH', '/admin/api/site-settings', { maintenance: false });
    }
    expect((await status()).json().value.status).toBe(0);
    const audit = (await as(owner, 'GET', '/admin/api/audit?action=site.settings')).json().value;
    expect(audit.items).toHaveLength(2);
    expect(audit.items[1]).toMatchObject({ targetId: 'demo', detail: { maintenance: true } });
  });

  it('refuses a region rule without countries, unknown fields and empty changes', async () => {
    const bad = await as(owner, 'PATCH', '/admin/api/site-settings', { regionMode: 'allow', regionCountries: [] });
    expect(bad.json().code).toBe('validation_failed');
    const noCountries = await as(owner, 'PATCH', '/admin/api/site-settings', { regionMode: 'block' });
    expect(noCountries.json()).toMatchObject({
      code: 'validation_failed',
      value: { fields: [{ field: 'regionCountries' }] },
    });
    expect((await as(owner, 'PATCH', '/admin/api/site-settings', {})).statusCode).toBe(400);
    expect((await as(owner, 'PATCH', '/admin/api/site-settings', { regionCountries: ['USA'] })).statusCode).toBe(400);
    const ok = await as(owner, 'PATCH', '/admin/api/site-settings', {
      regionMode: 'block',
      regionCountries: ['us', 'US'],
    });
    expect(ok.json().value).toMatchObject({ regionMode: 'block', regionCountries: ['US'] });
    await as(owner, 'PATCH', '/admin/api/site-settings', { regionMode: 'off', regionCountries: [] });
  });

  it('a feature flag and a registration field change what the site offers', async () => {
    const off = await as(owner, 'PUT', '/admin/api/site-settings/flags/FREEPLAY3', { enabled: false });
    expect(off.json().value.flags.find((f: { flag: string }) => f.flag === 'FREEPLAY3').enabled).toBe(false);
    const wl = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'demo' } });
    expect(JSON.stringify(wl.json().value)).toMatch(/FREEPLAY3/);
    expect(
      await t.app.modules.merchants.isEnabled((await t.app.modules.merchants.findByCode('demo'))!.id, 'FREEPLAY3'),
    ).toBe(false);
    await as(owner, 'PUT', '/admin/api/site-settings/flags/FREEPLAY3', { enabled: true });
    expect((await as(owner, 'PUT', '/admin/api/site-settings/flags/NOPE3', { enabled: true })).statusCode).toBe(400);

    const rule = { enabled: true, required: true, minLength: 2, maxLength: 20, patternId: 1, acceptedPattern: '*' };
    const set = await as(owner, 'PUT', '/admin/api/site-settings/registration/payeeName', rule);
    expect(set.statusCode, set.body).toBe(200);
    const form = await t.app.inject({
      method: 'GET',
      url: '/wps/system/setting/register',
      headers: { merchant: 'demo' },
    });
    expect(JSON.stringify(form.json().value)).toContain('payeeName');
    const badRegex = await as(owner, 'PUT', '/admin/api/site-settings/registration/payeeName', {
      ...rule,
      acceptedPattern: '([a-z',
    });
    expect(badRegex.json()).toMatchObject({
      code: 'validation_failed',
      value: { fields: [{ field: 'acceptedPattern' }] },
    });
    const inverted = await as(owner, 'PUT', '/admin/api/site-settings/registration/payeeName', {
      ...rule,
      minLength: 30,
    });
    expect(inverted.statusCode).toBe(400);
  });

  it('changes only the staff member’s own merchant', async () => {
    const m = await createMerchant(t.database.all);
    const other = await createTestAdmin(t, { merchantCode: m.code });
    await as(other, 'PATCH', '/admin/api/site-settings', { maintenance: true });
    expect((await status()).json().value.status).toBe(0);
    expect((await as(other, 'GET', '/admin/api/site-settings')).json().value.maintenance).toBe(true);
  });
});
