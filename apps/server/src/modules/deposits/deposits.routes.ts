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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../gateways/envelope.ts';
import { defineRoute } from '../../gateways/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { DepositsService } from './deposits.service.ts';
import { RECEIPT_MAX_BYTES } from './receipt.ts';

const tags = ['deposit'];
const CALLBACK_BODY_LIMIT = 64 * 1024;

/** Member deposit routes (real accounts only) and the gateways' callback route. */
export function registerDepositRoutes(app: FastifyInstance, deposits: DepositsService): void {
  defineRoute(
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

  defineRoute(
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

  defineRoute(
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
      const { fields, receipt } = await readManualForm(request);
      const parsed = manualDepositFields.safeParse(fields);
      if (!parsed.success) {
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: parsed.error.issues.map((i) => ({ field: i.path.join('.'), reason: i.code, message: i.message })),
        });
      }
      return deposits.createManual(merchant, member.memberId, parsed.data, receipt ?? new Uint8Array());
    },
  );

  defineRoute(
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

/** Reads the multipart form of a manual deposit: its text fields and the one receipt file. */
async function readManualForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; receipt?: Buffer }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let receipt: Buffer | undefined;
  for await (const part of request.parts({
    limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'receipt' || receipt) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      receipt = await part.toBuffer().catch(() => {
        throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
      });
      if (part.file.truncated) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, receipt };
}
