import { newestFirstPage, type Page } from '../../db/paging.ts';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type {
  RewardMallItemsTable,
  RewardMallOrdersTable,
  RewardPointsEntriesTable,
  RewardPointsRulesTable,
  RewardsTables,
} from './rewards.tables.ts';

type Db = Kysely<RewardsTables>;
export type PointsRulesRow = Selectable<RewardPointsRulesTable>;
export type MallItemRow = Selectable<RewardMallItemsTable>;
export type MallOrderRow = Selectable<RewardMallOrdersTable>;
export type PointsEntryRow = Selectable<RewardPointsEntriesTable>;

/** SQL of reward points and the points mall (the rewards module's tables). */
export function createPointsRepository(db: Db) {
  return {
    rules: (merchantId: bigint, exec: Db = db) =>
      exec.selectFrom('reward_points_rules').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst(),
    async saveRules(row: Insertable<RewardPointsRulesTable>) {
      const { merchant_id: _m, ...rest } = row;
      return db
        .insertInto('reward_points_rules')
        .values(row)
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet(rest))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Adds weighted valid bet to many members' local days in one statement (keys unique); the rows after, with the
     * points already counted on each day (the caller's transaction holds them).
     */
    async addDailyMany(exec: Db, rows: readonly { memberId: bigint; day: string; weighted: bigint }[]) {
      if (!rows.length) return [];
      const sorted = [...rows].sort((a, b) =>
        a.memberId !== b.memberId ? (a.memberId < b.memberId ? -1 : 1) : a.day.localeCompare(b.day),
      );
      const { rows: out } = await sql<{ member_id: bigint; day: string; weighted: bigint; points: bigint }>`
        insert into reward_points_daily as d (member_id, day, weighted, points)
        select x.m, x.d, x.w, 0
          from unnest(${sorted.map((r) => String(r.memberId))}::bigint[], ${sorted.map((r) => r.day)}::text[],
                      ${sorted.map((r) => String(r.weighted))}::bigint[]) with ordinality as x(m, d, w, n)
         order by x.n
        on conflict (member_id, day) do update set weighted = d.weighted + excluded.weighted
        returning member_id, day, weighted, points`.execute(exec);
      return out;
    },
    /** Sets the points counted on many members' days (one statement). */
    async setDailyPointsMany(exec: Db, rows: readonly { memberId: bigint; day: string; points: bigint }[]) {
      if (!rows.length) return;
      await sql`
        update reward_points_daily d set points = x.p
          from unnest(${rows.map((r) => String(r.memberId))}::bigint[], ${rows.map((r) => r.day)}::text[],
                      ${rows.map((r) => String(r.points))}::bigint[]) as x(m, d, p)
         where d.member_id = x.m and d.day = x.d`.execute(exec);
    },
    /** Credits points to many members (accounts created on first use; members unique); each balance after. */
    async creditMany(exec: Db, rows: readonly { merchantId: bigint; memberId: bigint; points: bigint }[]) {
      if (!rows.length) return new Map<bigint, bigint>();
      const sorted = [...rows].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
      const { rows: out } = await sql<{ member_id: bigint; balance: bigint }>`
        insert into reward_points_accounts as a (member_id, merchant_id, balance, earned_total)
        select x.m, x.merchant, x.p, x.p
          from unnest(${sorted.map((r) => String(r.memberId))}::bigint[], ${sorted.map((r) => String(r.merchantId))}::bigint[],
                      ${sorted.map((r) => String(r.points))}::bigint[]) with ordinality as x(m, merchant, p, n)
         order by x.n
        on conflict (member_id) do update set balance = a.balance + excluded.balance,
                                              earned_total = a.earned_total + excluded.earned_total
        returning member_id, balance`.execute(exec);
      return new Map(out.map((r) => [r.member_id, r.balance]));
    },
    /** Many entries in one statement: seven array parameters, not seven per entry (a batch's VALUES list parsed ~14,000). */
    async insertEntries(
      exec: Db,
      rows: readonly {
        merchant_id: bigint;
        member_id: bigint;
        kind: RewardPointsEntriesTable['kind'];
        delta: bigint;
        balance_after: bigint;
        remark: string;
        created_at: Date;
      }[],
    ) {
      if (!rows.length) return;
      await sql`
        insert into reward_points_entries (merchant_id, member_id, kind, delta, balance_after, remark, created_at)
        select a, b, c, d, e, f, g from unnest(${rows.map((r) => String(r.merchant_id))}::bigint[], ${rows.map((r) => String(r.member_id))}::bigint[],
                             ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => String(r.delta))}::bigint[],
                             ${rows.map((r) => String(r.balance_after))}::bigint[], ${rows.map((r) => r.remark)}::text[],
                             ${rows.map((r) => r.created_at.toISOString())}::timestamptz[]) with ordinality as x(a, b, c, d, e, f, g, n)
         order by n`.execute(exec);
    },
    /** Adds weighted valid bet to a member's local day; the row after, locked for the caller's transaction. */
    async addDaily(exec: Db, memberId: bigint, day: string, weighted: bigint) {
      return exec
        .insertInto('reward_points_daily')
        .values({ member_id: memberId, day, weighted, points: 0 })
        .onConflict((oc) =>
          oc.columns(['member_id', 'day']).doUpdateSet((eb) => ({
            weighted: eb('reward_points_daily.weighted', '+', eb.ref('excluded.weighted')),
          })),
        )
        .returning(['weighted', 'points'])
        .executeTakeFirstOrThrow();
    },
    setDailyPoints: (exec: Db, memberId: bigint, day: string, points: bigint) =>
      exec
        .updateTable('reward_points_daily')
        .set({ points })
        .where('member_id', '=', memberId)
        .where('day', '=', day)
        .execute(),

    /** Credits points (the account is created on first use); the balance after. */
    async credit(exec: Db, merchantId: bigint, memberId: bigint, points: bigint): Promise<bigint> {
      const row = await exec
        .insertInto('reward_points_accounts')
        .values({ member_id: memberId, merchant_id: merchantId, balance: points, earned_total: points })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet((eb) => ({
            balance: eb('reward_points_accounts.balance', '+', points),
            earned_total: eb('reward_points_accounts.earned_total', '+', points),
          })),
        )
        .returning('balance')
        .executeTakeFirstOrThrow();
      return row.balance;
    },
    /** Gives points back (a refused order): the balance after; earned_total stays (they were not earned). */
    async refund(exec: Db, memberId: bigint, points: bigint): Promise<bigint> {
      const row = await exec
        .updateTable('reward_points_accounts')
        .set((eb) => ({ balance: eb('balance', '+', points) }))
        .where('member_id', '=', memberId)
        .returning('balance')
        .executeTakeFirstOrThrow();
      return row.balance;
    },
    /** Debits points only when the balance covers them (one statement: a racing debit waits, then sees the rest). */
    async debit(exec: Db, memberId: bigint, points: bigint): Promise<bigint | undefined> {
      const row = await exec
        .updateTable('reward_points_accounts')
        .set((eb) => ({ balance: eb('balance', '-', points) }))
        .where('member_id', '=', memberId)
        .where('balance', '>=', points)
        .returning('balance')
        .executeTakeFirst();
      return row?.balance;
    },
    account: (memberId: bigint) =>
      db.selectFrom('reward_points_accounts').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    todayPoints: (memberId: bigint, day: string) =>
      db
        .selectFrom('reward_points_daily')
        .select('points')
        .where('member_id', '=', memberId)
        .where('day', '=', day)
        .executeTakeFirst(),
    insertEntry: (exec: Db, row: Insertable<RewardPointsEntriesTable>) =>
      exec.insertInto('reward_points_entries').values(row).execute(),
    async entriesPage(memberId: bigint, page: Page) {
      const base = db.selectFrom('reward_points_entries').where('member_id', '=', memberId);
      return newestFirstPage(base, page);
    },

    // ---- mall
    items(merchantId: bigint, activeOnly: boolean) {
      let q = db.selectFrom('reward_mall_items').selectAll().where('merchant_id', '=', merchantId);
      if (activeOnly) q = q.where('active', '=', true);
      return q.orderBy('sort_order').orderBy('id').execute();
    },
    lockItem: (exec: Db, merchantId: bigint, id: bigint) =>
      exec
        .selectFrom('reward_mall_items')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),
    takeStock: (exec: Db, id: bigint) =>
      exec
        .updateTable('reward_mall_items')
        .set((eb) => ({ stock: eb('stock', '-', 1) }))
        .where('id', '=', id)
        .where('stock', '>', 0)
        .returning('stock')
        .executeTakeFirst(),
    insertItem: (row: Insertable<RewardMallItemsTable>) =>
      db.insertInto('reward_mall_items').values(row).returningAll().executeTakeFirstOrThrow(),
    updateItem: (merchantId: bigint, id: bigint, patch: Updateable<RewardMallItemsTable>) =>
      db
        .updateTable('reward_mall_items')
        .set(patch)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /** The member's orders of an item toward its per-member limit (a refused one does not count). */
    async ordersOf(exec: Db, itemId: bigint, memberId: bigint): Promise<number> {
      const c = await exec
        .selectFrom('reward_mall_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('item_id', '=', itemId)
        .where('member_id', '=', memberId)
        .where('status', '<>', 'refused')
        .executeTakeFirstOrThrow();
      return Number(c.n);
    },
    insertOrder: (exec: Db, row: Insertable<RewardMallOrdersTable>) =>
      exec.insertInto('reward_mall_orders').values(row).returningAll().executeTakeFirstOrThrow(),
    setOrderJournal: (exec: Db, id: bigint, journalId: bigint) =>
      exec.updateTable('reward_mall_orders').set({ journal_id: journalId }).where('id', '=', id).execute(),
    async ordersPage(f: { merchantId: bigint; memberId?: bigint; status?: MallOrderRow['status'] }, page: Page) {
      let base = db.selectFrom('reward_mall_orders').where('merchant_id', '=', f.merchantId);
      if (f.memberId !== undefined) base = base.where('member_id', '=', f.memberId);
      if (f.status) base = base.where('status', '=', f.status);
      return newestFirstPage(base, page);
    },
    /** A pending physical order becomes shipped (undefined: no such pending order). */
    markShipped: (merchantId: bigint, reference: string, at: Date, exec: Db = db) =>
      exec
        .updateTable('reward_mall_orders')
        .set({ status: 'shipped', shipped_at: at })
        .where('merchant_id', '=', merchantId)
        .where('reference', '=', reference)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst(),
    lockOrder: (exec: Db, merchantId: bigint, reference: string) =>
      exec
        .selectFrom('reward_mall_orders')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirst(),
    refuseOrder: (exec: Db, id: bigint, at: Date, reason: string) =>
      exec
        .updateTable('reward_mall_orders')
        .set({ status: 'refused', refused_at: at, refuse_reason: reason })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    returnStock: (exec: Db, itemId: bigint) =>
      exec
        .updateTable('reward_mall_items')
        .set((eb) => ({ stock: eb('stock', '+', 1) }))
        .where('id', '=', itemId)
        .execute(),
    orderByReference: (merchantId: bigint, reference: string, exec: Db = db) =>
      exec
        .selectFrom('reward_mall_orders')
        .select(['id', 'status'])
        .where('merchant_id', '=', merchantId)
        .where('reference', '=', reference)
        .executeTakeFirst(),
  };
}

export type PointsRepository = ReturnType<typeof createPointsRepository>;
