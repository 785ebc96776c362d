import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { AdminService, AuthenticatedAdmin } from '../modules/admin/admin.service.ts';
import type { Merchant } from '../modules/merchants/merchants.types.ts';
import { bearerToken } from './auth-context.ts';
import { ok } from './envelope.ts';
import { requireMerchant } from './merchant-context.ts';
import { type AnySchema, type BaseRouteSpec, type Infer, routeSchema } from './route.ts';

/** A back-office route: `url` must start with /admin/api/. */
export interface AdminRouteSpec<
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
  P extends AnySchema | undefined,
  R extends AnySchema,
> extends BaseRouteSpec<Q, B, P, R> {
  /**
   * Who may call it. 'admin' (default): a live admin session of this merchant whose password is not a pending
   * one-time password. 'password-pending': also while the one-time password still has to be changed (me, logout,
   * password change). 'none': no session (login).
   */
  session?: 'admin' | 'password-pending' | 'none';
}

export interface AdminRouteContext<Q, B, P> {
  /** The admin of the session (undefined only on `session: 'none'` routes). */
  admin: AuthenticatedAdmin;
  query: Q;
  body: B;
  params: P;
  /** The request's merchant; the admin always belongs to it. */
  merchant: Merchant;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

const adminKey = Symbol('adminService');
/** What preValidation established for a request (merchant, and the admin unless the route is open). */
const resolved = new WeakMap<FastifyRequest, { merchant: Merchant; admin?: AuthenticatedAdmin }>();
type WithAdmin = FastifyInstance & { [adminKey]?: Pick<AdminService, 'authenticate'> };

export function registerAdminContext(app: FastifyInstance, admin: Pick<AdminService, 'authenticate'>): void {
  (app as WithAdmin)[adminKey] = admin;
}

async function requireAdmin(
  request: FastifyRequest,
  merchant: Merchant,
  rule: 'admin' | 'password-pending',
): Promise<AuthenticatedAdmin> {
  const service = (request.server as WithAdmin)[adminKey];
  if (!service) throw new Error('registerAdminContext was not called');
  const token = bearerToken(request);
  const admin = token ? await service.authenticate(merchant, token) : null;
  if (!admin || admin.merchantId !== merchant.id) throw new AppError('admin_unauthorized');
  if (rule === 'admin' && admin.mustChangePassword) {
    throw new AppError('forbidden', 'Change the one-time password first (POST /admin/api/session/password).', {
      passwordChangeRequired: true,
    });
  }
  return admin;
}

/**
 * Declares one enveloped back-office route. The merchant comes from the request like every other route, but
 * without the maintenance/region gate (operators must be able to act while the site is closed).
 */
export function defineAdminRoute<
  R extends AnySchema,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
>(
  app: FastifyInstance,
  spec: AdminRouteSpec<Q, B, P, R>,
  handler: (ctx: AdminRouteContext<Infer<Q>, Infer<B>, Infer<P>>) => Promise<z.infer<R>> | z.infer<R>,
): void {
  if (!spec.url.startsWith('/admin/api/')) throw new Error(`admin route outside /admin/api/: ${spec.url}`);
  const session = spec.session ?? 'admin';
  app.route({
    method: spec.method,
    url: spec.url,
    schema: routeSchema(spec, session !== 'none'),
    // Authentication before body validation: an anonymous caller learns nothing about the request shapes.
    preValidation: async (request) => {
      const merchant = await requireMerchant(request, { gate: false });
      resolved.set(request, {
        merchant,
        ...(session !== 'none' && { admin: await requireAdmin(request, merchant, session) }),
      });
    },
    handler: async (request, reply) => {
      const { merchant, admin = undefined as unknown as AuthenticatedAdmin } = resolved.get(request)!;
      const value = await handler({
        admin,
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
