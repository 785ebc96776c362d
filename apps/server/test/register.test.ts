import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { solvedCaptcha } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t.close());

let ip = 0;
const put = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: { 'x-forwarded-for': `10.20.0.${++ip % 250}` }, payload });
const valid = (over: Record<string, unknown> = {}) => ({
  username: `newbie${++ip}`,
  password: 'long enough pw',
  confirmPassword: 'long enough pw',
  agreeTerms: true,
  ...over,
});

describe('PUT /wps/member/register', () => {
  it('creates the member and logs them in', async () => {
    const body = valid();
    const res = await put('/wps/member/register', body);
    expect(res.statusCode).toBe(200);
    const { token, firstTimeLogin } = res.json().value;
    expect(firstTimeLogin).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().value.account).toBe(body.username);
    const again = await put('/wps/member/register', { ...valid(), username: body.username });
    expect(again.json().value.fields).toContainEqual(expect.objectContaining({ field: 'username', reason: 'taken' }));
  });

  it('lists every invalid field: rules, password confirmation, 18+ terms', async () => {
    const res = await put('/wps/member/register', {
      username: '1bad',
      password: 'short',
      confirmPassword: 'other',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().value.fields.map((f: { field: string; reason: string }) => `${f.field}:${f.reason}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'username:pattern',
        'password:tooShort',
        'confirmPassword:mismatch',
        'email:pattern',
        'agreeTerms:required',
      ]),
    );
  });

  it('attaches the member to the agent of a valid affiliate code and stops on an invalid one', async () => {
    const agent = await t.app.modules.members.create({
      merchant: demo,
      account: 'agentsmith',
      password: 'agent password',
      type: 1,
    });
    const check = await t.app.inject({
      method: 'GET',
      url: `/wps/agent/affiliate?affiliateCode=${agent.affiliate_code}`,
    });
    expect(check.json().value).toEqual({ valid: true, agentName: 'agentsmith' });
    const bad = await put('/wps/member/register', valid({ affiliateCode: 'NOPE1234' }));
    expect(bad.json().code).toBe('invitation_code_error');
    const body = valid({ affiliateCode: agent.affiliate_code!.toLowerCase() });
    expect((await put('/wps/member/register', body)).statusCode).toBe(200);
    const row = await t.app.modules.members.findByAccount(demo.id, body.username);
    expect(row?.upline_id).toBe(agent.id);
  });

  it('requires the captcha when the merchant turns it on', async () => {
    await t.app.modules.registration.setRule(demo.id, 'captcha', {
      enabled: true,
      required: true,
      minLength: 1,
      maxLength: 10,
      patternId: 1,
      acceptedPattern: '*',
    });
    try {
      expect((await put('/wps/member/register', valid())).json().code).toBe('captcha_required');
      expect((await put('/wps/member/register', valid(await solvedCaptcha(t.database.all, demo.id)))).statusCode).toBe(
        200,
      );
    } finally {
      await t.app.modules.registration.setRule(demo.id, 'captcha', {
        enabled: false,
        required: false,
        minLength: 0,
        maxLength: 50,
        patternId: 1,
        acceptedPattern: '*',
      });
    }
  });
});

describe('PUT /wps/member/register/mobile', () => {
  it('verifies the SMS code and uses the number as the username', async () => {
    await t.app.modules.verification.sendCode({
      merchant: demo,
      purpose: 'register',
      countryDialingCode: '63',
      mobileNum: '9171234567',
      ip: '10.30.0.1',
      ...(await solvedCaptcha(t.database.all, demo.id)),
    });
    const code = (
      await t.database.all.selectFrom('dev_outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).body.match(/(\d{6})/)![1];
    const body = {
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      password: 'long enough pw',
      confirmPassword: 'long enough pw',
      agreeTerms: true,
    };
    expect(
      (
        await put('/wps/member/register/mobile', { ...body, verificationCode: '000000' === code ? '111111' : '000000' })
      ).json().code,
    ).toBe('verification_code_invalid');
    const res = await put('/wps/member/register/mobile', { ...body, verificationCode: code });
    expect(res.statusCode).toBe(200);
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: { authorization: `Bearer ${res.json().value.token}` },
      })
    ).json().value;
    expect(me).toMatchObject({ account: '639171234567', mobile: '+63 9171234567' });
  });

  it('is refused when mobile registration is off', async () => {
    await t.app.modules.merchants.setFlag(demo.id, 'MOBILENUMREG3', false);
    try {
      expect(
        (
          await put('/wps/member/register/mobile', {
            mobileNum: '9170000000',
            countryDialingCode: '63',
            agreeTerms: true,
          })
        ).json().code,
      ).toBe('function_not_enabled');
    } finally {
      await t.app.modules.merchants.setFlag(demo.id, 'MOBILENUMREG3', true);
    }
  });
});

describe('concurrent sign-ups', () => {
  it('two registrations of one username at once: one succeeds, the other is told the name is taken (no 500)', async () => {
    const body = valid();
    const [a, b] = await Promise.all([put('/wps/member/register', body), put('/wps/member/register', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json().value.fields).toContainEqual(expect.objectContaining({ field: 'username', reason: 'taken' }));
  });
});
