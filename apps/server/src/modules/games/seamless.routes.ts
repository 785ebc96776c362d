import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SEAMLESS_HEADERS,
  SEAMLESS_PATH,
  SEAMLESS_TOLERANCE_SECONDS,
  type SeamlessResponse,
  seamlessBalanceRequest,
  seamlessBetRequest,
  seamlessRollbackRequest,
  seamlessWinRequest,
} from '@sea/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Merchant } from '../../http/principals.ts';
import { findTextProblem } from '../../http/validation.ts';
import type { VendorRow } from './catalogue.repository.ts';
import type { SeamlessService, WalletAnswer, WalletCall } from './seamless.service.ts';

const BODY_LIMIT = 64 * 1024;

/** hex HMAC-SHA256 over `<timestamp>.<raw body>` (what vendors sign and what our demo vendor signs). */
export function signSeamless(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function send(reply: FastifyReply, httpStatus: number, body: string) {
  return reply.status(httpStatus).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** A database error about the data itself (SQLSTATE class 22), which no retry of the same request gets past. */
const isDataException = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && /^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown }).code));

const plain = (status: SeamlessResponse['status'], message: string) => JSON.stringify({ status, message });

/**
 * The seamless-wallet endpoints (POST /wallet/v1/{balance,bet,win,rollback}). The body stays raw until the
 * signature over it has been checked in constant time; nothing is read or written for a caller that fails it.
 * Not enveloped: this is the vendors' protocol, not the site's API.
 */
export function registerSeamlessRoutes(
  app: FastifyInstance,
  deps: {
    seamless: SeamlessService;
    /** The merchant and vendor a call claims to come from, with the vendor's key (undefined: unknown). */
    resolve(
      operator: string,
      vendor: string,
    ): Promise<{ merchant: Merchant; vendor: VendorRow; secret: string } | undefined>;
    clock: () => Date;
  },
): void {
  const operations: Array<[string, z.ZodObject, (c: WalletCall<never>) => Promise<WalletAnswer>]> = [
    ['balance', seamlessBalanceRequest, (c) => deps.seamless.balance(c)],
    ['bet', seamlessBetRequest, (c) => deps.seamless.bet(c)],
    ['win', seamlessWinRequest, (c) => deps.seamless.win(c)],
    ['rollback', seamlessRollbackRequest, (c) => deps.seamless.rollback(c)],
  ];

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    for (const [op, schema, run] of operations) {
      scope.post(`${SEAMLESS_PATH}/${op}`, { schema: { hide: true } }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const timestamp = header(request, SEAMLESS_HEADERS.timestamp) ?? '';
        const signature = header(request, SEAMLESS_HEADERS.signature) ?? '';
        const target = await deps.resolve(
          header(request, SEAMLESS_HEADERS.operator) ?? '',
          header(request, SEAMLESS_HEADERS.vendor) ?? '',
        );
        const now = Math.floor(deps.clock().getTime() / 1000);
        const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(now - Number(timestamp)) <= SEAMLESS_TOLERANCE_SECONDS;
        const expected = target && fresh ? signSeamless(target.secret, timestamp, raw) : undefined;
        if (
          !target ||
          !expected ||
          !/^[0-9a-f]{64}$/i.test(signature) ||
          !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature.toLowerCase(), 'hex'))
        ) {
          return send(reply, 401, plain('INVALID_SIGNATURE', 'The signature, timestamp or caller is not valid.'));
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          return send(reply, 400, plain('BAD_REQUEST', 'The body is not valid JSON.'));
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          const first = parsed.error.issues[0];
          return send(
            reply,
            400,
            plain('BAD_REQUEST', `${first?.path.join('.') || 'body'}: ${first?.message ?? 'invalid'}`),
          );
        }
        // Text no database can store (NUL and other control characters, lone surrogates) in a field of the
        // protocol: a permanent refusal, not TEMPORARY_ERROR — the same ids would fail on every retry. (Unknown
        // extra fields are ignored, whatever they hold.)
        const known = Object.keys(schema.shape);
        const bad = findTextProblem(
          Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([k]) => known.includes(k))),
        );
        if (bad) return send(reply, 400, plain('BAD_REQUEST', `${bad.path.join('.') || 'body'}: ${bad.message}`));
        try {
          const out = await run({ merchant: target.merchant, vendor: target.vendor, body: parsed.data as never });
          return send(reply, 200, out.json);
        } catch (err) {
          // Nothing was committed (one transaction per call). A value the database refuses as data (SQLSTATE
          // class 22: out of range, invalid text…) fails the same way on every retry: a permanent BAD_REQUEST.
          if (isDataException(err)) {
            request.log.warn({ err, op }, 'seamless wallet call refused by the database as data; BAD_REQUEST');
            return send(reply, 400, plain('BAD_REQUEST', 'A value of the request cannot be stored.'));
          }
          // Anything else may pass on a retry: the vendor retries with the same ids.
          request.log.warn({ err, op }, 'seamless wallet call failed; answered TEMPORARY_ERROR');
          return send(reply, 503, plain('TEMPORARY_ERROR', 'Please retry with the same ids.'));
        }
      });
    }
  });
}
