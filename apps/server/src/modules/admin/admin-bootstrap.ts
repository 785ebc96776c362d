import type { FastifyBaseLogger } from 'fastify';
import type { MerchantsModule } from '../merchants/index.ts';
import type { AdminService } from './admin.service.ts';

/**
 * First start: when the default merchant has no admin yet, creates `admin` with a random one-time password
 * (must be changed at first login) and shows it exactly once on the console. The password is never stored in
 * clear and never written to the structured log (which may be shipped elsewhere); the log only says where to look.
 */
export async function bootstrapFirstAdmin(
  deps: {
    merchants: Pick<MerchantsModule, 'findByCode'>;
    admin: Pick<AdminService, 'bootstrapFirstAdmin'>;
    log: FastifyBaseLogger;
  },
  merchantCode: string,
  print: (line: string) => void = (line) => console.warn(line),
): Promise<boolean> {
  const merchant = await deps.merchants.findByCode(merchantCode);
  if (!merchant) return false;
  const created = await deps.admin.bootstrapFirstAdmin(merchant.id);
  if (!created) return false;
  deps.log.warn(
    { merchant: merchant.code, username: created.username },
    'First back-office admin created with a one-time password (printed once on the console below); log in at POST /admin/api/session/login and change it.',
  );
  print(
    [
      '',
      '==================================================================',
      ` Back-office admin for merchant "${merchant.code}"`,
      `   username: ${created.username}`,
      `   one-time password: ${created.password}`,
      ' Shown only this once. It must be changed at first login',
      ' (POST /admin/api/session/password).',
      '==================================================================',
      '',
    ].join('\n'),
  );
  return true;
}
