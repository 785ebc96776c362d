import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineMemberRoute } from '../src/http/route.ts';
import { sha256Hex } from '../src/lib/hash.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { solvedCaptcha } from './helpers/factories.ts';
import { buildTestApp, countingHasher, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let now = new Date('2026-11-23T08:00:00Z');
const hasher = countingHasher();

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    hasher,
    register: (app) =>
      defineMemberRoute(
        app,
        {
          method: 'POST',
          url: '/wps/test/real-money',
          summary: 't',
          tags: ['test'],
          response: z.object({ ok: z.boolean() }),
          auth: 'real',
        },
        () => ({ ok: true }),
      ),
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date(now.getTime() + 3_600_000); // new minute windows for the rate limits
});

let seq = 0;
async function member(over: { type?: number; mustChangePassword?: boolean; mobile?: string } = {}) {
  const account = `player${++seq}x`;
  await t.app.modules.members.create({
    merchant: demo,
    account,
    password: 'correct horse 1',
    type: over.type,
    mustChangePassword: over.mustChangePassword,
    ...(over.mobile && { countryDialingCode: '84', mobile: over.mobile }),
  });
  return account;
}

let ipSeq = 0;
const login = (body: Record<string, unknown>, ip = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) =>
  t.app.inject({ method: 'POST', url: '/wps/session/login', headers: { 'x-forwarded-for': ip }, payload: body });
const info = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/wps/member/info', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /wps/session/login (username)', () => {
  it('returns an opaque token that opens /wps/member/info; no token or a bad one is 401', async () => {
    const account = await member();
    const res = await login({ type: 'username', username: account.toUpperCase(), password: 'correct horse 1' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ firstTimeLogin: true, passwordExpired: false, previousLoginAt: null });
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await info(v.token);
    expect(me.json().value).toMatchObject({ account, type: 0, isAgent: false, isTrial: false });
    expect(JSON.stringify(me.json())).not.toMatch(/hash/i);
    expect((await info()).statusCode).toBe(401);
    expect((await info('x'.repeat(43))).json().code).toBe('unauthorized');
    const second = (await login({ username: account, password: 'correct horse 1' })).json().value;
    expect(second.firstTimeLogin).toBe(false);
    expect(second.previousLoginAt).toBe(now.toISOString());
  });

  it('stores only the SHA-256 of the token', async () => {
    const account = await member();
    const { token } = (await login({ username: account, password: 'correct horse 1' })).json().value;
    const rows = await t.database.all.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const account = await member();
    const wrong = await login({ username: account, password: 'wrong password' });
    const unknown = await login({ username: 'nosuchplayer', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toMatchObject({ code: 'in_incorrect_password', value: { captchaRequired: false } });
  });

  it('asks for a captcha after 2 failures, locks after 3, and the lock expires', async () => {
    const account = await member();
    await login({ username: account, password: 'bad' });
    const second = await login({ username: account, password: 'bad' });
    expect(second.json().value).toEqual({ captchaRequired: true });
    expect((await login({ username: account, password: 'correct horse 1' })).json()).toMatchObject({
      code: 'captcha_required',
    });
    const third = await login({
      username: account,
      password: 'bad',
      ...(await solvedCaptcha(t.database.all, demo.id)),
    });
    expect(third.json().code).toBe('in_incorrect_password');
    const locked = await login({
      username: account,
      password: 'correct horse 1',
      ...(await solvedCaptcha(t.database.all, demo.id)),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_requests', value: { retryAfterSeconds: 300 } });
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    expect((await login({ username: account, password: 'correct horse 1' })).statusCode).toBe(200);
  });

  it('doubles the lock for repeated lockouts, up to one hour', async () => {
    const account = await member();
    const lockedFor: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 3; i++)
        await login({ username: account, password: 'bad', ...(await solvedCaptcha(t.database.all, demo.id)) });
      const r = await login({
        username: account,
        password: 'correct horse 1',
        ...(await solvedCaptcha(t.database.all, demo.id)),
      });
      lockedFor.push(r.json().value.retryAfterSeconds);
      now = new Date(now.getTime() + r.json().value.retryAfterSeconds * 1000 + 1000);
    }
    expect(lockedFor).toEqual([300, 600, 1200, 2400, 3600, 3600]);
  });

  it('rate-limits per IP before any password hash is computed', async () => {
    const before = hasher.checks;
    const codes: string[] = [];
    for (let i = 0; i < 25; i++)
      codes.push((await login({ username: `ghost${i}`, password: 'x' }, '198.51.100.1')).json().code);
    expect(codes.slice(0, 20).every((c) => c === 'in_incorrect_password')).toBe(true);
    expect(codes.slice(20).every((c) => c === 'too_many_requests')).toBe(true);
    expect(hasher.checks - before).toBe(20);
  });

  it('keeps non-agents out of the agent area and lets agents in', async () => {
    const player = await member();
    const agent = await member({ type: 1 });
    expect((await login({ username: player, password: 'correct horse 1', area: 'agent' })).json().code).toBe(
      'non_agent_login',
    );
    const ok = await login({ username: agent, password: 'correct horse 1', area: 'agent' });
    expect((await info(ok.json().value.token)).json().value).toMatchObject({ isAgent: true, type: 1 });
  });

  it('flags passwordExpired when a change is required', async () => {
    const account = await member({ mustChangePassword: true });
    expect((await login({ username: account, password: 'correct horse 1' })).json().value.passwordExpired).toBe(true);
  });
});

describe('sessions', () => {
  it('logout revokes the token; logging out again is harmless', async () => {
    const { token } = (await login({ username: await member(), password: 'correct horse 1' })).json().value;
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.json()).toMatchObject({ success: true });
    expect((await info(token)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/wps/session/logout',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('expires after 30 idle minutes, slides while used, and ends at 12 hours whatever', async () => {
    const { token } = (await login({ username: await member(), password: 'correct horse 1' })).json().value;
    now = new Date(now.getTime() + 31 * 60_000);
    expect((await info(token)).statusCode).toBe(401);
    const { token: t2 } = (await login({ username: await member(), password: 'correct horse 1' })).json().value;
    for (let i = 0; i < 35; i++) {
      now = new Date(now.getTime() + 20 * 60_000);
      const ok = (await info(t2)).statusCode === 200;
      expect(ok, `after ${(i + 1) * 20} minutes`).toBe((i + 1) * 20 < 12 * 60);
    }
  });

  it('refuses trial accounts on real-money routes with in_need_true_account', async () => {
    const trial = (await login({ username: await member({ type: 4 }), password: 'correct horse 1' })).json().value
      .token;
    const real = (await login({ username: await member(), password: 'correct horse 1' })).json().value.token;
    const asTrial = await t.app.inject({
      method: 'POST',
      url: '/wps/test/real-money',
      headers: { authorization: `Bearer ${trial}` },
    });
    expect(asTrial.statusCode).toBe(403);
    expect(asTrial.json().code).toBe('in_need_true_account');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/test/real-money',
          headers: { authorization: `Bearer ${real}` },
        })
      ).json().value,
    ).toEqual({ ok: true });
  });

  it('updates the language only to one the merchant offers', async () => {
    const { token } = (await login({ username: await member(), password: 'correct horse 1' })).json().value;
    const put = (language: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/member/language',
        headers: { authorization: `Bearer ${token}` },
        payload: { language },
      });
    expect((await put('ty')).statusCode).toBe(200);
    expect((await info(token)).json().value.language).toBe('ty');
    expect((await put('fr')).json().code).toBe('validation_failed');
  });
});

describe('POST /wps/session/login (sms)', () => {
  it('logs in with a code sent to the member mobile, never asking for a password change', async () => {
    await member({ mobile: '912300400', mustChangePassword: true });
    const captcha = await solvedCaptcha(t.database.all, demo.id);
    await t.app.modules.verification.sendCode({
      merchant: demo,
      purpose: 'login',
      countryDialingCode: '84',
      mobileNum: '912300400',
      ip: '10.1.1.1',
      ...captcha,
    });
    const msg = await t.database.all
      .selectFrom('dev_outbox')
      .select('body')
      .where('recipient', '=', '84912300400')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = msg.body.match(/(\d{6})/)![1];
    const wrongCode = await login({
      type: 'sms',
      countryDialingCode: '+84',
      mobileNum: '912300400',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.json().code).toBe('verification_code_invalid');
    const res = await login({ type: 'sms', countryDialingCode: '+84', mobileNum: '912300400', code });
    expect(res.json().value).toMatchObject({ passwordExpired: false });
    expect((await info(res.json().value.token)).statusCode).toBe(200);
  });
});
