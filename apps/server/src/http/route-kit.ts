import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { encryptedBody, type PayloadKey } from './payload-crypto.ts';
import type { AdminPermission } from '@sea/contracts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant, PrincipalResolvers } from './principals.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How the route kit resolves principals and decrypts bodies (set once by registerRouteKit). */
    routeKit: { principals: PrincipalResolvers; payloadKey: PayloadKey };
    /**
     * Every route under /admin/api ("METHOD /url") and the permission it declared through the route kit
     * ('public' for sign-in, 'signed-in' for any staff member); null for a route registered around the kit.
     */
    adminRoutes: Map<string, string | null>;
  }
  interface FastifyRequest {
    /** Client address after the trusted-proxy rule, IPv4-mapped IPv6 unwrapped. */
    clientIp: string;
    /** The request's merchant, resolved once (header → host → default). */
    merchantPromise: Promise<Merchant> | null;
    /** Set before the handler on routes that require a member session. */
    member: AuthenticatedMember | null;
    /** Set before the handler on back-office routes that require an admin session. */
    admin: AuthenticatedAdmin | null;
  }
}

/** Wires the principal resolvers and the payload key; every route defined with the kit relies on them. */
export function registerRouteKit(
  app: FastifyInstance,
  kit: { principals: PrincipalResolvers; payloadKey: PayloadKey },
) {
  app.decorate('routeKit', kit);
  app.decorateRequest('clientIp', '');
  app.decorateRequest('merchantPromise', null);
  app.decorateRequest('member', null);
  app.decorateRequest('admin', null);
  app.decorate('adminRoutes', new Map());
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/admin/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (m === 'HEAD') continue;
      const key = `${m} ${route.url}`;
      if (!app.adminRoutes.has(key)) app.adminRoutes.set(key, null);
    }
  });
  app.addHook('onRequest', async (request) => {
    request.clientIp = normaliseIp(request.ip);
  });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

const headerValue = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

/**
 * The merchant of this request (resolved once, then memoised on the request). With `gate`, a merchant in
 * maintenance or a visitor from a blocked region is refused here, before any service runs.
 */
export async function requireMerchant(request: FastifyRequest, opts: { gate: boolean }): Promise<Merchant> {
  const { principals } = request.server.routeKit;
  request.merchantPromise ??= principals.resolveMerchant({
    header: headerValue(request.headers.merchant),
    host: request.headers.host,
  });
  const merchant = await request.merchantPromise;
  if (opts.gate) {
    const status = principals.accessStatus(merchant, request.clientIp);
    if (status === 1) throw new AppError('system_maintenance');
    if (status === 2) throw new AppError('region_restricted', undefined, { ip: request.clientIp });
  }
  return merchant;
}

/**
 * 'member': any logged-in account (401 unauthorized otherwise).
 * 'real': and not a trial account (403 in_need_true_account) — every real-money action uses this.
 */
export async function requireMember(
  request: FastifyRequest,
  merchant: Merchant,
  level: 'member' | 'real',
): Promise<AuthenticatedMember> {
  const token = bearerToken(request);
  const member = token ? await request.server.routeKit.principals.authenticateMember(merchant, token) : null;
  if (!member) throw new AppError('unauthorized');
  if (level === 'real' && member.isTrial) throw new AppError('in_need_true_account');
  return member;
}

/**
 * A live admin session of this merchant whose role holds `permission` ('signed-in': any staff member).
 * 'admin': and its set-up is done (the one-time password changed, two-factor sign-in on where the role needs
 * it); 'setup': also before (me, logout, password change, two-factor enrolment).
 */
export async function requireAdmin(
  request: FastifyRequest,
  merchant: Merchant,
  rule: 'admin' | 'setup',
  permission: AdminPermission | 'signed-in',
): Promise<AuthenticatedAdmin> {
  const token = bearerToken(request);
  const admin = token
    ? await request.server.routeKit.principals.authenticateAdmin(merchant, token, request.clientIp)
    : null;
  if (!admin || admin.merchantId !== merchant.id) throw new AppError('admin_unauthorized');
  if (rule === 'admin' && admin.setupPending) {
    throw new AppError('admin_setup_required', undefined, {
      passwordChangeRequired: admin.mustChangePassword,
      twoFactorSetupRequired: !admin.mustChangePassword,
    });
  }
  if (permission !== 'signed-in' && !admin.permissions.includes(permission)) {
    throw new AppError('admin_forbidden', undefined, { permission });
  }
  return admin;
}

/** `{encrypted: {...}}` becomes the plain body before the schema runs; plain bodies are refused where required. */
export function decryptBody(request: FastifyRequest, merchant: Merchant): void {
  const parsed = encryptedBody.safeParse(request.body);
  if (parsed.success) {
    request.body = request.server.routeKit.payloadKey.decrypt(parsed.data.encrypted);
    return;
  }
  if (merchant.requireEncryption) throw new AppError('encryption_required');
}

/** A value the route kit set before the handler (a missing one is a wiring bug, not a client error). */
export function resolved<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`route kit: ${what} was not resolved before the handler`);
  return value;
}
