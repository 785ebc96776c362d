import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /wps/system/setting/register', () => {
  it('lists the enabled fields with their rules; disabled fields are absent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.username).toEqual({
      enabled: true,
      required: true,
      minLength: 4,
      maxLength: 16,
      patternId: 2,
      acceptedPattern: '*',
    });
    expect(value.password).toMatchObject({ minLength: 8, maxLength: 64, patternId: 1 });
    expect(value.qqNum).toBeUndefined();
  });

  it('is configured per merchant', async () => {
    const m = await createMerchant(t.database.all);
    await t.app.modules.registration.setRule(m.id, 'qqNum', {
      enabled: true,
      required: true,
      minLength: 5,
      maxLength: 12,
      patternId: 7,
      acceptedPattern: '*',
    });
    await t.app.modules.registration.setRule(m.id, 'email', {
      enabled: false,
      required: false,
      minLength: 5,
      maxLength: 100,
      patternId: 4,
      acceptedPattern: '*',
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/wps/system/setting/register', headers: { merchant: m.code } })
    ).json().value;
    expect(mine.qqNum).toMatchObject({ enabled: true, required: true, patternId: 7 });
    expect(mine.email).toBeUndefined();
    const demo = (await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value;
    expect(demo.qqNum).toBeUndefined();
    expect(demo.email).toBeDefined();
  });

  it('the database refuses an impossible rule', async () => {
    const m = await createMerchant(t.database.all);
    await expect(
      t.app.modules.registration.setRule(m.id, 'line', {
        enabled: true,
        required: false,
        minLength: 9,
        maxLength: 3,
        patternId: 1,
        acceptedPattern: '*',
      }),
    ).rejects.toThrow();
  });
});

describe('GET /wps/system/country', () => {
  it('lists country dialing codes', async () => {
    const value = (await t.app.inject({ method: 'GET', url: '/wps/system/country' })).json().value;
    expect(value).toContainEqual({ countryCode: 'VN', countryDialingCode: '84' });
    expect(value[0].countryCode).toBe('PH');
  });
});
