import { affiliateQuery, affiliateResult, loginResult, registerRequest } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { clientOf } from './devices.ts';
import type { SignupService } from './signup.service.ts';

export function registerSignupRoutes(app: FastifyInstance, signup: SignupService): void {
  for (const method of ['username', 'mobile'] as const) {
    defineRoute(
      app,
      {
        method: 'PUT',
        url: method === 'username' ? '/wps/member/register' : '/wps/member/register/mobile',
        summary:
          method === 'username'
            ? 'Register by username; logs the new member in'
            : 'Register by mobile number (it becomes the username); logs in',
        tags: ['registration'],
        body: registerRequest,
        response: loginResult,
        encrypted: true,
      },
      ({ merchant, body, ip, request }) => signup.register(merchant, method, body, clientOf(request, ip)),
    );
  }

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/affiliate',
      summary: 'Check an invitation (affiliate) code',
      tags: ['registration'],
      querystring: affiliateQuery,
      response: affiliateResult,
    },
    ({ merchant, query }) => signup.checkAffiliate(merchant, query.affiliateCode),
  );
}
