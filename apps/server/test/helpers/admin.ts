import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { TestApp } from './test-app.ts';

let adminSeq = 0;

/** A staff member made by the tests: its password, and its authenticator (TOTP secret) once two-factor is on. */
export interface TestAdmin {
  id: bigint;
  username: string;
  token: string;
  password: string;
  merchantCode: string;
  totpSecret: string | null;
  recoveryCodes: string[];
  /** The app's clock (the TOTP code must be one of the app's time; defaults to the test app's). */
  clock: () => Date;
  /** The last time step a code was sent for (each code is accepted once). */
  lastStep: number;
}

const distinctAddress = () => {
  adminSeq += 1;
  return `10.250.${Math.floor(adminSeq / 250) % 250}.${(adminSeq % 250) + 1}`;
};

/** A current TOTP code the server has not seen yet, or null when the next fresh one lies in the future. */
async function freshCode(a: TestAdmin): Promise<string | null> {
  if (!a.totpSecret) return null;
  const now = Math.floor(a.clock().getTime() / 1000);
  const step = Math.max(Math.floor(now / 30), a.lastStep + 1);
  // The server accepts one step either side of its clock.
  if (step > Math.floor(now / 30) + 1) return null;
  a.lastStep = step;
  return generate({ secret: a.totpSecret, epoch: step * 30 });
}

/** Signs the staff member in again (password, then a fresh code or an unused recovery code): a new token. */
export async function loginTestAdmin(t: TestApp, a: TestAdmin, remoteAddress = distinctAddress()): Promise<string> {
  const otp = await freshCode(a);
  const second = a.totpSecret ? (otp ? { otp } : { recoveryCode: a.recoveryCodes.shift() }) : {};
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    headers: { merchant: a.merchantCode },
    payload: { username: a.username, password: a.password, ...second },
    remoteAddress,
  });
  const body = res.json();
  if (!body.success) throw new Error(`loginTestAdmin: ${res.body}`);
  a.token = body.value.token as string;
  return a.token;
}

/** Two-factor enrolment through the API (set-up, then a current code): the secret and the recovery codes. */
export async function enrolTwoFactor(t: TestApp, a: TestAdmin): Promise<void> {
  const headers = { authorization: `Bearer ${a.token}`, merchant: a.merchantCode };
  const setup = await t.app.inject({ method: 'POST', url: '/admin/api/me/two-factor/setup', headers });
  if (!setup.json().success) throw new Error(`enrolTwoFactor: ${setup.body}`);
  a.totpSecret = setup.json().value.secret as string;
  const code = (await freshCode(a))!;
  const enable = await t.app.inject({
    method: 'POST',
    url: '/admin/api/me/two-factor/enable',
    headers,
    payload: { code },
  });
  if (!enable.json().success) throw new Error(`enrolTwoFactor: ${enable.body}`);
  a.recoveryCodes = enable.json().value.recoveryCodes as string[];
}

/**
 * A back-office staff member created through the admin service (argon2id with the test hasher), logged in through
 * POST /admin/api/session/login, with two-factor sign-in enrolled when its role requires it (owner by default).
 * Send `Authorization: Bearer <token>` (and `merchant: <code>` when not 'demo').
 */
export async function createTestAdmin(
  t: TestApp,
  over: { username?: string; merchantCode?: string; role?: string; clock?: () => Date } = {},
): Promise<TestAdmin> {
  const merchantCode = over.merchantCode ?? 'demo';
  const merchant = await t.app.modules.merchants.findByCode(merchantCode);
  if (!merchant) throw new Error(`createTestAdmin: no merchant ${merchantCode}`);
  const username = over.username ?? `adm${adminSeq + 1}${randomBytes(3).toString('hex')}`;
  const password = `test admin pw ${randomBytes(6).toString('hex')}`;
  const row = await t.app.modules.admin.create({ merchantId: merchant.id, username, password, role: over.role });
  const a: TestAdmin = {
    id: row.id,
    username: row.username,
    token: '',
    password,
    merchantCode,
    totpSecret: null,
    recoveryCodes: [],
    clock: over.clock ?? t.clock,
    lastStep: 0,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    headers: { merchant: merchantCode },
    payload: { username: row.username, password },
    // A distinct address per admin, so the per-IP login window never throttles a test that creates many admins.
    remoteAddress: distinctAddress(),
  });
  const body = res.json();
  if (!body.success) throw new Error(`createTestAdmin: login failed: ${res.body}`);
  a.token = body.value.token as string;
  if (body.value.twoFactorSetupRequired) await enrolTwoFactor(t, a);
  return a;
}
