import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { demo, open, page, server } from './harness.ts';

/** A POST to the server's API on the demo merchant (an admin's or a member's token, or none); the envelope's value. */
export async function post<T = unknown>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      merchant: 'demo',
      // A distinct address per sign-in: many staff sign-ins never meet the per-IP login window.
      ...(path === '/admin/api/session/login' && {
        'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
      }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body ?? {}),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

/**
 * A new back-office staff member of the demo merchant (made through the admin face; an owner unless `role` says
 * otherwise), signed in, with two-factor sign-in enrolled through the API where the role needs it: its token.
 */
export async function adminToken(name: string, role?: string): Promise<string> {
  return (await staffMember(name, role)).token;
}

/** As adminToken, with the password and TOTP secret (to sign in again, or through the back-office screens). */
export async function staffMember(
  name: string,
  role?: string,
): Promise<{ username: string; password: string; token: string; totpSecret: string | null }> {
  const username = `e2e${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toLowerCase();
  const password = `${name} e2e staff password`;
  await server.app.modules.admin.create({ merchantId: demo.id, username, password, role });
  const login = await post<{ token: string; twoFactorSetupRequired: boolean }>('/admin/api/session/login', null, {
    username,
    password,
  });
  let totpSecret: string | null = null;
  if (login.twoFactorSetupRequired) {
    totpSecret = (await post<{ secret: string }>('/admin/api/me/two-factor/setup', login.token)).secret;
    // A code of the server's time: a test may run the app's clock ahead of the machine's.
    const epoch = Math.floor(server.clock().getTime() / 1000);
    await post('/admin/api/me/two-factor/enable', login.token, { code: await generate({ secret: totpSecret, epoch }) });
  }
  return { username, password, token: login.token, totpSecret };
}

/** A fresh page in the back office, signed in with a staff token, at `path` (below /admin), `width` wide. */
export async function openBackOffice(token: string, path: string, width: number): Promise<void> {
  await open('/admin/sign-in', { width, height: 900 });
  await page.evaluate((t) => {
    sessionStorage.setItem('adminToken', t);
    sessionStorage.setItem('adminSetup', JSON.stringify({ mustChangePassword: false, twoFactorSetupRequired: false }));
  }, token);
  await page.goto(`${server.baseUrl}/admin${path}`);
  // The shell is up (the top bar's sign-out, or the drawer a ?open= link opens over it).
  await page.locator('.bo-topbar').waitFor();
}
