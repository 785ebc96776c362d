import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpSmsProvider, type SmsMessage, type SmsProvider } from '../src/modules/verification/index.ts';
import { solvedCaptcha } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let now = new Date('2026-11-23T10:00:00Z');
let demoId: bigint;
const sent: SmsMessage[] = [];
let failSms = false;
const recordingSms: SmsProvider = {
  name: 'test',
  async send(m) {
    if (failSms) throw new Error('gateway down');
    sent.push(m);
  },
};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, sms: recordingSms });
  demoId = (await t.app.modules.merchants.findByCode('demo'))!.id;
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date(now.getTime() + 86_400_000 * 2); // a fresh day: no cooldown or cap carried over
  failSms = false;
});

let ipSeq = 1;
async function sendCode(mobileNum: string, opts: { ip?: string; url?: string; captcha?: boolean; cc?: string } = {}) {
  const captcha = opts.captcha === false ? {} : await solvedCaptcha(t.database.all, demoId);
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/wps/verification/sms/noLogin',
    headers: { 'x-forwarded-for': opts.ip ?? `10.0.0.${ipSeq++}` },
    payload: { mobileNum, countryDialingCode: opts.cc ?? '+84', ...captcha },
  });
}
const lastCode = () => sent.at(-1)!.text.match(/code is (\d{6})/)![1]!;
const verify = (mobileNum: string, code: string) =>
  t.app.modules.verification.verifyCode({
    merchantId: demoId,
    purpose: 'login',
    countryDialingCode: '84',
    mobileNum,
    code,
  });

describe('captcha', () => {
  it('GET /wps/captcha returns a single-use SVG challenge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha' });
    const v = res.json().value;
    expect(v.captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.from(v.image.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a challenge is consumed by its first check, right or wrong', async () => {
    const c = await solvedCaptcha(t.database.all, demoId);
    await expect(t.app.modules.captcha.verify(demoId, c.captchaId, 'nope')).rejects.toMatchObject({
      code: 'captcha_invalid',
    });
    await expect(t.app.modules.captcha.verify(demoId, c.captchaId, c.captcha)).rejects.toMatchObject({
      code: 'captcha_invalid',
    });
    const d = await solvedCaptcha(t.database.all, demoId);
    await expect(
      t.app.modules.captcha.verify(demoId, d.captchaId, ` ${d.captcha.toLowerCase()} `),
    ).resolves.toBeUndefined();
  });
});

describe('POST /wps/verification/sms/noLogin', () => {
  it('needs a captcha and a valid number before anything is sent', async () => {
    const none = await sendCode('912345678', { captcha: false });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'captcha_required', value: { captchaRequired: true } });
    expect((await sendCode('91234abc')).json().code).toBe('invalid_phone_number');
    expect((await sendCode('912345678', { cc: '999' })).json().code).toBe('invalid_phone_number');
    expect(sent).toHaveLength(0);
  });

  it('sends a 6-digit code that logs in once, and answers expiredMinutes', async () => {
    const res = await sendCode('0912 345-678');
    expect(res.json()).toEqual({
      success: true,
      value: { expiredMinutes: 5, resendAfterSeconds: 60 },
      message: 'OK',
      code: 'ok',
    });
    expect(sent.at(-1)!.to).toBe('840912345678');
    const code = lastCode();
    await expect(verify('0912345678', '000000' === code ? '111111' : '000000')).rejects.toMatchObject({
      code: 'verification_code_invalid',
    });
    await expect(verify('0912345678', code)).resolves.toBeUndefined();
    await expect(verify('0912345678', code)).rejects.toMatchObject({ code: 'verification_code_invalid' });
  });

  it('enforces a 60 s cooldown per number with retry-after, then allows a resend', async () => {
    expect((await sendCode('911111111')).statusCode).toBe(200);
    now = new Date(now.getTime() + 20_000);
    const again = await sendCode('911111111');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'too_many_requests', value: { retryAfterSeconds: 40 } });
    expect(again.headers['retry-after']).toBe('40');
    now = new Date(now.getTime() + 41_000);
    expect((await sendCode('911111111')).statusCode).toBe(200);
  });

  it('caps sends per number per day and per IP per hour', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await sendCode('922222222')).statusCode).toBe(200);
      now = new Date(now.getTime() + 61_000);
    }
    expect((await sendCode('922222222')).json().code).toBe('too_many_requests');
    now = new Date(now.getTime() + 86_400_000);
    for (let i = 0; i < 10; i++) expect((await sendCode(`93333333${i}`, { ip: '203.0.113.7' })).statusCode).toBe(200);
    expect((await sendCode('944444444', { ip: '203.0.113.7' })).json().code).toBe('too_many_requests');
  });

  it('codes expire, and five wrong attempts burn the code', async () => {
    await sendCode('955555555');
    const code = lastCode();
    now = new Date(now.getTime() + 5 * 60_000 + 1);
    await expect(verify('955555555', code)).rejects.toMatchObject({ code: 'verification_code_expired' });
    now = new Date(now.getTime() + 60_000);
    await sendCode('955555555');
    const fresh = lastCode();
    for (let i = 0; i < 5; i++)
      await expect(verify('955555555', fresh === '123456' ? '654321' : '123456')).rejects.toBeTruthy();
    await expect(verify('955555555', fresh)).rejects.toMatchObject({ code: 'verification_code_invalid' });
  });

  it('a failed delivery is a 503 and does not count against the caps', async () => {
    failSms = true;
    const res = await sendCode('966666666');
    expect(res.statusCode).toBe(503);
    failSms = false;
    expect((await sendCode('966666666')).statusCode).toBe(200);
  });

  it('is refused when the merchant has the feature off', async () => {
    await t.app.modules.merchants.setFlag(demoId, 'MOBILENUMREG3', false);
    await t.app.modules.merchants.setFlag(demoId, 'REGMOBVERF3', false);
    try {
      const res = await sendCode('977777777', { url: '/wps/verification/sms/register' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('function_not_enabled');
    } finally {
      await t.app.modules.merchants.setFlag(demoId, 'MOBILENUMREG3', true);
    }
  });
});

describe('HTTP SMS provider against a local fake gateway', () => {
  let server: Server;
  let url = '';
  const received: { auth?: string; body: unknown }[] = [];
  let status = 200;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts JSON with the bearer token and fails clearly on a gateway error', async () => {
    const p = createHttpSmsProvider({ url, token: 'secret-token', sender: 'Demo' });
    await p.send({ to: '84912345678', text: 'hi' });
    expect(received.at(-1)).toEqual({
      auth: 'Bearer secret-token',
      body: { to: '+84912345678', text: 'hi', sender: 'Demo' },
    });
    status = 500;
    await expect(p.send({ to: '84912345678', text: 'hi' })).rejects.toThrow(/answered 500/);
  });
});

describe('GET /dev/outbox', () => {
  it('shows what the outbox provider sent (development only)', async () => {
    const dev = await buildTestApp();
    try {
      const captcha = await solvedCaptcha(dev.database.all, (await dev.app.modules.merchants.findByCode('demo'))!.id);
      await dev.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '912000111', countryDialingCode: '63', ...captcha },
      });
      const out = (await dev.app.inject({ method: 'GET', url: '/dev/outbox?recipient=%2B63912000111' })).json();
      expect(out.messages[0]).toMatchObject({ channel: 'sms', recipient: '63912000111' });
      expect(out.messages[0].body).toMatch(/verification code is \d{6}/);
    } finally {
      await dev.close();
    }
  });
});
