import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, MembersTable } from '../../db/schema.ts';

export type MemberRow = Selectable<MembersTable>;

export function createMembersRepository(db: Kysely<DB>) {
  const base = () => db.selectFrom('members').selectAll();
  return {
    findById: (merchantId: bigint, id: bigint) =>
      base().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst(),
    findByAccount: (merchantId: bigint, account: string) =>
      base().where('merchant_id', '=', merchantId).where('account', '=', account.toLowerCase()).executeTakeFirst(),
    findByAffiliateCode: (merchantId: bigint, code: string) =>
      base().where('merchant_id', '=', merchantId).where('affiliate_code', '=', code.toUpperCase()).executeTakeFirst(),
    findByMobile: (merchantId: bigint, cc: string, mobile: string) =>
      base()
        .where('merchant_id', '=', merchantId)
        .where('country_dialing_code', '=', cc)
        .where('mobile', '=', mobile)
        .executeTakeFirst(),

    async insert(values: Insertable<MembersTable>): Promise<MemberRow> {
      return db.insertInto('members').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** One more failed login; returns the new count. */
    async addFailure(id: bigint): Promise<number> {
      const r = await db
        .updateTable('members')
        .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_login_count')
        .executeTakeFirstOrThrow();
      return r.failed_login_count;
    },

    async lock(id: bigint, until: Date): Promise<void> {
      await db
        .updateTable('members')
        .set((eb) => ({ locked_until: until, lock_level: eb('lock_level', '+', 1), failed_login_count: 0 }))
        .where('id', '=', id)
        .execute();
    },

    async recordLogin(id: bigint, at: Date, ip: string): Promise<void> {
      await db
        .updateTable('members')
        .set((eb) => ({
          previous_login_at: eb.ref('last_login_at'),
          last_login_at: at,
          last_login_ip: ip,
          failed_login_count: 0,
          lock_level: 0,
          locked_until: null,
        }))
        .where('id', '=', id)
        .execute();
    },

    async setPassword(id: bigint, passwordHash: string, at: Date): Promise<void> {
      await db
        .updateTable('members')
        .set({
          password_hash: passwordHash,
          password_changed_at: at,
          must_change_password: false,
          failed_login_count: 0,
          lock_level: 0,
          locked_until: null,
        })
        .where('id', '=', id)
        .execute();
    },

    async setLanguage(id: bigint, language: string): Promise<void> {
      await db.updateTable('members').set({ language }).where('id', '=', id).execute();
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
