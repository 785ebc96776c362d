import { type AnyDb, tablesOf } from '../../db/schema.ts';
import { createMerchantsRepository } from './merchants.repository.ts';
import { createMerchantsService } from './merchants.service.ts';
import type { MerchantsTables } from './merchants.tables.ts';

export type { Merchant } from '../../http/principals.ts';
export type { MerchantSettingsPatch, NewMerchant } from './merchants.types.ts';
export { hostOnly, MERCHANT_CACHE_TTL_MS } from './merchants.service.ts';

/** Merchants (white-label sites): lookup by header, host or default; settings and feature flags. No routes. */
export function createMerchantsModule(deps: {
  db: AnyDb;
  defaultMerchant: string;
  cacheTtlMs?: number;
  /** Called after this process changed a merchant or its flags (app.ts publishes it to the other processes). */
  onChange?: () => void;
}) {
  return createMerchantsService({
    repo: createMerchantsRepository(tablesOf<MerchantsTables>(deps.db)),
    defaultMerchant: deps.defaultMerchant,
    cacheTtlMs: deps.cacheTtlMs,
    onChange: deps.onChange,
  });
}

export type MerchantsModule = ReturnType<typeof createMerchantsModule>;
