import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMember, solvedCaptcha } from './helpers/factories.ts';
import { buildTestApp, countingHasher, type TestApp } from './helpers/test-app.ts';

/** Account enumeration, IP captcha escalation, per-account limits, disabled accounts, session touch, member creation rules. */

let t: TestApp;
let demo: Merchant;
let now = new Date('2026-11-23T08:00:00Z');
const hasher = countingHasher();

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, hasher, authRules: { ipFailuresBeforeCaptcha: 4 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date(now.getTime() + 3_600_000); // fresh rate-limit windows
});

let ipSeq = 0;
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const login = (body: Record<string, unknown>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/wps/session/login', headers: { 'x-forwarded-for': ip }, payload: body });
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
const member = (over: Parameters<typeof createMember>[2] = {}) => createMember(t.app.modules, demo, over);
const captcha = () => solvedCaptcha(t.database.all, demo.id);

describe('account enumeration', () => {
  it('an unknown account goes through the same captcha, lock and back-off answers as a known one', async () => {
    const known = await member();
    const attempt = async (username: string, withCaptcha: boolean) => {
      const r = await login({ username, password: 'not the password', ...(withCaptcha && (await captcha())) });
      return `${r.statusCode} ${r.body}`;
    };
    const script = [false, false, true, true, true];
    const knownAnswers: string[] = [];
    const unknownAnswers: string[] = [];
    for (const c of script) knownAnswers.push(await attempt(known.account, c));
    for (const c of script) unknownAnswers.push(await attempt('nobodyhere7', c));
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers[3]).toMatch(/^429 .*"retryAfterSeconds":300/);

    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    const afterKnown: string[] = [];
    const afterUnknown: string[] = [];
    for (const c of [false, false, true, true]) afterKnown.push(await attempt(known.account, c));
    for (const c of [false, false, true, true]) afterUnknown.push(await attempt('nobodyhere7', c));
    expect(afterUnknown).toEqual(afterKnown);
    expect(afterKnown[0]).toMatch(/^401 .*"captchaRequired":false/);
    expect(afterKnown[3]).toMatch(/^429 .*"retryAfterSeconds":600/);
  });

  it('a disabled account with the right password answers like an unknown account, and its sessions end', async () => {
    const m = await member();
    const { token } = (await login({ username: m.account, password: m.password })).json().value;
    expect((await info(token)).statusCode).toBe(200);
    await t.database.all.updateTable('members').set({ status: 'disabled' }).where('id', '=', m.id).execute();
    expect((await info(token)).statusCode).toBe(401);
    const disabled = await login({ username: m.account, password: m.password });
    const unknown = await login({ username: 'nobodyatall9', password: m.password });
    expect(disabled.statusCode).toBe(401);
    expect(disabled.body).toBe(unknown.body);
  });
});

describe('captcha escalation per IP', () => {
  it('after many failures from one IP (any accounts), every login from it needs a captcha', async () => {
    const ip = '203.0.113.9';
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await login({ username: `stranger${i}x`, password: 'guess' }, ip)).json());
    expect(answers.map((a) => a.value.captchaRequired)).toEqual([false, false, false, true]);

    const m = await member();
    const noCaptcha = await login({ username: m.account, password: m.password }, ip);
    expect(noCaptcha.json()).toMatchObject({ code: 'captcha_required', value: { captchaRequired: true } });
    expect((await login({ username: m.account, password: m.password, ...(await captcha()) }, ip)).statusCode).toBe(200);
    // Another address is not affected.
    expect((await login({ username: m.account, password: m.password }, '203.0.113.10')).statusCode).toBe(200);
    // The window passes: no captcha needed any more.
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await login({ username: m.account, password: m.password }, ip)).statusCode).toBe(200);
  });
});

describe('per-account rate limit', () => {
  it('refuses the 11th attempt in a minute on one account, from any IPs, before hashing', async () => {
    const m = await member();
    const before = hasher.checks;
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login({ username: m.account, password: m.password })).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429, 429]);
    expect(hasher.checks - before).toBe(10);
    const r = await login({ username: m.account, password: m.password });
    expect(r.json()).toMatchObject({ code: 'too_many_requests' });
    expect(r.json().value.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('areas', () => {
  it('lets members, agents and trial accounts into the member area, refuses other types', async () => {
    for (const type of [0, 1, 4]) {
      const m = await member({ type });
      expect(
        (await login({ username: m.account, password: m.password, area: 'member' })).statusCode,
        `type ${type}`,
      ).toBe(200);
    }
    const other = await member({ type: 7 });
    const r = await login({ username: other.account, password: other.password, area: 'member' });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('non_member_login');
    const trial = await member({ type: 4 });
    const agentArea = await login({ username: trial.account, password: trial.password, area: 'agent' });
    expect(agentArea.json()).toMatchObject({ code: 'non_agent_login', message: 'Non-agents cannot log in.' });
  });
});

describe('session touch', () => {
  it('slides the idle expiry but writes last_seen at most once a minute', async () => {
    const m = await member();
    const start = now;
    const { token } = (await login({ username: m.account, password: m.password })).json().value;
    const row = () =>
      t.database.all
        .selectFrom('sessions')
        .select(['last_seen_at', 'idle_expires_at', 'absolute_expires_at'])
        .where('member_id', '=', m.id)
        .executeTakeFirstOrThrow();
    expect((await row()).absolute_expires_at.getTime()).toBe(start.getTime() + 12 * 3_600_000);
    now = new Date(start.getTime() + 30_000);
    expect((await info(token)).statusCode).toBe(200);
    expect((await row()).last_seen_at.getTime()).toBe(start.getTime());
    now = new Date(start.getTime() + 61_000);
    expect((await info(token)).statusCode).toBe(200);
    const touched = await row();
    expect(touched.last_seen_at.getTime()).toBe(now.getTime());
    expect(touched.idle_expires_at.getTime()).toBe(now.getTime() + 30 * 60_000);
  });

  it('issues a new token at each login; the earlier one keeps its own expiry', async () => {
    const m = await member();
    const a = (await login({ username: m.account, password: m.password })).json().value.token;
    const b = (await login({ username: m.account, password: m.password })).json().value.token;
    expect(a).not.toBe(b);
    expect((await info(b)).statusCode).toBe(200);
  });
});

describe('members.create', () => {
  const create = (account: string, password = 'long enough 1') =>
    t.app.modules.members.create({ merchant: demo, account, password });
  const fieldsOf = async (p: Promise<unknown>) => {
    const e = (await p.then(
      () => null,
      (err: unknown) => err,
    )) as { code: string; value: { fields: { field: string; reason: string }[] } } | null;
    return e && { code: e.code, fields: e.value.fields.map((f) => `${f.field}:${f.reason}`) };
  };

  it('checks username (4–16, letter first, letters and digits) and password (8–64)', async () => {
    expect(await fieldsOf(create('abc'))).toEqual({ code: 'validation_failed', fields: ['username:tooShort'] });
    expect(await fieldsOf(create('a'.repeat(17)))).toEqual({ code: 'validation_failed', fields: ['username:tooLong'] });
    expect(await fieldsOf(create('1abcd'))).toEqual({ code: 'validation_failed', fields: ['username:pattern'] });
    expect(await fieldsOf(create('ab_cd'))).toEqual({ code: 'validation_failed', fields: ['username:pattern'] });
    expect(await fieldsOf(create('goodname1', 'short7'))).toEqual({
      code: 'validation_failed',
      fields: ['password:tooShort'],
    });
    expect(await fieldsOf(create('goodname1', 'x'.repeat(65)))).toEqual({
      code: 'validation_failed',
      fields: ['password:tooLong'],
    });
  });

  it('stores the account lower-case, refuses a duplicate in any case, and never stores the password', async () => {
    const row = await t.app.modules.members.create({
      merchant: demo,
      account: 'MixedCase9',
      password: 'long enough 1',
    });
    expect(row.account).toBe('mixedcase9');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await fieldsOf(create('MIXEDCASE9'))).toEqual({ code: 'validation_failed', fields: ['username:taken'] });
  });
});
