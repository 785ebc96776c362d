import type { Kysely, Selectable } from 'kysely';
import type { AdminsTable, AdminTables } from './admin.tables.ts';

export type AdminRow = Selectable<AdminsTable>;

/** SQL of admin accounts and admin sessions. */
export function createAdminsRepository(db: Kysely<AdminTables>) {
  return {
    async insert(
      a: {
        merchantId: bigint;
        username: string;
        passwordHash: string;
        mustChangePassword: boolean;
        displayName: string;
        role: string;
      },
      trx: Kysely<AdminTables> = db,
    ): Promise<AdminRow> {
      return trx
        .insertInto('admins')
        .values({
          merchant_id: a.merchantId,
          username: a.username,
          password_hash: a.passwordHash,
          must_change_password: a.mustChangePassword,
          display_name: a.displayName,
          role_code: a.role,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findByUsername(merchantId: bigint, username: string): Promise<AdminRow | undefined> {
      return db
        .selectFrom('admins')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    findById(id: bigint): Promise<AdminRow | undefined> {
      return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async countOf(merchantId: bigint): Promise<number> {
      const r = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** One more failure; returns the new count. */
    async addFailure(id: bigint): Promise<number> {
      const r = await db
        .updateTable('admins')
        .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_login_count')
        .executeTakeFirstOrThrow();
      return r.failed_login_count;
    },

    /** Locks until `until`, resets the failure count and raises the lock level (the next lock is longer). */
    async lock(id: bigint, until: Date): Promise<void> {
      await db
        .updateTable('admins')
        .set((eb) => ({ locked_until: until, failed_login_count: 0, lock_level: eb('lock_level', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async recordLogin(id: bigint, now: Date, trx: Kysely<AdminTables> = db): Promise<void> {
      await trx
        .updateTable('admins')
        .set({ last_login_at: now, failed_login_count: 0, lock_level: 0, locked_until: null })
        .where('id', '=', id)
        .execute();
    },

    async setPassword(id: bigint, passwordHash: string, now: Date, trx: Kysely<AdminTables> = db): Promise<void> {
      await trx
        .updateTable('admins')
        .set({ password_hash: passwordHash, must_change_password: false, password_changed_at: now })
        .where('id', '=', id)
        .execute();
    },

    async insertSession(
      s: {
        tokenHash: string;
        adminId: bigint;
        merchantId: bigint;
        now: Date;
        expiresAt: Date;
        absoluteExpiresAt: Date;
        ip: string;
      },
      trx: Kysely<AdminTables> = db,
    ) {
      await trx
        .insertInto('admin_sessions')
        .values({
          token_hash: s.tokenHash,
          admin_id: s.adminId,
          merchant_id: s.merchantId,
          created_at: s.now,
          last_seen_at: s.now,
          expires_at: s.expiresAt,
          absolute_expires_at: s.absoluteExpiresAt,
          ip: s.ip,
        })
        .execute();
    },

    /** The live session of a token (not revoked, not expired at `now`) with its admin. */
    findLiveSession(tokenHash: string, now: Date) {
      return db
        .selectFrom('admin_sessions as s')
        .innerJoin('admins as a', 'a.id', 's.admin_id')
        .leftJoin('admin_roles as r', (j) =>
          j.onRef('r.merchant_id', '=', 'a.merchant_id').onRef('r.code', '=', 'a.role_code'),
        )
        .leftJoin('admin_settings as st', 'st.merchant_id', 'a.merchant_id')
        .select([
          's.id as sessionId',
          's.merchant_id as sessionMerchantId',
          's.last_seen_at',
          'a.id as adminId',
          'a.merchant_id',
          'a.username',
          'a.status',
          'a.must_change_password',
          'a.role_code',
          'a.totp_enabled_at',
          'r.permissions as customPermissions',
          'st.ip_allow_list',
        ])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.absolute_expires_at', '>', now)
        .executeTakeFirst();
    },

    async touchSession(sessionId: bigint, now: Date, expiresAt: Date): Promise<void> {
      await db
        .updateTable('admin_sessions')
        .set((eb) => ({
          last_seen_at: now,
          expires_at: eb.fn('least', [eb.val(expiresAt), eb.ref('absolute_expires_at')]),
        }))
        .where('id', '=', sessionId)
        .execute();
    },

    /** Revokes the token's session; returns its admin (undefined when the token was not live). */
    async revokeSession(
      tokenHash: string,
      now: Date,
      trx: Kysely<AdminTables> = db,
    ): Promise<{ admin_id: bigint; merchant_id: bigint; username: string } | undefined> {
      return trx
        .updateTable('admin_sessions')
        .from('admins')
        .set({ revoked_at: now })
        .whereRef('admins.id', '=', 'admin_sessions.admin_id')
        .where('admin_sessions.token_hash', '=', tokenHash)
        .where('admin_sessions.revoked_at', 'is', null)
        .returning(['admin_sessions.admin_id', 'admin_sessions.merchant_id', 'admins.username'])
        .executeTakeFirst();
    },

    /** Ends every live session of the admin except `keep` (the one changing the password). */
    async revokeAllSessions(
      adminId: bigint,
      now: Date,
      keep: bigint | undefined,
      trx: Kysely<AdminTables> = db,
    ): Promise<void> {
      let q = trx
        .updateTable('admin_sessions')
        .set({ revoked_at: now })
        .where('admin_id', '=', adminId)
        .where('revoked_at', 'is', null);
      if (keep !== undefined) q = q.where('id', '!=', keep);
      await q.execute();
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
