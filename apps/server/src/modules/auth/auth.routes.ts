import {
  changePasswordRequest,
  emailResetComplete,
  emailResetRequest,
  freeplayRequest,
  loginRequest,
  loginResult,
  resetByPhoneRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineMemberRoute, defineRoute } from '../../http/route.ts';
import { bearerToken } from '../../http/route-kit.ts';
import type { AuthService } from './auth.service.ts';
import type { EmailResetService } from './email-reset.service.ts';
import type { PasswordService } from './password.service.ts';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/session/login',
      summary: 'Log in by username + password or mobile + SMS code; returns an opaque token',
      tags: ['session'],
      body: loginRequest,
      encrypted: true,
      response: loginResult,
    },
    ({ merchant, body, ip, request }) =>
      auth.login(merchant, body, { ip, userAgent: String(request.headers['user-agent'] ?? '') }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/wps/session/logout',
      summary: 'Revoke the current session (idempotent)',
      tags: ['session'],
      response: z.null(),
      access: 'system',
    },
    async ({ request }) => {
      const token = bearerToken(request);
      if (token) await auth.logout(token);
      return null;
    },
  );
}

export function registerPasswordRoutes(
  app: FastifyInstance,
  passwords: PasswordService,
  emailReset: EmailResetService,
): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/password/email',
      summary: 'Forgot password by e-mail: sends a reset link when username and e-mail match (same answer either way)',
      tags: ['member'],
      body: emailResetRequest,
      response: z.null(),
    },
    async ({ merchant, body, ip, request }) => {
      const host = String(request.headers.host ?? 'localhost');
      await emailReset.request(merchant, body, `${request.protocol}://${host}`, ip);
      return null;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/password/email/reset',
      summary: 'Set a new password with the e-mailed link token',
      tags: ['member'],
      body: emailResetComplete,
      response: z.null(),
    },
    async ({ merchant, body }) => {
      await emailReset.complete(merchant, body);
      return null;
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/password',
      summary: 'Change password (also the forced change after login); other sessions end',
      tags: ['member'],
      body: changePasswordRequest,
      encrypted: true,
      response: z.null(),
      auth: 'member',
    },
    async ({ merchant, member, body }) => {
      await passwords.change(merchant, member.memberId, member.sessionId, body);
      return null;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/password/verification',
      summary: 'Forgot password by phone: SMS code + new password, then logged in',
      tags: ['member'],
      body: resetByPhoneRequest,
      encrypted: true,
      response: loginResult,
    },
    ({ merchant, body, ip, request }) =>
      passwords.resetByPhone(merchant, body, { ip, userAgent: String(request.headers['user-agent'] ?? '') }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      summary: 'Free play: a trial account session (FREEPLAY3)',
      tags: ['session'],
      body: freeplayRequest,
      response: loginResult,
    },
    ({ merchant, ip, request }) =>
      passwords.freeplay(merchant, { ip, userAgent: String(request.headers['user-agent'] ?? '') }),
  );
}
