import { type AdminPermission, envelopeOf } from '@sea/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { referencePattern } from '../lib/reference.ts';
import { ok } from './envelope.ts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from './principals.ts';
import { decryptBody, requireAdmin, requireMember, requireMerchant, resolved } from './route-kit.ts';

export type AnySchema = z.ZodType;
export type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What every enveloped route declares. */
export interface RouteSpec<
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
  /**
   * Player routes: 'open' (default) enforces the merchant's maintenance/region gate; 'system' does not (the
   * status calls the shell needs while blocked). Back-office routes never take the gate.
   */
  access?: 'open' | 'system';
  /** The spec marks this call encrypted: an encrypted body is accepted (and required when the merchant says so). */
  encrypted?: boolean;
}

/** What a handler receives. */
export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  merchant: Merchant;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<Ctx, R extends AnySchema> = (ctx: Ctx) => Promise<z.infer<R>> | z.infer<R>;
type Spec = RouteSpec<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AnySchema>;

/** The Fastify schema (validation, serialisation, OpenAPI) of a route spec. */
function routeSchema(spec: Spec, secured: boolean) {
  const permission = (spec as { permission?: string }).permission;
  return {
    summary: spec.summary,
    ...(permission && {
      description:
        permission === 'signed-in' ? 'Any signed-in staff member.' : `Staff permission required: \`${permission}\`.`,
    }),
    tags: spec.tags,
    ...(spec.querystring && { querystring: spec.querystring }),
    ...(spec.body && { body: spec.body }),
    ...(spec.params && { params: spec.params }),
    response: { 200: envelopeOf(spec.response) },
    ...(secured && { security: [{ bearer: [] }] }),
  };
}

/**
 * The one route builder. Principals are resolved in preValidation — merchant (and its gate), then the member
 * or admin session, then the encrypted body — so an anonymous or blocked caller learns nothing about the
 * request shapes, and a handler only ever runs for a caller the route admits.
 */
type Principal = (request: FastifyRequest, merchant: Merchant) => Promise<void>;

function register<Ctx>(
  app: FastifyInstance,
  spec: Spec,
  principal: { secured: boolean; gate: boolean; resolve?: Principal },
  context: (base: RouteContext<unknown, unknown, unknown>) => Ctx,
  handler: (ctx: Ctx) => unknown,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    schema: routeSchema(spec, principal.secured),
    preValidation: async (request) => {
      const merchant = await requireMerchant(request, { gate: principal.gate });
      await principal.resolve?.(request, merchant);
      if (spec.encrypted) decryptBody(request, merchant);
    },
    handler: async (request, reply) => {
      const merchant = await requireMerchant(request, { gate: false });
      const base = {
        query: request.query,
        body: request.body,
        params: request.params,
        merchant,
        ip: request.clientIp,
        request,
        reply,
      };
      return ok(await handler(context(base)));
    },
  });
}

type NoExtra = Record<never, never>;

/**
 * A route builder: `principal` says how a spec's caller is admitted (secured in OpenAPI, gate, session) and
 * `extra` what the handler receives beyond the base context (the member, the admin).
 */
function routeBuilder<S extends object, Extra extends object>(how: {
  principal: (spec: Spec & S) => { secured: boolean; gate: boolean; resolve?: Principal };
  extra: (request: FastifyRequest) => Extra;
  check?: (app: FastifyInstance, spec: Spec & S) => void;
}) {
  return <
    R extends AnySchema,
    Q extends AnySchema | undefined = undefined,
    B extends AnySchema | undefined = undefined,
    P extends AnySchema | undefined = undefined,
  >(
    app: FastifyInstance,
    spec: RouteSpec<Q, B, P, R> & S,
    handler: Handler<RouteContext<Infer<Q>, Infer<B>, Infer<P>> & Extra, R>,
  ): void => {
    how.check?.(app, spec);
    register(
      app,
      spec,
      how.principal(spec),
      (base) => ({
        ...(base as RouteContext<Infer<Q>, Infer<B>, Infer<P>>),
        ...how.extra(base.request),
      }),
      handler,
    );
  };
}

const playerGate = (spec: Spec) => (spec.access ?? 'open') === 'open';

/** Admin routes live under /admin/api/ and say what they need; the route kit's registry keeps it for the checks. */
function declareAdminRoute(app: FastifyInstance, spec: Spec, permission: string) {
  if (!spec.url.startsWith('/admin/api/')) throw new Error(`admin route outside /admin/api/: ${spec.url}`);
  if (!permission) throw new Error(`admin route without a permission: ${spec.method} ${spec.url}`);
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  for (const m of methods) app.adminRoutes.set(`${m} ${spec.url}`, permission);
}

/** A player route open to visitors (/wps, /lgw). */
export const defineRoute = routeBuilder<NoExtra, NoExtra>({
  principal: (spec) => ({ secured: false, gate: playerGate(spec) }),
  extra: () => ({}),
});

/** A player route behind a member session: 'member' any account, 'real' not a trial account. */
export const defineMemberRoute = routeBuilder<{ auth: 'member' | 'real' }, { member: AuthenticatedMember }>({
  principal: (spec) => ({
    secured: true,
    gate: playerGate(spec),
    resolve: async (request, merchant) => {
      request.member = await requireMember(request, merchant, spec.auth);
    },
  }),
  extra: (request) => ({ member: resolved(request.member, 'member') }),
});

/**
 * A back-office route (/admin/api/*) behind an admin session of the request's merchant whose role holds
 * `permission` ('signed-in': any staff member), without the maintenance/region gate (operators must be able to
 * act while the site is closed). 'admin' (default): the account's set-up is done (one-time password changed,
 * two-factor sign-in on where the role needs it); 'setup': also before (me, password change, enrolment).
 * A refusal happens before the body is even validated: nothing of the request runs.
 */
export const defineAdminRoute = routeBuilder<
  { permission: AdminPermission | 'signed-in'; session?: 'admin' | 'setup' },
  { admin: AuthenticatedAdmin }
>({
  check: (app, spec) => declareAdminRoute(app, spec, spec.permission),
  principal: (spec) => ({
    secured: true,
    gate: false,
    resolve: async (request, merchant) => {
      request.admin = await requireAdmin(request, merchant, spec.session ?? 'admin', spec.permission);
    },
  }),
  extra: (request) => ({ admin: resolved(request.admin, 'admin') }),
});

/** A back-office route without a session (login, logout). */
export const defineAdminOpenRoute = routeBuilder<NoExtra, NoExtra>({
  check: (app, spec) => declareAdminRoute(app, spec, 'public'),
  principal: () => ({ secured: false, gate: false }),
  extra: () => ({}),
});

export const emptyObject = z.object({});

/**
 * `:id` path parameter naming a row by its public reference (`DEP-7K3Q9M2X`, `WDR-…`): random, so a path tells
 * nothing about how many orders the site has (the row's bigint id never leaves the server).
 */
export const referenceParams = (prefix: string) =>
  z.object({ id: z.string().regex(referencePattern(prefix), `A reference such as ${prefix}-7K3Q9M2X.`) });

/** `:id` path parameter of a row (bigint id). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/)
    .transform((v) => BigInt(v)),
});
