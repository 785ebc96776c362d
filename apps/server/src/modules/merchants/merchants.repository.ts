import type { Kysely, Selectable } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import type { MerchantsTable, MerchantsTables } from './merchants.tables.ts';
import type { MerchantSettingsPatch, NewMerchant } from './merchants.types.ts';

function toMerchant(r: Selectable<MerchantsTable>): Merchant {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    currency: r.currency,
    currencyExponent: r.currency_exponent,
    defaultLanguage: r.default_language,
    languages: r.languages,
    timezone: r.timezone,
    status: r.status,
    maintenance: r.maintenance,
    maintenanceMessage: r.maintenance_message,
    maintenanceEndsAt: r.maintenance_ends_at,
    regionMode: r.region_mode,
    regionCountries: r.region_countries,
    customerServiceUrl: r.customer_service_url,
    paymentMethods: r.payment_methods,
    agentTypes: r.agent_types,
    trialTypes: r.trial_types,
    requireEncryption: r.require_encryption,
    loginCheck: r.login_check,
  };
}

export function createMerchantsRepository(db: Kysely<MerchantsTables>) {
  return {
    /** Inserts a merchant and its domains unless the code exists; returns it either way. */
    async ensure(m: NewMerchant): Promise<Merchant> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('merchants')
          .values({
            code: m.code,
            name: m.name,
            currency: m.currency,
            currency_exponent: m.currencyExponent,
            default_language: m.defaultLanguage,
            languages: m.languages,
            timezone: m.timezone,
            status: m.status ?? 'active',
            customer_service_url: m.customerServiceUrl ?? null,
            ...(m.paymentMethods && { payment_methods: m.paymentMethods }),
          })
          .onConflict((oc) => oc.column('code').doNothing())
          .execute();
        const row = await trx.selectFrom('merchants').selectAll().where('code', '=', m.code).executeTakeFirstOrThrow();
        if (m.domains?.length) {
          await trx
            .insertInto('merchant_domains')
            .values(
              m.domains.map((d) => ({
                domain: d.domain,
                merchant_id: row.id,
                kind: d.kind ?? 'web',
                is_primary: d.primary ?? false,
              })),
            )
            .onConflict((oc) => oc.column('domain').doNothing())
            .execute();
        }
        return toMerchant(row);
      });
    },

    async findByCode(code: string): Promise<Merchant | undefined> {
      const r = await db.selectFrom('merchants').selectAll().where('code', '=', code).executeTakeFirst();
      return r && toMerchant(r);
    },

    /** Every active merchant (scheduled jobs that work per merchant). */
    async allActive(): Promise<Merchant[]> {
      const rows = await db.selectFrom('merchants').selectAll().where('status', '=', 'active').orderBy('id').execute();
      return rows.map(toMerchant);
    },

    async findById(id: bigint): Promise<Merchant | undefined> {
      const r = await db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toMerchant(r);
    },

    async findByDomain(domain: string): Promise<Merchant | undefined> {
      const r = await db
        .selectFrom('merchant_domains as d')
        .innerJoin('merchants as m', 'm.id', 'd.merchant_id')
        .selectAll('m')
        .where('d.domain', '=', domain)
        .executeTakeFirst();
      return r && toMerchant(r);
    },

    async updateSettings(id: bigint, patch: MerchantSettingsPatch, executor?: AnyDb): Promise<void> {
      await (executor ? tablesOf<MerchantsTables>(executor) : db)
        .updateTable('merchants')
        .set({
          ...(patch.maintenance !== undefined && { maintenance: patch.maintenance }),
          ...(patch.maintenanceMessage !== undefined && { maintenance_message: patch.maintenanceMessage }),
          ...(patch.maintenanceEndsAt !== undefined && { maintenance_ends_at: patch.maintenanceEndsAt }),
          ...(patch.regionMode !== undefined && { region_mode: patch.regionMode }),
          ...(patch.regionCountries !== undefined && { region_countries: patch.regionCountries }),
          ...(patch.requireEncryption !== undefined && { require_encryption: patch.requireEncryption }),
          ...(patch.loginCheck !== undefined && { login_check: patch.loginCheck }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async flags(merchantId: bigint): Promise<{ flag: string; enabled: boolean }[]> {
      return db
        .selectFrom('merchant_flags')
        .select(['flag', 'enabled'])
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    async setFlag(merchantId: bigint, flag: string, enabled: boolean, executor?: AnyDb): Promise<void> {
      await (executor ? tablesOf<MerchantsTables>(executor) : db)
        .insertInto('merchant_flags')
        .values({ merchant_id: merchantId, flag, enabled })
        .onConflict((oc) => oc.columns(['merchant_id', 'flag']).doUpdateSet({ enabled }))
        .execute();
    },

    async domains(merchantId: bigint) {
      return db
        .selectFrom('merchant_domains')
        .select(['domain', 'kind', 'is_primary'])
        .where('merchant_id', '=', merchantId)
        .orderBy('is_primary', 'desc')
        .orderBy('domain')
        .execute();
    },
  };
}

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
