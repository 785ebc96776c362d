import {
  changePasswordRequest,
  deviceParams,
  loginCheckAnswer,
  loginCheckResend,
  loginCheckResult,
  loginCheckSent,
  memberDevices,
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
import { clientOf } from './devices.ts';
import type { LoginCheckService } from './login-check.service.ts';
import type { EmailResetService } from './email-reset.service.ts';
import type { PasswordService } from './password.service.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  loginCheck: LoginCheckService,
  /** Told of the sessions a removed device had (their sockets are dropped). */
  ended: (memberId: bigint, sessionIds: bigint[]) => void,
): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/session/login',
      summary:
        'Log in by username + password or mobile + SMS code; returns an opaque token. From a new device and IP ' +
        '(Device-Id header) the merchant may ask a check first: error login_check_required with the challenge',
      tags: ['session'],
      body: loginRequest,
      encrypted: true,
      response: loginResult,
    },
    ({ merchant, body, ip, request }) => auth.login(merchant, body, clientOf(request, ip)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/session/login/check',
      summary: "Answer a login's new-device check (code or bank account holder's name); returns the session",
      tags: ['session'],
      body: loginCheckAnswer,
      encrypted: true,
      response: loginCheckResult,
    },
    ({ merchant, body, ip, request }) => auth.answerCheck(merchant, body, clientOf(request, ip)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/session/login/check/send',
      summary: "Send the login check's code again (after the cooldown, a few times at most)",
      tags: ['session'],
      body: loginCheckResend,
      response: loginCheckSent,
    },
    ({ merchant, body, ip, request }) => loginCheck.resend(merchant, body.challengeId, clientOf(request, ip)),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/devices',
      summary: 'The devices the member logged in from (remembered: no new-device check from them)',
      tags: ['member'],
      response: memberDevices,
      auth: 'member',
    },
    ({ merchant, member, ip, request }) => loginCheck.devices(merchant.id, member.memberId, clientOf(request, ip)),
  );

  defineMemberRoute(
    app,
    {
      method: 'DELETE',
      url: '/wps/member/devices/:id',
      summary: 'Forget a device: its next login is checked again and its other sessions end',
      tags: ['member'],
      params: deviceParams,
      response: z.null(),
      auth: 'member',
    },
    async ({ merchant, member, params }) => {
      const sessions = await loginCheck.removeDevice(merchant.id, member.memberId, BigInt(params.id), member.sessionId);
      if (sessions.length) ended(member.memberId, sessions);
      return null;
    },
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
    ({ merchant, body, ip, request }) => passwords.resetByPhone(merchant, body, clientOf(request, ip)),
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
    ({ merchant, ip, request }) => passwords.freeplay(merchant, clientOf(request, ip)),
  );
}
