import {
  depositItem,
  depositList,
  depositMethodList,
  depositOrderRequest,
  depositOrderResult,
  depositPageQuery,
  depositStatus,
  envelopeOf,
  manualDepositFields,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { readMultipartForm } from '../../http/multipart.ts';
import { defineMemberRoute } from '../../http/route.ts';
import type { DepositsService } from './deposits.service.ts';

const tags = ['deposit'];
const CALLBACK_BODY_LIMIT = 64 * 1024;

/** Member deposit routes (real accounts only) and the gateways' callback route. */
export function registerDepositRoutes(app: FastifyInstance, deposits: DepositsService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/deposit/methods',
      summary: 'Payment methods of this merchant for deposits',
      tags,
      response: depositMethodList,
      auth: 'real',
    },
    ({ merchant }) => deposits.methods(merchant),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/deposit/orders',
      summary: 'Open a payment-gateway deposit (idempotent on requestId); the browser then goes to payUrl',
      tags,
      body: depositOrderRequest,
      response: depositOrderResult,
      auth: 'real',
    },
    ({ merchant, member, body }) => deposits.createOrder(merchant, member.memberId, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/deposit/manual',
      summary:
        'Declare a bank transfer (multipart: methodCode, amount, requestId, receipt = PNG/JPG ≤ 5 MB); pending review',
      tags,
      response: depositItem,
      auth: 'real',
    },
    async ({ merchant, member, request }) => {
      const { fields, file } = await readMultipartForm(request, { fields: manualDepositFields, file: 'receipt' });
      return deposits.createManual(merchant, member.memberId, fields, file ?? new Uint8Array());
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/deposit/list',
      summary: 'The member’s deposits, newest first',
      tags,
      querystring: depositPageQuery,
      response: depositList,
      auth: 'real',
    },
    ({ merchant, member, query }) => deposits.list(merchant, member.memberId, query),
  );

  // Gateways sign the exact bytes they send, so this scope keeps the body raw (any content type) for the check.
  // No member session and no maintenance gate: money that arrives must be recorded whatever the site's state.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.route({
      method: 'POST',
      url: '/wps/deposit/callback/:gateway',
      schema: {
        summary: 'Payment-gateway callback (signed; HMAC-SHA256 over timestamp + raw body for the sandbox gateway)',
        tags,
        params: z.object({ gateway: z.string().regex(/^[a-z0-9_]{1,32}$/) }),
        response: { 200: envelopeOf(z.object({ depositId: z.string(), status: depositStatus })) },
      },
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { gateway } = request.params as { gateway: string };
        return ok(await deposits.handleCallback(gateway, request.headers, raw));
      },
    });
  });
}
