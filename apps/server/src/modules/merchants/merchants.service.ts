import { FEATURE_FLAG_KEYS, type FeatureFlag, type FeatureFlags, defaultFeatureFlags } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { MerchantsRepository } from './merchants.repository.ts';
import type { Merchant } from '../../http/principals.ts';
import type { MerchantSettingsPatch, NewMerchant } from './merchants.types.ts';

const MERCHANT_CODE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Lower-case host without port; '' when the header is missing or malformed. */
export function hostOnly(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.lastIndexOf(':');
  return colon > 0 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

/** How long another process may serve a merchant setting (maintenance, region rule, flags) after a change. */
export const MERCHANT_CACHE_TTL_MS = 2_000;

export function createMerchantsService(deps: {
  repo: MerchantsRepository;
  defaultMerchant: string;
  cacheTtlMs?: number;
  /** Called after this process changed a merchant (other processes clear their caches: Redis pub/sub). */
  onChange?: () => void;
}) {
  const { repo } = deps;
  const ttl = deps.cacheTtlMs ?? MERCHANT_CACHE_TTL_MS;
  const merchantCache = new TtlCache<Merchant | undefined>(ttl);
  const flagCache = new TtlCache<FeatureFlags>(ttl);
  const byCode = (code: string) => merchantCache.get(`c:${code}`, () => repo.findByCode(code));
  const byDomain = (host: string) => merchantCache.get(`d:${host}`, () => repo.findByDomain(host));
  const forget = () => {
    merchantCache.clear();
    flagCache.clear();
  };
  const invalidate = () => {
    forget();
    deps.onChange?.();
  };

  return {
    /** Clears this process's merchant and flag caches (another process changed a merchant). */
    forget,

    /**
     * Which merchant a request is for: the `Merchant` header (an unknown one is an error, never a silent
     * fallback), else the host through the domain routes, else the configured default.
     */
    async resolve(input: { header?: string; host?: string }): Promise<Merchant> {
      const header = input.header?.trim();
      let merchant: Merchant | undefined;
      if (header) {
        const code = header.toLowerCase();
        merchant = MERCHANT_CODE.test(code) ? await byCode(code) : undefined;
        if (!merchant) throw new AppError('merchant_not_found', `Unknown merchant "${header.slice(0, 40)}".`);
      } else {
        const host = hostOnly(input.host);
        merchant = (host && (await byDomain(host))) || (await byCode(deps.defaultMerchant));
        if (!merchant) throw new AppError('merchant_not_found', 'No merchant is configured for this site.');
      }
      if (merchant.status !== 'active') throw new AppError('merchant_disabled');
      return merchant;
    },

    async findByCode(code: string): Promise<Merchant | undefined> {
      return repo.findByCode(code);
    },

    allActive: (): Promise<Merchant[]> => repo.allActive(),

    findById: (id: bigint): Promise<Merchant | undefined> => merchantCache.get(`i:${id}`, () => repo.findById(id)),

    /** Creates the merchant unless its code exists (idempotent); returns it. */
    async ensure(m: NewMerchant): Promise<Merchant> {
      const merchant = await repo.ensure(m);
      invalidate();
      return merchant;
    },

    flags(merchantId: bigint): Promise<FeatureFlags> {
      return flagCache.get(String(merchantId), async () => {
        const flags = defaultFeatureFlags();
        for (const row of await repo.flags(merchantId)) {
          if ((FEATURE_FLAG_KEYS as string[]).includes(row.flag)) flags[row.flag as FeatureFlag] = row.enabled;
        }
        return flags;
      });
    },

    async isEnabled(merchantId: bigint, flag: FeatureFlag): Promise<boolean> {
      return (await this.flags(merchantId))[flag];
    },

    /** Sets a flag; inside another module's transaction (`executor`), call `changed()` once it has committed. */
    async setFlag(merchantId: bigint, flag: FeatureFlag, enabled: boolean, executor?: AnyDb): Promise<void> {
      await repo.setFlag(merchantId, flag, enabled, executor);
      invalidate();
    },

    /** Changes run-time settings; inside another module's transaction, call `changed()` once it has committed. */
    async updateSettings(merchantId: bigint, patch: MerchantSettingsPatch, executor?: AnyDb): Promise<void> {
      await repo.updateSettings(merchantId, patch, executor);
      invalidate();
    },

    /** Every process forgets its cached merchants and flags (after a change committed elsewhere). */
    changed: invalidate,

    domains: (merchantId: bigint) => repo.domains(merchantId),
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
