import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Merchant } from '../../src/modules/merchants/index.ts';
import { fundMember } from './money.ts';
import type { TestApp } from './test-app.ts';

export interface Player {
  id: bigint;
  account: string;
  password: string;
  token: string;
  merchant: Merchant;
}

let seq = 0;

/**
 * A member (type 0 by default; an agent or trial type when asked) with a live session, made through the
 * members and auth faces (no login round trip, so per-IP login limits never get in the way), optionally
 * under an upline and funded through the ledger (minor units).
 */
export async function newPlayer(
  t: TestApp,
  merchant: Merchant,
  opts: { type?: number; upline?: { id: bigint }; fund?: bigint; password?: string; account?: string } = {},
): Promise<Player> {
  seq += 1;
  const password = opts.password ?? 'player password 1';
  const row = await t.app.modules.members.create({
    merchant,
    account: opts.account ?? `p${seq}${randomUUID().slice(0, 8)}`,
    password,
    type: opts.type ?? 0,
    uplineId: opts.upline?.id ?? null,
  });
  const { token } = await t.app.modules.auth.startSession(merchant, row, 'member', 'password', {
    ip: '203.0.113.5',
    userAgent: 'vitest',
  });
  if (opts.fund) await fundMember(t.app.modules, merchant, row.id, opts.fund);
  return { id: row.id, account: row.account, password, token, merchant };
}

/** An agent (type 1) with an agent-area session, made through the members face with its rebate point. */
export async function newAgent(
  t: TestApp,
  merchant: Merchant,
  opts: { upline?: { id: bigint }; rebatePoint?: string } = {},
) {
  const row = await t.app.modules.members.create({
    merchant,
    account: `ag${randomUUID().slice(0, 8)}`,
    password: 'agent password 1',
    type: 1,
    uplineId: opts.upline?.id ?? null,
    rebatePoint: opts.rebatePoint ?? '10',
  });
  const { token } = await t.app.modules.auth.startSession(merchant, row, 'agent', 'password', {
    ip: '203.0.113.9',
    userAgent: 'vitest',
  });
  return { id: row.id, account: row.account, token, merchant, affiliateCode: row.affiliate_code };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart/form-data body: text fields and file parts. */
export function multipart(
  fields: Record<string, string>,
  file?: MultipartFile | MultipartFile[],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----sea-test-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name ?? 'image.png'}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
type MultipartFile = { field: string; content: Buffer; name?: string; type?: string };

/** A plain test picture (PNG, JPEG or GIF) of the given size. */
export const testImage = (format: 'png' | 'jpeg' | 'gif', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
