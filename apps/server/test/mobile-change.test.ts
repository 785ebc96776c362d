import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The mobile number changed in the security centre (issue 25): the login password, then an SMS code to the new
 * number (its own purpose: a login code does not do), the number saved and audited, the sessions kept; a number
 * another member holds refused; codes limited per member and hour.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let now = Date.parse('2026-11-26T04:00:00.000Z');
const sms: { to: string; text: string }[] = [];

beforeAll(async () => {
  const started = Date.now();
  t = await buildTestApp({
    clock: () => new Date(now + (Date.now() - started)),
    sms: { name: 'test', send: async (m) => void sms.push(m) },
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const askCode = (p: Player, mobileNum: string, password = p.password) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/mobile/code',
    headers: bearer(p.token),
    payload: { countryDialingCode: '63', mobileNum, password },
  });
const confirm = (p: Player, mobileNum: string, code: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/member/mobile',
    headers: bearer(p.token),
    payload: { countryDialingCode: '+63', mobileNum, code },
  });
const codeSentTo = (number: string) =>
  sms
    .filter((m) => m.to === number)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/)?.[1];
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('mobile number change', () => {
  it('needs the password and a code sent to the new number; saved, audited, the session kept', async () => {
    const p = await newPlayer(t, demo);
    const before = sms.length;
    const bad = await askCode(p, '9171110001', 'not my password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields).toEqual([expect.objectContaining({ field: 'password', reason: 'incorrect' })]);
    expect(sms.length).toBe(before);

    const sent = await askCode(p, '0917 111-0001');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ expiredMinutes: 5, resendAfterSeconds: 60 });
    const code = codeSentTo('6309171110001');
    expect(code).toMatch(/^\d{6}$/);

    const nope = await confirm(p, '09171110001', wrong(code!));
    expect(nope.json().code).toBe('verification_code_invalid');
    const other = await confirm(p, '09171110002', code!);
    expect(other.json().code).toBe('verification_code_invalid');
    const ok = await confirm(p, '09171110001', code!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toEqual({ mobile: '+63 09171110001' });
    // Used once.
    expect((await confirm(p, '09171110001', code!)).json().code).toBe('mobile_unchanged');

    // The session that changed it still works; the profile shows the number.
    const view = await t.app.inject({ method: 'GET', url: '/wps/member/profile', headers: bearer(p.token) });
    expect(view.statusCode).toBe(200);
    expect(view.json().value.mobile).toBe('+63 09171110001');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/admin/api/audit?action=member.mobile_change&target=${p.account}`,
      headers: { ...bearer(owner.token), merchant: 'demo' },
    });
    const items = audit.json().value.items;
    expect(items).toHaveLength(1);
    expect(items[0].detail).toMatchObject({ by: 'member', from: null, to: '+63 09171110001' });
  });

  it("refuses the member's own number and another member's; a login code does not confirm a change", async () => {
    const a = await newPlayer(t, demo);
    const b = await newPlayer(t, demo);
    await t.app.modules.members.setMobile(t.database.db, demo.id, a.id, '63', '09172220001');
    expect((await askCode(a, '09172220001')).json().code).toBe('mobile_unchanged');
    const taken = await askCode(b, '09172220001');
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'mobile_in_use']);
    expect((await askCode(b, '12')).json().code).toBe('invalid_phone_number');

    // A code of another purpose for the same number (a login code) is not accepted.
    now += 120_000;
    await t.app.modules.verification.sendCode({
      merchant: demo,
      purpose: 'login',
      countryDialingCode: '63',
      mobileNum: '09172220009',
      ip: '203.0.113.50',
      signedIn: true,
    });
    const loginCode = codeSentTo('6309172220009')!;
    expect((await confirm(b, '09172220009', loginCode)).json().code).toBe('verification_code_invalid');
  });

  it('sends at most 3 codes an hour per member, and refuses a number another member confirmed meanwhile', async () => {
    const p = await newPlayer(t, demo);
    const q = await newPlayer(t, demo);
    for (let i = 1; i <= 3; i++) {
      now += 61_000; // past each number's cooldown
      expect((await askCode(p, `0917333000${i}`)).statusCode).toBe(200);
    }
    now += 61_000;
    const fourth = await askCode(p, '09173330004');
    expect([fourth.statusCode, fourth.json().code]).toEqual([429, 'too_many_requests']);
    // Another member asks a code for a number; q takes it first: the confirmation is refused.
    const r = await newPlayer(t, demo);
    expect((await askCode(r, '09173330009')).statusCode).toBe(200);
    const code = codeSentTo('6309173330009')!;
    await t.app.modules.members.setMobile(t.database.db, demo.id, q.id, '63', '09173330009');
    const late = await confirm(r, '09173330009', code);
    expect([late.statusCode, late.json().code]).toEqual([409, 'mobile_in_use']);
  });
});
