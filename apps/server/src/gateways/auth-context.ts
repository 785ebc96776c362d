import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AuthenticatedMember, AuthService } from '../modules/auth/auth.service.ts';
import type { Merchant } from '../modules/merchants/merchants.types.ts';

const authKey = Symbol('authService');
type WithAuth = FastifyInstance & { [authKey]?: Pick<AuthService, 'authenticate'> };

export function registerAuthContext(app: FastifyInstance, auth: Pick<AuthService, 'authenticate'>): void {
  (app as WithAuth)[authKey] = auth;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
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
  const auth = (request.server as WithAuth)[authKey];
  if (!auth) throw new Error('registerAuthContext was not called');
  const token = bearerToken(request);
  const member = token ? await auth.authenticate(merchant, token) : null;
  if (!member) throw new AppError('unauthorized');
  if (level === 'real' && member.isTrial) throw new AppError('in_need_true_account');
  return member;
}
