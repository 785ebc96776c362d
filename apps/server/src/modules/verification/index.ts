import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { CaptchaModule } from '../captcha/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { SmsProvider } from './sms-provider.ts';
import { anonymiseVerification } from './verification-anonymise.repository.ts';
import { createVerificationRepository } from './verification.repository.ts';
import { registerVerificationRoutes } from './verification.routes.ts';
import { createVerificationService } from './verification.service.ts';
import type { VerificationTables } from './verification.tables.ts';

export { createHttpSmsProvider, SmsDeliveryError, type SmsMessage, type SmsProvider } from './sms-provider.ts';
export { normaliseNumber, SMS_RULES, type CodePurpose } from './verification.service.ts';

/** SMS verification codes (login, registration, reset) with the SMS-pumping defences; the SMS provider seam. */
export function createVerificationModule(deps: {
  db: AnyDb;
  captcha: Pick<CaptchaModule, 'verify'>;
  merchants: Pick<MerchantsModule, 'flags'>;
  sms: SmsProvider;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const service = createVerificationService({
    repo: createVerificationRepository(tablesOf<VerificationTables>(deps.db)),
    captcha: deps.captcha,
    sms: deps.sms,
    limiter: deps.limiter,
    clock: deps.clock,
  });
  return {
    ...service,
    /**
     * The retention anonymisation (profile module, issue 25), on the caller's transaction: codes sent to the member's
     * number deleted, the member's IPs blanked on codes asked for before the closure; rows changed.
     */
    anonymiseMember: (trx: AnyDb, who: Parameters<typeof anonymiseVerification>[1]) => anonymiseVerification(trx, who),
    register(app: FastifyInstance): void {
      registerVerificationRoutes(app, { verification: service, merchants: deps.merchants });
    },
  };
}

export type VerificationModule = ReturnType<typeof createVerificationModule>;
