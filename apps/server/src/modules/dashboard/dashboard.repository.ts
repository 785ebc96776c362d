import { type Kysely, sql } from 'kysely';
import type { DashboardTables } from './dashboard.tables.ts';

/** A recounted (day, category) of one merchant's settled bets. */
export interface CategoryDay {
  day: string;
  category: string;
  validBet: bigint;
  payout: bigint;
  betCount: bigint;
}

/** Rows per insert statement (6 parameters each, far below the protocol's 65,535). */
const INSERT_CHUNK = 1000;

/** A recounted day of one merchant's money. */
export interface MoneyDay {
  day: string;
  deposits: bigint;
  depositCount: number;
  firstTimeDepositors: number;
  withdrawals: bigint;
  withdrawalCount: number;
}

export interface BetFigures {
  validBet: bigint;
  payout: bigint;
  betCount: bigint;
}

/**
 * The dashboard's own tables: the daily roll-ups of bets per category (dashboard_daily) and of money
 * (dashboard_money_daily), and their marks. Reads are one pass over a primary key range (merchant_id, day, …):
 * ≤ days × categories rows.
 */
export function createDashboardRepository(db: Kysely<DashboardTables>) {
  /** In one transaction: the days' rows deleted, then their recount inserted in chunks. */
  async function replace<R>(
    table: 'dashboard_daily' | 'dashboard_money_daily',
    merchantId: bigint,
    days: readonly string[],
    insert: (trx: Kysely<DashboardTables>, chunk: readonly R[]) => Promise<unknown>,
    rows: readonly R[],
  ): Promise<void> {
    if (!days.length) return;
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom(table)
        .where('merchant_id', '=', merchantId)
        .where(sql<boolean>`day = any(${[...days]}::date[])`)
        .execute();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(trx, rows.slice(i, i + INSERT_CHUNK));
    });
  }

  return {
    async marks(merchantId: bigint): Promise<Map<string, Date>> {
      const rows = await db
        .selectFrom('dashboard_rollup_marks')
        .select(['source', 'mark'])
        .where('merchant_id', '=', merchantId)
        .execute();
      return new Map(rows.map((r) => [r.source, r.mark]));
    },

    async saveMark(merchantId: bigint, source: string, mark: Date): Promise<void> {
      await db
        .insertInto('dashboard_rollup_marks')
        .values({ merchant_id: merchantId, source, mark })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'source'])
            .doUpdateSet({ mark: sql`greatest(dashboard_rollup_marks.mark, excluded.mark)`, updated_at: new Date() }),
        )
        .execute();
    },

    /** Replaces the rows of these days with their recount (a day without settled bets keeps no row). */
    replaceDays: (merchantId: bigint, days: readonly string[], rows: readonly CategoryDay[]) =>
      replace(
        'dashboard_daily',
        merchantId,
        days,
        (trx, chunk) =>
          trx
            .insertInto('dashboard_daily')
            .values(
              chunk.map((r) => ({
                merchant_id: merchantId,
                day: r.day,
                category: r.category,
                valid_bet: r.validBet,
                payout: r.payout,
                bet_count: r.betCount,
              })),
            )
            .execute(),
        rows,
      ),

    /** Replaces the money rows of these days with their recount (a day without money keeps no row). */
    replaceMoneyDays: (merchantId: bigint, days: readonly string[], rows: readonly MoneyDay[]) =>
      replace(
        'dashboard_money_daily',
        merchantId,
        days,
        (trx, chunk) =>
          trx
            .insertInto('dashboard_money_daily')
            .values(
              chunk.map((r) => ({
                merchant_id: merchantId,
                day: r.day,
                deposits: r.deposits,
                deposit_count: r.depositCount,
                first_time_depositors: r.firstTimeDepositors,
                withdrawals: r.withdrawals,
                withdrawal_count: r.withdrawalCount,
              })),
            )
            .execute(),
        rows,
      ),

    /** The range's money rows (days without money have none). */
    async money(merchantId: bigint, fromDay: string, toDay: string): Promise<MoneyDay[]> {
      const { rows } = await sql<{
        day: string;
        deposits: string;
        deposit_count: number;
        first_time_depositors: number;
        withdrawals: string;
        withdrawal_count: number;
      }>`
        select to_char(day, 'YYYY-MM-DD') as day, deposits, deposit_count, first_time_depositors, withdrawals,
               withdrawal_count
          from dashboard_money_daily
         where merchant_id = ${merchantId} and day >= ${fromDay}::date and day <= ${toDay}::date`.execute(db);
      return rows.map((r) => ({
        day: r.day,
        deposits: BigInt(r.deposits),
        depositCount: Number(r.deposit_count),
        firstTimeDepositors: Number(r.first_time_depositors),
        withdrawals: BigInt(r.withdrawals),
        withdrawalCount: Number(r.withdrawal_count),
      }));
    },

    /** The range's figures per day (all categories) and per category (all days), in one pass. */
    async figures(
      merchantId: bigint,
      fromDay: string,
      toDay: string,
    ): Promise<{ days: Map<string, BetFigures>; categories: Map<string, BetFigures> }> {
      const { rows } = await sql<{ day: string | null; category: string | null; vb: string; po: string; n: string }>`
        select to_char(day, 'YYYY-MM-DD') as day, category, sum(valid_bet) as vb, sum(payout) as po,
               sum(bet_count) as n
          from dashboard_daily
         where merchant_id = ${merchantId} and day >= ${fromDay}::date and day <= ${toDay}::date
         group by grouping sets ((day), (category))`.execute(db);
      const days = new Map<string, BetFigures>();
      const categories = new Map<string, BetFigures>();
      for (const r of rows) {
        const f = { validBet: BigInt(r.vb), payout: BigInt(r.po), betCount: BigInt(r.n) };
        if (r.day !== null) days.set(r.day, f);
        else if (r.category !== null) categories.set(r.category, f);
      }
      return { days, categories };
    },

    /** The newest bet change the roll-up includes (null before its first pass). */
    async freshAsOf(merchantId: bigint): Promise<Date | null> {
      const { rows } = await sql<{ mark: Date | null }>`
        select max(mark) as mark from dashboard_rollup_marks where merchant_id = ${merchantId}`.execute(db);
      return rows[0]?.mark ?? null;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
