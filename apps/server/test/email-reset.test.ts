import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/modules/mail/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let now = new Date('2026-11-23T12:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.members.create({
    merchant: demo,
    account: 'mailuser',
    password: 'mail user pw1',
    email: 'Mail.User@example.com',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: 'casino.example' } });
const lastMail = async () =>
  (await t.database.all
    .selectFrom('dev_outbox')
    .select(['recipient', 'body'])
    .where('channel', '=', 'email')
    .orderBy('id', 'desc')
    .executeTakeFirst()) ?? null;

describe('forgot password by e-mail', () => {
  it('answers the same for a match and a mismatch; only a match gets a link', async () => {
    const miss = await post('/wps/member/password/email', { username: 'mailuser', email: 'other@example.com' });
    const unknown = await post('/wps/member/password/email', { username: 'nobody', email: 'x@example.com' });
    expect(await lastMail()).toBeNull();
    const hit = await post('/wps/member/password/email', { username: 'MailUser', email: 'mail.user@example.com' });
    expect(hit.body).toBe(miss.body);
    expect(unknown.body).toBe(miss.body);
    const mail = await lastMail();
    expect(mail?.recipient).toBe('mail.user@example.com');
    expect(mail?.body).toMatch(/http:\/\/casino\.example\/resetPassword\?token=[A-Za-z0-9_-]{43}/);
  });

  it('the link sets a new password once, and not after 30 minutes', async () => {
    await post('/wps/member/password/email', { username: 'mailuser', email: 'mail.user@example.com' });
    const token = (await lastMail())!.body.match(/token=([A-Za-z0-9_-]+)/)![1];
    const done = await post('/wps/member/password/email/reset', { token, newPassword: 'fresh password 9' });
    expect(done.statusCode).toBe(200);
    expect((await post('/wps/session/login', { username: 'mailuser', password: 'fresh password 9' })).statusCode).toBe(
      200,
    );
    expect(
      (await post('/wps/member/password/email/reset', { token, newPassword: 'again password 9' })).json().code,
    ).toBe('verification_code_invalid');
    now = new Date(now.getTime() + 3_600_000);
    await post('/wps/member/password/email', { username: 'mailuser', email: 'mail.user@example.com' });
    const late = (await lastMail())!.body.match(/token=([A-Za-z0-9_-]+)/)![1];
    now = new Date(now.getTime() + 31 * 60_000);
    expect(
      (await post('/wps/member/password/email/reset', { token: late, newPassword: 'late password 9' })).json().code,
    ).toBe('verification_code_invalid');
  });
});

describe('SMTP mailer against a local fake SMTP server', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((socket) => {
      let inData = false;
      let data = '';
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString().split('\r\n')) {
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push(data);
              socket.write('250 queued\r\n');
            } else data += `${line}\n`;
            continue;
          }
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 fake\r\n');
          else if (cmd === 'MAIL' || cmd === 'RCPT') socket.write('250 ok\r\n');
          else if (cmd === 'DATA') {
            inData = true;
            socket.write('354 go\r\n');
          } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
          else if (line) socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('delivers the message', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'no-reply@casino.example',
    });
    await mailer.send({ to: 'player@example.com', subject: 'Reset', text: 'Hello there' });
    expect(received.at(-1)).toMatch(/Subject: Reset/);
    expect(received.at(-1)).toMatch(/Hello there/);
  });
});
