import { type Kysely, type Selectable, sql } from 'kysely';
import type { AdminRolesTable, AdminTables } from './admin.tables.ts';

export type RoleRow = Selectable<AdminRolesTable>;

/** SQL of staff management: accounts' role and status, custom roles, TOTP, recovery codes, back-office settings. */
export function createStaffRepository(db: Kysely<AdminTables>) {
  const staffColumns = [
    'id',
    'username',
    'display_name',
    'role_code',
    'status',
    'must_change_password',
    'totp_enabled_at',
    'locked_until',
    'last_login_at',
    'created_at',
  ] as const;

  return {
    async listStaff(
      merchantId: bigint,
      q: { q?: string; role?: string; status?: 'active' | 'disabled'; pageNo: number; pageSize: number },
    ) {
      let base = db.selectFrom('admins').where('merchant_id', '=', merchantId);
      if (q.q) {
        const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([eb('username', 'like', like), eb(sql<string>`lower(display_name)`, 'like', like)]),
        );
      }
      if (q.role) base = base.where('role_code', '=', q.role);
      if (q.status) base = base.where('status', '=', q.status);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(staffColumns)
          .orderBy('username')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    findStaff(merchantId: bigint, id: bigint, trx: Kysely<AdminTables> = db) {
      return trx
        .selectFrom('admins')
        .select(staffColumns)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Locks the merchant's active owners (the last-owner rule is checked under these locks). */
    async lockActiveOwners(merchantId: bigint, trx: Kysely<AdminTables>): Promise<bigint[]> {
      const rows = await trx
        .selectFrom('admins')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('role_code', '=', 'owner')
        .where('status', '=', 'active')
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((r) => r.id);
    },

    async updateStaff(
      id: bigint,
      set: { display_name?: string; role_code?: string; status?: 'active' | 'disabled' },
      trx: Kysely<AdminTables>,
    ): Promise<void> {
      await trx.updateTable('admins').set(set).where('id', '=', id).execute();
    },

    /** A password set by another staff member: one-time (must be changed at the next sign-in), lock cleared. */
    async setOneTimePassword(id: bigint, passwordHash: string, now: Date, trx: Kysely<AdminTables>): Promise<void> {
      await trx
        .updateTable('admins')
        .set({
          password_hash: passwordHash,
          must_change_password: true,
          password_changed_at: now,
          failed_login_count: 0,
          lock_level: 0,
          locked_until: null,
        })
        .where('id', '=', id)
        .execute();
    },

    async staffCountByRole(merchantId: bigint): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('admins')
        .select(['role_code', (eb) => eb.fn.countAll<string>().as('n')])
        .where('merchant_id', '=', merchantId)
        .groupBy('role_code')
        .execute();
      return new Map(rows.map((r) => [r.role_code, Number(r.n)]));
    },

    listRoles(merchantId: bigint): Promise<RoleRow[]> {
      return db.selectFrom('admin_roles').selectAll().where('merchant_id', '=', merchantId).orderBy('code').execute();
    },

    findRole(merchantId: bigint, code: string, trx: Kysely<AdminTables> = db): Promise<RoleRow | undefined> {
      return trx
        .selectFrom('admin_roles')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** Inserts a role; false when the code is taken. */
    async insertRole(
      r: { merchantId: bigint; code: string; name: string; permissions: string[] },
      trx: Kysely<AdminTables>,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('admin_roles')
        .values({ merchant_id: r.merchantId, code: r.code, name: r.name, permissions: r.permissions })
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .returning('code')
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateRole(
      r: { merchantId: bigint; code: string; name: string; permissions: string[]; now: Date },
      trx: Kysely<AdminTables>,
    ): Promise<boolean> {
      const row = await trx
        .updateTable('admin_roles')
        .set({ name: r.name, permissions: r.permissions, updated_at: r.now })
        .where('merchant_id', '=', r.merchantId)
        .where('code', '=', r.code)
        .returning('code')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes a role that no staff member holds (checked in the same statement); false otherwise. */
    async deleteUnusedRole(merchantId: bigint, code: string, trx: Kysely<AdminTables>): Promise<boolean> {
      const row = await trx
        .deleteFrom('admin_roles')
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('admins')
                .select('id')
                .where('admins.merchant_id', '=', merchantId)
                .where('admins.role_code', '=', code),
            ),
          ),
        )
        .returning('code')
        .executeTakeFirst();
      return row !== undefined;
    },

    totpOf(id: bigint) {
      return db
        .selectFrom('admins')
        .select(['totp_secret', 'totp_enabled_at', 'totp_last_step'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A new pending secret (replaces an unconfirmed one; refused once two-factor is on). */
    async setPendingTotp(id: bigint, secret: string): Promise<boolean> {
      const row = await db
        .updateTable('admins')
        .set({ totp_secret: secret })
        .where('id', '=', id)
        .where('totp_enabled_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Records `step` as the last accepted code, only when it is newer than the stored one: of two requests
     * carrying the same code, one wins.
     */
    async acceptTotpStep(id: bigint, step: bigint, trx: Kysely<AdminTables> = db): Promise<boolean> {
      const row = await trx
        .updateTable('admins')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where('totp_last_step', '<', step)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async enableTotp(id: bigint, now: Date, trx: Kysely<AdminTables>): Promise<void> {
      await trx.updateTable('admins').set({ totp_enabled_at: now }).where('id', '=', id).execute();
    },

    async clearTotp(id: bigint, trx: Kysely<AdminTables>): Promise<void> {
      await trx
        .updateTable('admins')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: 0n })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
    },

    async replaceRecoveryCodes(id: bigint, hashes: string[], trx: Kysely<AdminTables>): Promise<void> {
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
      await trx
        .insertInto('admin_recovery_codes')
        .values(hashes.map((h) => ({ admin_id: id, code_hash: h })))
        .execute();
    },

    /** Spends a recovery code once; false when it is unknown or already used. */
    async useRecoveryCode(id: bigint, hash: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('admin_recovery_codes')
        .set({ used_at: now })
        .where('admin_id', '=', id)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('admin_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    settingsOf(merchantId: bigint) {
      return db.selectFrom('admin_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
    },

    async upsertSettings(
      s: { merchantId: bigint; ipAllowList: string[]; withdrawalSecondApprovalAbove: bigint | null; now: Date },
      trx: Kysely<AdminTables>,
    ): Promise<void> {
      await trx
        .insertInto('admin_settings')
        .values({
          merchant_id: s.merchantId,
          ip_allow_list: s.ipAllowList,
          withdrawal_second_approval_above: s.withdrawalSecondApprovalAbove,
          updated_at: s.now,
        })
        .onConflict((oc) =>
          oc.column('merchant_id').doUpdateSet({
            ip_allow_list: s.ipAllowList,
            withdrawal_second_approval_above: s.withdrawalSecondApprovalAbove,
            updated_at: s.now,
          }),
        )
        .execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
