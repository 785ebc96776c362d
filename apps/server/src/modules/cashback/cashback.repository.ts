import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Page } from '../../db/paging.ts';
import type { CashbackProgrammesTable, CashbackTables } from './cashback.tables.ts';

type Db = Kysely<CashbackTables>;
export type ProgrammeRow = Selectable<CashbackProgrammesTable>;

/** SQL of cashback programmes, the per-day sums of settled bets, applied events and runs (the module's tables). */
export function createCashbackRepository(db: Db) {
  return {
    programmes: (merchantId: bigint) =>
      db
        .selectFrom('cashback_programmes')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .execute(),
    /** Active programmes of every merchant (the closing job). */
    allActive: () =>
      db.selectFrom('cashback_programmes').selectAll().where('active', '=', true).orderBy('id').execute(),
    programme: (merchantId: bigint, id: bigint, exec: Db = db) =>
      exec
        .selectFrom('cashback_programmes')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    insertProgramme: (exec: Db, row: Insertable<CashbackProgrammesTable>) =>
      exec.insertInto('cashback_programmes').values(row).returningAll().executeTakeFirstOrThrow(),
    updateProgramme: (exec: Db, merchantId: bigint, id: bigint, patch: Updateable<CashbackProgrammesTable>) =>
      exec
        .updateTable('cashback_programmes')
        .set(patch)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** Adds one batch's stake and payout per (member, day, category). */
    async addDaily(
      exec: Db,
      rows: Array<{
        merchantId: bigint;
        memberId: bigint;
        day: string;
        category: string;
        stake: bigint;
        payout: bigint;
      }>,
    ) {
      if (!rows.length) return;
      // unnest: six array parameters, not six per row (a 2,000-event batch parsed 12,000); rows in the given order.
      await sql`
        insert into cashback_daily as c (merchant_id, member_id, day, category, stake, payout)
        select x.merchant, x.member, x.day, x.category, x.stake, x.payout
          from unnest(${rows.map((r) => String(r.merchantId))}::bigint[], ${rows.map((r) => String(r.memberId))}::bigint[],
                      ${rows.map((r) => r.day)}::text[], ${rows.map((r) => r.category)}::text[],
                      ${rows.map((r) => String(r.stake))}::bigint[], ${rows.map((r) => String(r.payout))}::bigint[])
               with ordinality as x(merchant, member, day, category, stake, payout, n)
         order by x.n
        on conflict (merchant_id, day, member_id, category)
          do update set stake = c.stake + excluded.stake, payout = c.payout + excluded.payout`.execute(exec);
    },
    /** Stake and payout per member over `days` in `categories` (empty: all); one member when `memberId` is given. */
    sums(
      exec: Db,
      q: { merchantId: bigint; days: string[]; categories: string[]; memberId?: bigint },
    ): Promise<Array<{ member_id: bigint; stake: string; payout: string }>> {
      let s = exec
        .selectFrom('cashback_daily')
        .select(['member_id', sql<string>`sum(stake)`.as('stake'), sql<string>`sum(payout)`.as('payout')])
        .where('merchant_id', '=', q.merchantId)
        .where('day', 'in', q.days);
      if (q.categories.length) s = s.where('category', 'in', q.categories);
      if (q.memberId !== undefined) s = s.where('member_id', '=', q.memberId);
      return s.groupBy('member_id').orderBy('member_id').execute();
    },

    /** Claims a programme's period (false: it ran before) in the caller's transaction. */
    async claimRun(exec: Db, programmeId: bigint, merchantId: bigint, periodKey: string, at: Date) {
      const row = await exec
        .insertInto('cashback_runs')
        .values({
          programme_id: programmeId,
          merchant_id: merchantId,
          period_key: periodKey,
          members: 0,
          total: 0n,
          ran_at: at,
        })
        .onConflict((oc) => oc.columns(['programme_id', 'period_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    /** A period's run row, locked (late adjustments of one period go one at a time); undefined: not closed. */
    lockRun: (exec: Db, programmeId: bigint, periodKey: string) =>
      exec
        .selectFrom('cashback_runs')
        .select(['id'])
        .where('programme_id', '=', programmeId)
        .where('period_key', '=', periodKey)
        .forUpdate()
        .executeTakeFirst(),
    /** Adds a late adjustment to a run's figures. */
    addToRun: (exec: Db, id: bigint, members: number, amount: bigint) =>
      exec
        .updateTable('cashback_runs')
        .set({ members: sql`members + ${members}`, total: sql`total + ${amount}` })
        .where('id', '=', id)
        .execute(),
    /** What the member was granted for a closed period (0n: nothing). */
    async paid(exec: Db, programmeId: bigint, periodKey: string, memberId: bigint): Promise<bigint> {
      const r = await exec
        .selectFrom('cashback_paid')
        .select('paid')
        .where('programme_id', '=', programmeId)
        .where('period_key', '=', periodKey)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return r?.paid ?? 0n;
    },
    setPaid: (exec: Db, programmeId: bigint, periodKey: string, memberId: bigint, paid: bigint) =>
      exec
        .insertInto('cashback_paid')
        .values({ programme_id: programmeId, period_key: periodKey, member_id: memberId, paid })
        .onConflict((oc) => oc.columns(['programme_id', 'period_key', 'member_id']).doUpdateSet({ paid }))
        .execute(),
    /**
     * Notes members' local days that received a settled bet after they had ended (the consumer's batch). A day noted
     * again gets a new time, so a job that read the older note does not remove it (it counts again next run).
     */
    async noteLateDays(exec: Db, rows: Array<{ merchantId: bigint; memberId: bigint; day: string }>) {
      if (!rows.length) return;
      await exec
        .insertInto('cashback_late_days')
        .values(
          rows.map((r) => ({
            merchant_id: r.merchantId,
            member_id: r.memberId,
            day: r.day,
            noted_at: sql<Date>`clock_timestamp()`,
          })),
        )
        .onConflict((oc) => oc.columns(['member_id', 'day']).doUpdateSet({ noted_at: sql<Date>`clock_timestamp()` }))
        .execute();
    },
    /** Noted late days, oldest first (a batch of the job). */
    lateDays: (limit: number) =>
      db.selectFrom('cashback_late_days').selectAll().orderBy('noted_at').orderBy('member_id').limit(limit).execute(),
    /** Removes a noted late day once every period holding it is settled (only if not noted again since `notedAt`). */
    dropLateDay: (memberId: bigint, day: string, notedAt: Date) =>
      db
        .deleteFrom('cashback_late_days')
        .where('member_id', '=', memberId)
        .where('day', '=', day)
        .where('noted_at', '<=', notedAt)
        .execute(),
    finishRun: (exec: Db, id: bigint, members: number, total: bigint) =>
      exec.updateTable('cashback_runs').set({ members, total }).where('id', '=', id).execute(),
    async runsPage(merchantId: bigint, page: Page) {
      const base = db.selectFrom('cashback_runs').where('cashback_runs.merchant_id', '=', merchantId);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('cashback_programmes as p', 'p.id', 'cashback_runs.programme_id')
          .select([
            'cashback_runs.id',
            'cashback_runs.programme_id',
            'cashback_runs.period_key',
            'cashback_runs.members',
            'cashback_runs.total',
            'cashback_runs.ran_at',
            'p.title',
          ])
          .orderBy('cashback_runs.ran_at', 'desc')
          .orderBy('cashback_runs.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
