import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import { anonymiseCaptchas } from './captcha-anonymise.repository.ts';
import { createCaptchaRepository } from './captcha.repository.ts';
import { registerCaptchaRoutes } from './captcha.routes.ts';
import { createCaptchaService } from './captcha.service.ts';
import type { CaptchaTables } from './captcha.tables.ts';

/** Image captcha (GET /wps/captcha): single-use challenges stored hashed; `verify` for the flows that need one. */
export function createCaptchaModule(deps: {
  db: AnyDb;
  limiter: WindowLimiter;
  clock: () => Date;
  generate?: () => { text: string; svg: string };
}) {
  const service = createCaptchaService({
    repo: createCaptchaRepository(tablesOf<CaptchaTables>(deps.db)),
    clock: deps.clock,
    generate: deps.generate,
  });
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): captchas from the member's IPs before the closure. */
    anonymiseMember: (trx: AnyDb, who: Parameters<typeof anonymiseCaptchas>[1]) => anonymiseCaptchas(trx, who),
    register(app: FastifyInstance): void {
      registerCaptchaRoutes(app, service, deps.limiter);
    },
  };
}

export type CaptchaModule = ReturnType<typeof createCaptchaModule>;
