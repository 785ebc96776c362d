import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.ts';

let adminSeq = 0;

/**
 * A back-office admin created through the admin service (argon2id with the test hasher), logged in through
 * POST /admin/api/session/login. Send `Authorization: Bearer <token>` (and `merchant: <code>` when not 'demo').
 */
export async function createTestAdmin(
  t: TestApp,
  over: { username?: string; merchantCode?: string } = {},
): Promise<{ id: bigint; username: string; token: string; password: string }> {
  adminSeq += 1;
  const merchantCode = over.merchantCode ?? 'demo';
  const merchant = await t.app.modules.merchants.findByCode(merchantCode);
  if (!merchant) throw new Error(`createTestAdmin: no merchant ${merchantCode}`);
  const username = over.username ?? `adm${adminSeq}${randomBytes(3).toString('hex')}`;
  const password = `test admin pw ${randomBytes(6).toString('hex')}`;
  const row = await t.app.modules.admin.create({ merchantId: merchant.id, username, password });
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    headers: { merchant: merchantCode },
    payload: { username: row.username, password },
    // A distinct address per admin, so the per-IP login window never throttles a test that creates many admins.
    remoteAddress: `10.250.${Math.floor(adminSeq / 250) % 250}.${(adminSeq % 250) + 1}`,
  });
  const body = res.json();
  if (!body.success) throw new Error(`createTestAdmin: login failed: ${res.body}`);
  return { id: row.id, username: row.username, token: body.value.token as string, password };
}
