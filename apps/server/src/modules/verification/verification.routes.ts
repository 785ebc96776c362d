import { type FeatureFlag, smsCodeRequest, smsCodeSent } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { CodePurpose, VerificationService } from './verification.service.ts';

const tags = ['verification'];
/** The public routes' purposes and the flag that enables each (mobile_change is the security centre's own). */
const FLAG_FOR: Record<Exclude<CodePurpose, 'mobile_change'>, FeatureFlag[]> = {
  login: ['MOBILEVERCODELOGIN3'],
  reset: ['FORGOTPWDPHONE3'],
  register: ['MOBILENUMREG3', 'REGMOBVERF3'],
};

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: { verification: VerificationService; merchants: Pick<MerchantsModule, 'flags'> },
): void {
  const send =
    (purpose: Exclude<CodePurpose, 'mobile_change'>) =>
    async (ctx: {
      merchant: Parameters<VerificationService['sendCode']>[0]['merchant'];
      body: z.infer<typeof smsCodeRequest>;
      ip: string;
    }) => {
      const flags = await deps.merchants.flags(ctx.merchant.id);
      if (!FLAG_FOR[purpose].some((f) => flags[f])) throw new AppError('function_not_enabled');
      return deps.verification.sendCode({ merchant: ctx.merchant, purpose, ip: ctx.ip, ...ctx.body });
    };

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      summary: 'Send an SMS code for login (purpose login) or password recovery (purpose reset); captcha required',
      tags,
      body: smsCodeRequest.extend({ purpose: z.enum(['login', 'reset']).default('login') }),
      response: smsCodeSent,
    },
    (ctx) => send(ctx.body.purpose)(ctx),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/verification/sms/register',
      summary: 'Send an SMS code for registration; captcha required',
      tags,
      body: smsCodeRequest,
      response: smsCodeSent,
    },
    send('register'),
  );
}
