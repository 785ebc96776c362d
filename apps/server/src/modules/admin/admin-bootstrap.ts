import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MerchantsModule } from '../merchants/index.ts';
import type { AdminService } from './admin.service.ts';

/**
 * First start: when the default merchant has no admin yet, creates `admin` with a random one-time password
 * (must be changed at first login), shows it once on the console and, when `passwordFile` is given, writes it to
 * that file readable by the owner only (mode 0600; removed once the password is changed, `forgetOneTimePassword`).
 * The password is never stored in clear in the database and never written to the structured log (which may be
 * shipped elsewhere); the log only says where to look.
 */
export async function bootstrapFirstAdmin(
  deps: {
    merchants: Pick<MerchantsModule, 'findByCode'>;
    admin: Pick<AdminService, 'bootstrapFirstAdmin'>;
    log: FastifyBaseLogger;
    passwordFile?: string;
  },
  merchantCode: string,
  print: (line: string) => void = (line) => console.warn(line),
): Promise<boolean> {
  const merchant = await deps.merchants.findByCode(merchantCode);
  if (!merchant) return false;
  const created = await deps.admin.bootstrapFirstAdmin(merchant.id);
  if (!created) return false;
  const file = deps.passwordFile;
  if (file) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      `merchant: ${merchant.code}\nusername: ${created.username}\none-time password: ${created.password}\n`,
      { mode: 0o600 },
    );
    await chmod(file, 0o600); // an older file keeps its mode through writeFile
  }
  deps.log.warn(
    { merchant: merchant.code, username: created.username, ...(file && { file }) },
    'First back-office admin created with a one-time password (printed once on the console); log in at POST /admin/api/session/login and change it.',
  );
  print(
    [
      '',
      '==================================================================',
      ` Back-office admin for merchant "${merchant.code}"`,
      `   username: ${created.username}`,
      `   one-time password: ${created.password}`,
      ...(file ? [`   also in ${file}`, '   (readable by this user only; deleted once the password is changed)'] : []),
      ' It must be changed at first login (POST /admin/api/session/password).',
      '==================================================================',
      '',
    ].join('\n'),
  );
  return true;
}

/** After a password change: the one-time password file goes once the password it holds is no longer valid. */
export async function forgetOneTimePassword(file: string | undefined, oldPassword: string): Promise<void> {
  if (!file) return;
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text?.split('\n').includes(`one-time password: ${oldPassword}`)) await rm(file, { force: true });
}
