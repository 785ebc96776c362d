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

let n = 0;
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': `10.40.0.${++n % 250}`, ...(token && { authorization: `Bearer ${token}` }) },
  });
const loginAs = async (username: string, password: string) =>
  (await post('/wps/session/login', { username, password })).json();
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });

describe('POST /wps/member/password', () => {
  it('changes the password, clears the forced-change flag, keeps this session and ends the others', async () => {
    await t.app.modules.members.create({
      merchant: demo,
      account: 'changer1',
      password: 'first password',
      mustChangePassword: true,
    });
    const first = (await loginAs('changer1', 'first password')).value;
    expect(first.passwordExpired).toBe(true);
    const other = (await loginAs('changer1', 'first password')).value.token;
    const bad = await post(
      '/wps/member/password',
      { oldPassword: 'nope nope', newPassword: 'second password', confirmNewPassword: 'second password' },
      first.token,
    );
    expect(bad.json().value.fields[0]).toMatchObject({ field: 'oldPassword', reason: 'incorrect' });
    const mismatch = await post(
      '/wps/member/password',
      { oldPassword: 'first password', newPassword: 'second password', confirmNewPassword: 'other' },
      first.token,
    );
    expect(mismatch.json().value.fields[0].field).toBe('confirmNewPassword');
    const ok = await post(
      '/wps/member/password',
      { oldPassword: 'first password', newPassword: 'second password', confirmNewPassword: 'second password' },
      first.token,
    );
    expect(ok.statusCode).toBe(200);
    expect((await info(first.token)).statusCode).toBe(200);
    expect((await info(other)).statusCode).toBe(401);
    expect((await loginAs('changer1', 'first password')).code).toBe('in_incorrect_password');
    expect((await loginAs('changer1', 'second password')).value.passwordExpired).toBe(false);
  });

  it('needs a session', async () => {
    expect(
      (await post('/wps/member/password', { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /wps/member/password/verification (forgot by phone)', () => {
  it('sets a new password with an SMS code and logs the member in; other sessions end', async () => {
    await t.app.modules.members.create({
      merchant: demo,
      account: 'forgetful',
      password: 'old password 1',
      countryDialingCode: '84',
      mobile: '988777666',
    });
    const before = (await loginAs('forgetful', 'old password 1')).value.token;
    await t.app.modules.verification.sendCode({
      merchant: demo,
      purpose: 'reset',
      countryDialingCode: '84',
      mobileNum: '988777666',
      ip: '10.50.0.1',
      ...(await solvedCaptcha(t.database.all, demo.id)),
    });
    const code = (
      await t.database.all.selectFrom('dev_outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).body.match(/(\d{6})/)![1];
    const res = await post('/wps/member/password/verification', {
      mobileNum: '988777666',
      countryDialingCode: '+84',
      verificationCode: code,
      newPassword: 'brand new pw',
    });
    expect(res.statusCode).toBe(200);
    expect((await info(res.json().value.token)).json().value.account).toBe('forgetful');
    expect((await info(before)).statusCode).toBe(401);
    expect((await loginAs('forgetful', 'brand new pw')).success).toBe(true);
    const replay = await post('/wps/member/password/verification', {
      mobileNum: '988777666',
      countryDialingCode: '+84',
      verificationCode: code,
      newPassword: 'another pw 22',
    });
    expect(replay.json().code).toBe('verification_code_invalid');
  });
});

describe('POST /wps/session/login/freeplay', () => {
  it('gives a trial session that is refused real-account actions, and is off with the flag', async () => {
    const res = await post('/wps/session/login/freeplay', { os: 'web', platform: 'W', gatewayVersion: 3 });
    const me = (await info(res.json().value.token)).json().value;
    expect(me).toMatchObject({ isTrial: true, type: 4, nickname: 'Guest' });
    await t.app.modules.merchants.setFlag(demo.id, 'FREEPLAY3', false);
    try {
      expect((await post('/wps/session/login/freeplay', {})).json().code).toBe('function_not_enabled');
    } finally {
      await t.app.modules.merchants.setFlag(demo.id, 'FREEPLAY3', true);
    }
  });
});
