import { type Kysely, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ProfileTables } from './profile.tables.ts';

/** The profile columns of member_profiles, by their API names (birthday as 'YYYY-MM-DD'). */
export interface StoredProfile {
  birthday: string | null;
  zalo: string | null;
  telegram: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  incomeSource: string | null;
}

const COLUMNS = {
  birthday: 'birthday',
  zalo: 'zalo',
  telegram: 'telegram',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  incomeSource: 'income_source',
} as const;
export const STORED_FIELDS = Object.keys(COLUMNS) as (keyof StoredProfile)[];

export function createProfileRepository(db: Kysely<ProfileTables>) {
  const on = (executor?: AnyDb) => (executor ? tablesOf<ProfileTables>(executor) : db);
  return {
    async profile(merchantId: bigint, memberId: bigint, executor?: AnyDb): Promise<StoredProfile | undefined> {
      return on(executor)
        .selectFrom('member_profiles')
        .select([
          sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as('birthday'),
          'zalo',
          'telegram',
          'address',
          'nationality',
          'occupation',
          'income_source as incomeSource',
        ])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /** Writes the given fields (the others kept), creating the row on first use. */
    async save(
      executor: AnyDb,
      merchantId: bigint,
      memberId: bigint,
      values: Partial<StoredProfile>,
      at: Date,
    ): Promise<void> {
      const columns: Partial<Record<(typeof COLUMNS)[keyof StoredProfile], string | null>> = {};
      for (const f of STORED_FIELDS) if (f in values) columns[COLUMNS[f]] = values[f] ?? null;
      const set = { ...columns, updated_at: at };
      await on(executor)
        .insertInto('member_profiles')
        .values({ member_id: memberId, merchant_id: merchantId, ...set })
        .onConflict((oc) => oc.column('member_id').doUpdateSet(set))
        .execute();
    },

    /** The address verified by link, if any (the members row's e-mail counts as verified while it matches). */
    async verifiedEmail(merchantId: bigint, memberId: bigint): Promise<string | null> {
      const r = await db
        .selectFrom('member_profiles')
        .select('verified_email')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return r?.verified_email ?? null;
    },

    /** A new verification link for `email` (replaces any earlier one). */
    async saveVerifyToken(
      merchantId: bigint,
      memberId: bigint,
      t: { tokenHash: string; email: string; expiresAt: Date },
      at: Date,
    ): Promise<void> {
      const set = {
        verify_token_hash: t.tokenHash,
        verify_email: t.email,
        verify_expires_at: t.expiresAt,
        updated_at: at,
      };
      await db
        .insertInto('member_profiles')
        .values({ member_id: memberId, merchant_id: merchantId, ...set })
        .onConflict((oc) => oc.column('member_id').doUpdateSet(set))
        .execute();
    },

    /** Takes a live link (single use): its member and address, or undefined. */
    async consumeVerifyToken(
      merchantId: bigint,
      tokenHash: string,
      now: Date,
    ): Promise<{ memberId: bigint; email: string } | undefined> {
      const r = await db
        .updateTable('member_profiles')
        .set({ verify_token_hash: null, verify_expires_at: null })
        .where('merchant_id', '=', merchantId)
        .where('verify_token_hash', '=', tokenHash)
        .where('verify_expires_at', '>', now)
        .returning(['member_id', 'verify_email'])
        .executeTakeFirst();
      return r && r.verify_email ? { memberId: r.member_id, email: r.verify_email } : undefined;
    },

    async markVerified(executor: AnyDb, memberId: bigint, email: string, at: Date): Promise<void> {
      await on(executor)
        .updateTable('member_profiles')
        .set({ verified_email: email, verify_email: null, updated_at: at })
        .where('member_id', '=', memberId)
        .execute();
    },

    /** A closed account's profile fields wiped (retention over): the row goes, with any e-mail token. */
    async wipe(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<void> {
      await on(executor)
        .deleteFrom('member_profiles')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
    },

    settings(merchantId: bigint) {
      return db
        .selectFrom('profile_settings')
        .select(['min_age', 'field_modes', 'closed_retention_days'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    async saveSettings(
      executor: AnyDb,
      merchantId: bigint,
      s: { minAge: number; modes: Record<string, string>; closedRetentionDays: number },
      at: Date,
    ): Promise<void> {
      const row = {
        min_age: s.minAge,
        field_modes: JSON.stringify(s.modes),
        closed_retention_days: s.closedRetentionDays,
        updated_at: at,
      };
      await on(executor)
        .insertInto('profile_settings')
        .values({ merchant_id: merchantId, ...row })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet(row))
        .execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
