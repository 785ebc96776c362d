import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceLabel, normaliseName } from '../src/modules/auth/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

// New-device / new-IP login checks (issue 25, spec §4 login): the check is asked before any session exists, cannot
// be skipped, is limited, and removing a remembered device makes its next login checked again.

let t: TestApp;
let demo: Merchant;
let now = new Date('2026-11-23T08:00:00Z');
const sms: { to: string; text: string }[] = [];
const mails: { to: string; subject: string; text: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    sms: { name: 'test', send: async (m) => void sms.push(m) },
    mailer: { name: 'test', send: async (m) => void mails.push(m) },
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date(now.getTime() + 3_600_000);
  await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'off' });
});

const PASSWORD = 'correct horse 1';
let seq = 0;
async function member(over: { email?: string; mobile?: string } = {}) {
  const account = `dev${++seq}x${Date.now() % 100000}`;
  const row = await t.app.modules.members.create({
    merchant: demo,
    account,
    password: PASSWORD,
    ...(over.email && { email: over.email }),
    ...(over.mobile && { countryDialingCode: '63', mobile: over.mobile }),
  });
  return { account, id: row.id };
}
const device = (n: number | string) => `device-${String(n).padStart(12, '0')}`;
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile';
const from = (ip: string, deviceId?: string) => ({
  'x-forwarded-for': ip,
  'user-agent': UA,
  ...(deviceId && { 'device-id': deviceId }),
});
const login = (account: string, ip: string, deviceId?: string, password = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: from(ip, deviceId),
    payload: { username: account, password },
  });
const answer = (body: Record<string, unknown>, ip: string, deviceId?: string) =>
  t.app.inject({ method: 'POST', url: '/wps/session/login/check', headers: from(ip, deviceId), payload: body });
const resend = (challengeId: string, ip: string, deviceId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/check/send',
    headers: from(ip, deviceId),
    payload: { challengeId },
  });
const get = (url: string, token?: string, deviceId?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(deviceId && { 'device-id': deviceId }) },
  });
const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1] ?? '';
/** A code that is not `right`. */
const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');
const lastMailTo = (to: string) => mails.filter((m) => m.to === to).at(-1);
async function sessionsOf(memberId: bigint) {
  const r = await t.database.all
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
async function noticesOf(token: string) {
  const page = (await get('/wps/member/messages?pageNo=1&pageSize=50', token)).json().value;
  return (page.list as { title: string }[]).filter((m) => m.title === 'New device login');
}

describe('new device and IP: off (the default)', () => {
  it('grants the session, tells the member by message, remembers the device; the first login is known', async () => {
    const m = await member();
    const first = await login(m.account, '198.51.100.1', device('a1'));
    expect(first.statusCode).toBe(200);
    const token1 = first.json().value.token;
    expect(await noticesOf(token1)).toHaveLength(0);

    const fresh = await login(m.account, '198.51.100.2', device('a2'));
    expect(fresh.statusCode).toBe(200);
    expect(await noticesOf(token1)).toHaveLength(1);
    // A known device at a new IP, and a new device at a known IP: no message.
    expect((await login(m.account, '198.51.100.3', device('a1'))).statusCode).toBe(200);
    expect((await login(m.account, '198.51.100.2', device('a3'))).statusCode).toBe(200);
    expect(await noticesOf(token1)).toHaveLength(1);

    const list = (await get('/wps/member/devices', token1, device('a1'))).json().value;
    expect(list).toHaveLength(3);
    expect(list.find((d: { current: boolean }) => d.current)).toMatchObject({
      label: 'Chrome on Android',
      ip: '198.51.100.3',
    });
  });
});

describe('the new-device message follows the member language', () => {
  it('reaches a member who chose Tagalog in Tagalog (and one who chose Vietnamese in Vietnamese)', async () => {
    expect(demo.languages).toContain('tl');
    for (const [language, title, words] of [
      ['tl', 'Pag-login mula sa bagong device', /Kaka-login lang sa iyong account mula sa isang bagong device/],
      ['ty', 'Đăng nhập từ thiết bị mới', /vừa được đăng nhập từ một thiết bị mới/],
    ] as const) {
      const m = await member();
      const first = await login(m.account, '198.51.100.91', device(`l-${language}-1`));
      const token = first.json().value.token as string;
      const set = await t.app.inject({
        method: 'PUT',
        url: '/wps/member/language',
        headers: { authorization: `Bearer ${token}` },
        payload: { language },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((await login(m.account, '198.51.100.92', device(`l-${language}-2`))).statusCode).toBe(200);
      const page = (await get('/wps/member/messages?pageNo=1&pageSize=50', token)).json().value;
      const notice = (page.list as { id: string; title: string }[]).find((x) => x.title === title);
      expect(notice, JSON.stringify(page.list)).toBeDefined();
      const open = (await get(`/wps/member/messages/${notice!.id}`, token)).json().value;
      expect(open.content).toMatch(words);
      expect(open.content).toContain('198.51.100.92');
      // Stored in every language: the site switched to another language shows it in that one (issue 24).
      const read = (language: string) =>
        t.app.inject({
          method: 'GET',
          url: `/wps/member/messages/${notice!.id}`,
          headers: { authorization: `Bearer ${token}`, language },
        });
      expect((await read('en')).json().value.title).toBe('New device login');
      expect((await read('en')).json().value.content).toMatch(/Your account was just logged in from a new device/);
      const other = language === 'tl' ? 'ty' : 'tl';
      expect((await read(other)).json().value.title).toBe(
        other === 'tl' ? 'Pag-login mula sa bagong device' : 'Đăng nhập từ thiết bị mới',
      );
      const list = await t.app.inject({
        method: 'GET',
        url: '/wps/member/messages?pageNo=1&pageSize=50',
        headers: { authorization: `Bearer ${token}`, language: 'en' },
      });
      expect(list.json().value.list.map((x: { title: string }) => x.title)).toContain('New device login');
    }
  });
});

describe('new device and IP: e-mail code', () => {
  it('asks the check before any session; it cannot be skipped; the right code grants one session', async () => {
    await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'email' });
    const m = await member({ email: 'clara@example.com' });
    const first = await login(m.account, '198.51.100.10', device('b1'));
    expect(first.statusCode).toBe(200); // the account's first login is known
    const sessions = await sessionsOf(m.id);

    const asked = await login(m.account, '198.51.100.11', device('b2'));
    expect(asked.statusCode).toBe(403);
    const challenge = asked.json();
    expect(challenge).toMatchObject({
      code: 'login_check_required',
      value: { method: 'email', destination: 'c•••@example.com', attemptsLeft: 5, resendAfterSeconds: 60 },
    });
    const { challengeId } = challenge.value;
    expect(challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(challenge)).not.toMatch(/token/);
    expect(await sessionsOf(m.id)).toBe(sessions);
    // Only the hash of the challenge id is stored.
    const stored = await t.database.all.selectFrom('login_challenges').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(challengeId);

    // Bypass attempts: the challenge id is no session; no member route answers without one.
    expect((await get('/wps/member/info', challengeId)).statusCode).toBe(401);
    expect((await get('/wps/member/devices')).statusCode).toBe(401);
    const code = codeIn(lastMailTo('clara@example.com')?.text);
    expect(lastMailTo('clara@example.com')?.subject).toBe('Demo Casino: your login code');
    // From another browser (device id) even the right code is of no use.
    expect((await answer({ challengeId, code }, '198.51.100.11', device('zz'))).json().code).toBe(
      'login_check_expired',
    );
    const wrong = await answer({ challengeId, code: wrongFor(code) }, '198.51.100.11', device('b2'));
    expect(wrong.json()).toMatchObject({ code: 'login_check_failed', value: { attemptsLeft: 4 } });
    expect(await sessionsOf(m.id)).toBe(sessions);

    const ok = await answer({ challengeId, code }, '198.51.100.11', device('b2'));
    expect(ok.statusCode).toBe(200);
    const token = ok.json().value.token;
    expect((await get('/wps/member/info', token)).json().value.account).toBe(m.account);
    expect(await sessionsOf(m.id)).toBe(sessions + 1);
    // Used once.
    expect((await answer({ challengeId, code }, '198.51.100.11', device('b2'))).json().code).toBe(
      'login_check_expired',
    );
    expect(await sessionsOf(m.id)).toBe(sessions + 1);
    expect(await noticesOf(token)).toHaveLength(1);

    // Now known: any device at a remembered device's (last) IP, and that device anywhere.
    expect((await login(m.account, '198.51.100.11', device('b2'))).statusCode).toBe(200);
    expect((await login(m.account, '198.51.100.10', device('b9'))).statusCode).toBe(200);
    expect((await login(m.account, '198.51.100.99', device('b1'))).statusCode).toBe(200);
    // A client without a device id at a new IP is asked too.
    expect((await login(m.account, '198.51.100.12')).json().code).toBe('login_check_required');
  });

  it('a wrong password is still just a wrong password (no check, nothing sent)', async () => {
    await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'email' });
    const m = await member({ email: 'wrongpw@example.com' });
    await login(m.account, '198.51.100.20', device('c1'));
    const before = mails.length;
    const res = await login(m.account, '198.51.100.21', device('c2'), 'not the password');
    expect(res.json().code).toBe('in_incorrect_password');
    expect(mails.length).toBe(before);
  });
});

describe('new device and IP: SMS code, limits', () => {
  it('five answers at most (then even the right code is refused); resend after the cooldown only', async () => {
    await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'sms' });
    const m = await member({ mobile: '9170000101' });
    await login(m.account, '198.51.100.30', device('d1'));
    const asked = (await login(m.account, '198.51.100.31', device('d2'))).json();
    expect(asked.value).toMatchObject({ method: 'sms', destination: '+63 •••• 0101' });
    const { challengeId } = asked.value;
    const sent = sms.filter((s) => s.to === '639170000101');
    expect(sent).toHaveLength(1);
    const code = codeIn(sent[0]!.text);

    // Resend: refused during the cooldown, then a new code replaces the old one.
    const early = await resend(challengeId, '198.51.100.31', device('d2'));
    expect(early.json()).toMatchObject({ code: 'too_many_requests' });
    now = new Date(now.getTime() + 61_000);
    expect((await resend(challengeId, '198.51.100.31', device('d2'))).json().value.resendAfterSeconds).toBe(60);
    const resent = sms.filter((s) => s.to === '639170000101');
    expect(resent).toHaveLength(2);
    const newCode = codeIn(resent[1]!.text);
    expect(code).toMatch(/^\d{6}$/);

    for (const left of [4, 3, 2, 1]) {
      const r = await answer({ challengeId, code: wrongFor(newCode) }, '198.51.100.31', device('d2'));
      expect(r.json()).toMatchObject({ code: 'login_check_failed', value: { attemptsLeft: left } });
    }
    const fifth = await answer({ challengeId, code: wrongFor(newCode) }, '198.51.100.31', device('d2'));
    expect(fifth.json().code).toBe('login_check_expired');
    expect((await answer({ challengeId, code: newCode }, '198.51.100.31', device('d2'))).json().code).toBe(
      'login_check_expired',
    );
    expect(await sessionsOf(m.id)).toBe(1);
  });

  it('the check expires; after ten wrong answers in a day no new check is opened', async () => {
    await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'sms' });
    const m = await member({ mobile: '9170000202' });
    await login(m.account, '198.51.100.40', device('e1'));
    const first = (await login(m.account, '198.51.100.41', device('e2'))).json().value;
    now = new Date(now.getTime() + 11 * 60_000);
    const code = codeIn(sms.filter((s) => s.to === '639170000202').at(-1)!.text);
    expect((await answer({ challengeId: first.challengeId, code }, '198.51.100.41', device('e2'))).json().code).toBe(
      'login_check_expired',
    );
    for (let round = 0; round < 2; round++) {
      const { challengeId } = (await login(m.account, '198.51.100.41', device('e2'))).json().value;
      const right = codeIn(sms.filter((s) => s.to === '639170000202').at(-1)!.text);
      for (let i = 0; i < 5; i++) await answer({ challengeId, code: wrongFor(right) }, '198.51.100.41', device('e2'));
      now = new Date(now.getTime() + 61_000);
    }
    expect((await login(m.account, '198.51.100.41', device('e2'))).json()).toMatchObject({ code: 'too_many_requests' });
    expect(await sessionsOf(m.id)).toBe(1);
  });
});

describe('new device and IP: bank account name, fall-backs', () => {
  it('compares the holder name without accents, case or spacing; no bank account → e-mail; nothing → session', async () => {
    await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'bank_name' });
    const m = await member({ email: 'an@example.com' });
    await t.app.modules.withdrawals.bankAccounts.add(demo, m.id, {
      bankName: 'Vietcombank',
      accountNumber: '0123456789',
      accountName: 'Nguyễn Văn An',
    });
    await login(m.account, '198.51.100.50', device('f1'));
    const asked = (await login(m.account, '198.51.100.51', device('f2'))).json().value;
    expect(asked).toMatchObject({ method: 'bank_name', destination: null, resendAfterSeconds: 0 });
    expect((await resend(asked.challengeId, '198.51.100.51', device('f2'))).json().code).toBe('state_invalid');
    const wrong = await answer(
      { challengeId: asked.challengeId, bankAccountName: 'Tran Van An' },
      '198.51.100.51',
      device('f2'),
    );
    expect(wrong.json().code).toBe('login_check_failed');
    const ok = await answer(
      { challengeId: asked.challengeId, bankAccountName: '  nguyen van-AN ' },
      '198.51.100.51',
      device('f2'),
    );
    expect(ok.statusCode).toBe(200);

    const noBank = await member({ email: 'nobank@example.com' });
    await login(noBank.account, '198.51.100.52', device('f3'));
    expect((await login(noBank.account, '198.51.100.53', device('f4'))).json().value.method).toBe('email');

    const nothing = await member();
    await login(nothing.account, '198.51.100.54', device('f5'));
    const granted = await login(nothing.account, '198.51.100.55', device('f6'));
    expect(granted.statusCode).toBe(200);
    expect(await noticesOf(granted.json().value.token)).toHaveLength(1);
  });
});

describe('remembered devices', () => {
  it('removing one ends its sessions and its next login is checked again, even from a known IP', async () => {
    await t.app.modules.merchants.updateSettings(demo.id, { loginCheck: 'email' });
    const m = await member({ email: 'remove@example.com' });
    const token1 = (await login(m.account, '198.51.100.60', device('g1'))).json().value.token;
    const { challengeId } = (await login(m.account, '198.51.100.61', device('g2'))).json().value;
    const code = codeIn(lastMailTo('remove@example.com')?.text);
    const token2 = (await answer({ challengeId, code }, '198.51.100.61', device('g2'))).json().value.token;

    const list = (await get('/wps/member/devices', token1, device('g1'))).json().value as {
      id: string;
      ip: string;
      current: boolean;
    }[];
    expect(list.map((d) => [d.ip, d.current])).toEqual([
      ['198.51.100.61', false],
      ['198.51.100.60', true],
    ]);
    const other = list.find((d) => !d.current)!;
    // Another member cannot remove it.
    const stranger = await member();
    const strangerToken = (await login(stranger.account, '198.51.100.69', device('s1'))).json().value.token;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/devices/${other.id}`,
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(refused.json().code).toBe('not_found');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/devices/${other.id}`,
      headers: { authorization: `Bearer ${token1}`, 'device-id': device('g1') },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get('/wps/member/info', token2)).statusCode).toBe(401);
    expect((await get('/wps/member/info', token1)).statusCode).toBe(200);
    expect((await get('/wps/member/devices', token1)).json().value).toHaveLength(1);
    // Checked again: from its last IP, and from the other device's (known) IP.
    expect((await login(m.account, '198.51.100.61', device('g2'))).json().code).toBe('login_check_required');
    expect((await login(m.account, '198.51.100.60', device('g2'))).json().code).toBe('login_check_required');
    // Passing again remembers it again.
    const again = (await login(m.account, '198.51.100.61', device('g2'))).json().value;
    now = new Date(now.getTime() + 61_000);
    const code2 = codeIn(lastMailTo('remove@example.com')?.text);
    expect(
      (await answer({ challengeId: again.challengeId, code: code2 }, '198.51.100.61', device('g2'))).statusCode,
    ).toBe(200);
    expect((await login(m.account, '198.51.100.61', device('g2'))).statusCode).toBe(200);
  });
});

describe('the merchant setting', () => {
  it('staff choose the check in the site settings (audited); an unknown method is refused', async () => {
    const owner = await createTestAdmin(t, { clock: () => now });
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/admin/api/site-settings',
        headers: { authorization: `Bearer ${owner.token}`, merchant: owner.merchantCode },
        payload,
      });
    expect((await patch({ loginCheck: 'fingerprint' })).json().code).toBe('validation_failed');
    expect((await patch({ loginCheck: 'sms' })).json().value.loginCheck).toBe('sms');
    const audit = await t.app.inject({
      method: 'GET',
      url: '/admin/api/audit?action=site.settings',
      headers: { authorization: `Bearer ${owner.token}`, merchant: owner.merchantCode },
    });
    expect(audit.json().value.items[0]).toMatchObject({ detail: { loginCheck: 'sms' } });
    const m = await member({ mobile: '9170000303' });
    await login(m.account, '198.51.100.70', device('h1'));
    expect((await login(m.account, '198.51.100.71', device('h2'))).json().value.method).toBe('sms');
  });
});

describe('device labels and holder names', () => {
  it('names the browser and system of a user agent; compares names without accents, case or punctuation', () => {
    expect(deviceLabel(UA)).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36 Edg/130.0')).toBe(
      'Edge on Windows',
    );
    expect(deviceLabel('')).toBe('Unknown device');
    expect(normaliseName('  Nguyễn  Văn-Đức ')).toBe('nguyen van duc');
  });
});
