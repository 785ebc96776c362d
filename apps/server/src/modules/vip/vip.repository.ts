import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { VipLevelsTable, VipTables } from './vip.tables.ts';

type Db = Kysely<VipTables>;

/** A row of a member's level history. */
export interface LevelChange {
  merchantId: bigint;
  memberId: bigint;
  from: number;
  to: number;
  reason: 'up' | 'down';
  periodKey: string;
  qualifying: bigint;
  at: Date;
}

/** The vip module's SQL (its own tables only). */
export function createVipRepository(db: Db) {
  return {
    // ---- settings and levels
    settings: (merchantId: bigint, exec: Db = db) =>
      exec.selectFrom('vip_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst(),
    async saveSettings(
      exec: Db,
      merchantId: bigint,
      v: { basis: 'tier_points' | 'deposit'; period: 'month' | 'quarter' },
    ) {
      await exec
        .insertInto('vip_settings')
        .values({ merchant_id: merchantId, ...v })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...v, updated_at: sql`now()` }))
        .execute();
    },
    levels: (merchantId: bigint, exec: Db = db) =>
      exec.selectFrom('vip_levels').selectAll().where('merchant_id', '=', merchantId).orderBy('level').execute(),
    /** Serialises the edits of one merchant's levels (reorder and edits check the whole ladder). */
    lockLevels: (exec: Db, merchantId: bigint) =>
      sql`select pg_advisory_xact_lock(hashtextextended('vip_levels:' || ${String(merchantId)}, 0))`.execute(exec),
    insertLevel: (exec: Db, row: Insertable<VipLevelsTable>) =>
      exec.insertInto('vip_levels').values(row).returningAll().executeTakeFirstOrThrow(),
    updateLevel: (exec: Db, merchantId: bigint, id: bigint, patch: Updateable<VipLevelsTable>) =>
      exec
        .updateTable('vip_levels')
        .set({ ...patch, updated_at: sql`now()` })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /** Members keep the level they hold when levels move (old number → new number, one statement). */
    async remapMembers(exec: Db, merchantId: bigint, moves: { from: number; to: number }[]) {
      if (!moves.length) return;
      const cases = sql.join(
        moves.map((m) => sql`when ${m.from} then ${m.to}`),
        sql` `,
      );
      await sql`update vip_members set level = case level ${cases} else level end, updated_at = now()
        where merchant_id = ${merchantId} and level in (${sql.join(moves.map((m) => m.from))})`.execute(exec);
    },
    async memberCounts(merchantId: bigint): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('vip_members')
        .select(['level', (eb) => eb.fn.countAll<string>().as('n')])
        .where('merchant_id', '=', merchantId)
        .groupBy('level')
        .execute();
      return new Map(rows.map((r) => [r.level, Number(r.n)]));
    },

    addTotals: (exec: Db, memberId: bigint, periodKey: string, weighted: bigint, deposits: bigint) =>
      exec
        .insertInto('vip_period_totals')
        .values({ member_id: memberId, period_key: periodKey, weighted, deposits })
        .onConflict((oc) =>
          oc.columns(['member_id', 'period_key']).doUpdateSet({
            weighted: sql`vip_period_totals.weighted + excluded.weighted`,
            deposits: sql`vip_period_totals.deposits + excluded.deposits`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),
    /** Adds to many members' period totals in one statement (keys unique, written in key order); the rows after. */
    async addTotalsMany(
      exec: Db,
      rows: readonly { memberId: bigint; periodKey: string; weighted: bigint; deposits: bigint }[],
    ) {
      if (!rows.length) return [];
      const { rows: out } = await sql<{ member_id: bigint; period_key: string; weighted: bigint; deposits: bigint }>`
        insert into vip_period_totals as t (member_id, period_key, weighted, deposits)
        select x.m, x.p, x.w, x.d
          from unnest(${rows.map((r) => String(r.memberId))}::bigint[], ${rows.map((r) => r.periodKey)}::text[],
                      ${rows.map((r) => String(r.weighted))}::bigint[], ${rows.map((r) => String(r.deposits))}::bigint[])
               with ordinality as x(m, p, w, d, n)
         order by x.n
        on conflict (member_id, period_key) do update set weighted = t.weighted + excluded.weighted,
                                                          deposits = t.deposits + excluded.deposits
        returning member_id, period_key, weighted, deposits`.execute(exec);
      return out;
    },
    totals: (memberId: bigint, periodKey: string, exec: Db = db) =>
      exec
        .selectFrom('vip_period_totals')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('period_key', '=', periodKey)
        .executeTakeFirst(),

    // ---- members
    member: (memberId: bigint, exec: Db = db) =>
      exec.selectFrom('vip_members').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    /** The member's row, created at level 0 when missing, locked for the caller's transaction. */
    async lockMember(exec: Db, merchantId: bigint, memberId: bigint) {
      await exec
        .insertInto('vip_members')
        .values({ member_id: memberId, merchant_id: merchantId })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
      return exec
        .selectFrom('vip_members')
        .selectAll()
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },
    /** Locks many members' VIP rows (created on first use) in id order; the rows by member. */
    async lockMembers(exec: Db, rows: readonly { merchantId: bigint; memberId: bigint }[]) {
      if (!rows.length) return new Map<bigint, { member_id: bigint; level: number; judged_period: string | null }>();
      const sorted = [...rows].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
      // unnest: two array parameters instead of two per member (a 2,000-member batch parsed 4,000 parameters).
      await sql`
        insert into vip_members (member_id, merchant_id)
        select x.m, x.merchant
          from unnest(${sorted.map((r) => String(r.memberId))}::bigint[],
                      ${sorted.map((r) => String(r.merchantId))}::bigint[]) with ordinality as x(m, merchant, n)
         order by x.n
        on conflict (member_id) do nothing`.execute(exec);
      const locked = await exec
        .selectFrom('vip_members')
        .selectAll()
        .where('member_id', '=', sql<bigint>`any(${sorted.map((r) => String(r.memberId))}::bigint[])`)
        .orderBy('member_id')
        .forUpdate()
        .execute();
      return new Map(locked.map((m) => [m.member_id, m]));
    },
    setMember: (exec: Db, memberId: bigint, v: { level?: number; judgedPeriod?: string }) =>
      exec
        .updateTable('vip_members')
        .set({
          ...(v.level !== undefined && { level: v.level }),
          ...(v.judgedPeriod !== undefined && { judged_period: v.judgedPeriod }),
          updated_at: sql`now()`,
        })
        .where('member_id', '=', memberId)
        .execute(),
    /** Many (locked) members' level and judged period in one statement. */
    async setMembersMany(exec: Db, rows: readonly { memberId: bigint; level: number; judgedPeriod: string | null }[]) {
      if (!rows.length) return;
      await sql`
        update vip_members m set level = x.l, judged_period = x.j, updated_at = now()
          from unnest(${rows.map((r) => String(r.memberId))}::bigint[], ${rows.map((r) => r.level)}::int[],
                      ${rows.map((r) => r.judgedPeriod)}::text[]) as x(m, l, j)
         where m.member_id = x.m`.execute(exec);
    },
    /** Many level changes in one statement, in the order given. */
    async insertChanges(exec: Db, rows: readonly LevelChange[]) {
      if (!rows.length) return;
      await exec
        .insertInto('vip_level_changes')
        .values(
          rows.map((c) => ({
            merchant_id: c.merchantId,
            member_id: c.memberId,
            from_level: c.from,
            to_level: c.to,
            reason: c.reason,
            period_key: c.periodKey,
            qualifying: c.qualifying,
            created_at: c.at,
          })),
        )
        .execute();
    },
    insertChange: (exec: Db, c: LevelChange) =>
      exec
        .insertInto('vip_level_changes')
        .values({
          merchant_id: c.merchantId,
          member_id: c.memberId,
          from_level: c.from,
          to_level: c.to,
          reason: c.reason,
          period_key: c.periodKey,
          qualifying: c.qualifying,
          created_at: c.at,
        })
        .execute(),
    /**
     * The level each of `memberIds` held at `at` (without `at`: now), in one statement: the level the last change at or
     * before `at` set, else the level the first change after it left, else the row's level. A member without a VIP
     * row is left out (level 0).
     */
    levelsAt: async (memberIds: bigint[], at?: Date): Promise<Map<bigint, number>> => {
      if (memberIds.length === 0) return new Map();
      const when = at ?? null;
      const { rows } = await sql<{ member_id: bigint; level: number }>`
        select m.member_id, coalesce(
          case when ${when}::timestamptz is null then m.level end,
          (select to_level from vip_level_changes c where c.member_id = m.member_id and c.created_at <= ${when}
            order by c.created_at desc, c.id desc limit 1),
          (select from_level from vip_level_changes c where c.member_id = m.member_id and c.created_at > ${when}
            order by c.created_at, c.id limit 1),
          m.level) as level
        from vip_members m
        where m.member_id = any(${memberIds.map(String)}::bigint[])`.execute(db);
      return new Map(rows.map((r) => [BigInt(r.member_id), r.level]));
    },
    history: (memberId: bigint, limit = 20) =>
      db
        .selectFrom('vip_level_changes')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    /** Members above level 0 whose level was not yet judged for the period `key` (a batch). */
    dueForJudging: (merchantId: bigint, key: string, limit: number) =>
      db
        .selectFrom('vip_members')
        .select(['member_id'])
        .where('merchant_id', '=', merchantId)
        .where('level', '>', 0)
        .where((eb) => eb.or([eb('judged_period', 'is', null), eb('judged_period', '<', key)]))
        .orderBy('member_id')
        .limit(limit)
        .execute(),
    /** Members above level 0 (id order, after `afterId`): the weekly and monthly bonuses. */
    membersAbove0: (merchantId: bigint, afterId: bigint, limit: number) =>
      db
        .selectFrom('vip_members')
        .select(['member_id', 'level'])
        .where('merchant_id', '=', merchantId)
        .where('level', '>', 0)
        .where('member_id', '>', afterId)
        .orderBy('member_id')
        .limit(limit)
        .execute(),
    merchantsWithLevels: async (): Promise<bigint[]> =>
      (await db.selectFrom('vip_levels').select('merchant_id').distinct().execute()).map((r) => r.merchant_id),
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
export type VipLevelRow = Awaited<ReturnType<VipRepository['levels']>>[number];
