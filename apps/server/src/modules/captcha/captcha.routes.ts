import { captchaChallenge } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { CaptchaService } from './captcha.service.ts';

export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService, limiter: WindowLimiter): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/captcha',
      summary: 'A new image captcha (single use, 5 minutes)',
      tags: ['verification'],
      response: captchaChallenge,
    },
    async ({ merchant, ip, reply }) => {
      const limit = await limiter.hit(`captcha:ip:${ip}`, 30, 60_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      reply.header('cache-control', 'no-store');
      return captcha.create(merchant.id, ip);
    },
  );
}
