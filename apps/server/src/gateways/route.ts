import { envelopeOf } from '@sea/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { ok } from './envelope.ts';
import type { AuthenticatedMember } from '../modules/auth/auth.service.ts';
import { requireMember } from './auth-context.ts';
import { decryptBodyIfNeeded } from './payload-context.ts';
import { requireMerchant } from './merchant-context.ts';
import type { Merchant } from '../modules/merchants/merchants.types.ts';

export type AnySchema = z.ZodType;
export type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What every enveloped route declares (player routes here, back-office routes in admin-route.ts). */
export interface BaseRouteSpec<
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
  P extends AnySchema | undefined,
  R extends AnySchema,
> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags: string[];
  querystring?: Q;
  body?: B;
  params?: P;
  /** Schema of `value` in the envelope. It is also the presenter: undeclared fields are dropped. */
  response: R;
}

/** The Fastify schema (validation, serialisation, OpenAPI) of a route spec. */
export function routeSchema(
  spec: BaseRouteSpec<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AnySchema>,
  secured: boolean,
) {
  return {
    summary: spec.summary,
    tags: spec.tags,
    ...(spec.querystring && { querystring: spec.querystring }),
    ...(spec.body && { body: spec.body }),
    ...(spec.params && { params: spec.params }),
    response: { 200: envelopeOf(spec.response) },
    ...(secured && { security: [{ bearer: [] }] }),
  };
}

export interface RouteSpec<
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
  P extends AnySchema | undefined,
  R extends AnySchema,
> extends BaseRouteSpec<Q, B, P, R> {
  /**
   * 'open' (default): merchant resolved and its maintenance/region gate enforced.
   * 'system': merchant resolved, gate not enforced (the status calls the shell needs while blocked).
   */
  access?: 'open' | 'system';
  /** 'none' (default), 'member' (a session), or 'real' (a session of a real, non-trial account). */
  auth?: 'none' | 'member' | 'real';
  /** The spec marks this call encrypted: an encrypted body is accepted (and required when the merchant says so). */
  encrypted?: boolean;
}

export interface RouteContext<Q, B, P> {
  /** Set when the route declares `auth`. */
  member: AuthenticatedMember;
  query: Q;
  body: B;
  params: P;
  merchant: Merchant;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Declares one enveloped /wps or /lgw route: schemas in, `{success, value, message, code}` out. */
export function defineRoute<
  R extends AnySchema,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P, R>,
  handler: (ctx: RouteContext<Infer<Q>, Infer<B>, Infer<P>>) => Promise<z.infer<R>> | z.infer<R>,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    schema: routeSchema(spec, Boolean(spec.auth && spec.auth !== 'none')),
    ...(spec.encrypted && { preValidation: decryptBodyIfNeeded }),
    handler: async (request, reply) => {
      const merchant = await requireMerchant(request, { gate: (spec.access ?? 'open') === 'open' });
      const member =
        spec.auth && spec.auth !== 'none'
          ? await requireMember(request, merchant, spec.auth)
          : (undefined as unknown as AuthenticatedMember);
      const value = await handler({
        member,
        query: request.query as Infer<Q>,
        body: request.body as Infer<B>,
        params: request.params as Infer<P>,
        merchant,
        ip: request.clientIp,
        request,
        reply,
      });
      return ok(value);
    },
  });
}

export const emptyObject = z.object({});

/** `:id` path parameter of a row (bigint id). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/)
    .transform((v) => BigInt(v)),
});
