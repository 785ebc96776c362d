import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { encryptedBody, type PayloadKey } from './payload-crypto.ts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant, PrincipalResolvers } from './principals.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How the route kit resolves principals and decrypts bodies (set once by registerRouteKit). */
    routeKit: { principals: PrincipalResolvers; payloadKey: PayloadKey };
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
 * A live admin session of this merchant. 'admin': and its password is not a pending one-time password;
 * 'password-pending': also while it is (me, logout, password change).
 */
export async function requireAdmin(
  request: FastifyRequest,
  merchant: Merchant,
  rule: 'admin' | 'password-pending',
): Promise<AuthenticatedAdmin> {
  const token = bearerToken(request);
  const admin = token ? await request.server.routeKit.principals.authenticateAdmin(merchant, token) : null;
  if (!admin || admin.merchantId !== merchant.id) throw new AppError('admin_unauthorized');
  if (rule === 'admin' && admin.mustChangePassword) {
    throw new AppError('forbidden', 'Change the one-time password first (POST /admin/api/session/password).', {
      passwordChangeRequired: true,
    });
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
