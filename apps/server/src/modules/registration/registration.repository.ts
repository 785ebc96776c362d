import type { Kysely } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { RegistrationTables } from './registration.tables.ts';

export function createRegistrationRepository(db: Kysely<RegistrationTables>) {
  return {
    rules(merchantId: bigint) {
      return db.selectFrom('register_field_rules').selectAll().where('merchant_id', '=', merchantId).execute();
    },

    async upsertRule(
      merchantId: bigint,
      field: string,
      r: {
        enabled: boolean;
        required: boolean;
        minLength: number;
        maxLength: number;
        patternId: number;
        acceptedPattern: string;
      },
      executor?: AnyDb,
    ): Promise<void> {
      const row = {
        enabled: r.enabled,
        required: r.required,
        min_length: r.minLength,
        max_length: r.maxLength,
        pattern_id: r.patternId,
        accepted_pattern: r.acceptedPattern,
      };
      await (executor ? tablesOf<RegistrationTables>(executor) : db)
        .insertInto('register_field_rules')
        .values({ merchant_id: merchantId, field, ...row })
        .onConflict((oc) => oc.columns(['merchant_id', 'field']).doUpdateSet(row))
        .execute();
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
