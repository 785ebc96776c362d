import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import type { CountryLookup } from '../lib/geo.ts';
import type { MerchantsService } from '../modules/merchants/merchants.service.ts';
import type { Merchant } from '../modules/merchants/merchants.types.ts';
import { statusFor } from '../modules/system/system.policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Client address after the trusted-proxy rule, IPv4-mapped IPv6 unwrapped. */
    clientIp: string;
    merchantPromise?: Promise<Merchant>;
  }
}

interface MerchantContextDeps {
  merchants: Pick<MerchantsService, 'resolve'>;
  countryOf: CountryLookup;
}

const depsKey = Symbol('merchantContextDeps');
type WithDeps = FastifyInstance & { [depsKey]?: MerchantContextDeps };

export function registerMerchantContext(app: FastifyInstance, deps: MerchantContextDeps): void {
  (app as WithDeps)[depsKey] = deps;
  app.decorateRequest('clientIp', '');
  app.addHook('onRequest', async (request) => {
    request.clientIp = normaliseIp(request.ip);
  });
}

/**
 * The merchant of this request (resolved once, then memoised on the request). With `gate`, a merchant in
 * maintenance or a visitor from a blocked region is refused here, before any service runs.
 */
export async function requireMerchant(request: FastifyRequest, opts: { gate: boolean }): Promise<Merchant> {
  const deps = (request.server as WithDeps)[depsKey];
  if (!deps) throw new Error('registerMerchantContext was not called');
  request.merchantPromise ??= deps.merchants.resolve({
    header: headerValue(request.headers.merchant),
    host: request.headers.host,
  });
  const merchant = await request.merchantPromise;
  if (opts.gate) {
    const status = statusFor(merchant, deps.countryOf(request.clientIp));
    if (status === 1) throw new AppError('system_maintenance');
    if (status === 2) throw new AppError('region_restricted', undefined, { ip: request.clientIp });
  }
  return merchant;
}

function headerValue(h: string | string[] | undefined): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}
