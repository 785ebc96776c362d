import { type Kysely, sql } from 'kysely';
import type { DepositsTables } from './deposits.tables.ts';

/**
 * The deposits module's reads for the agent reports: credited deposits (status success) by the local day they
 * were credited. A deposit is credited once and never changes afterwards, so completed_at is its change time.
 * Also the back-office dashboard's figures (credited per day, first-time depositors) and its queue count.
 */
export function createDepositsRollupRepository(db: Kysely<DepositsTables>) {
  const day = (tz: string) => sql<string>`to_char(d.completed_at at time zone ${tz}, 'YYYY-MM-DD')`;
  return {
    async changedSince(merchantId: bigint, timezone: string, since: Date, until: Date) {
      const { rows } = await sql<{ member_id: bigint; day: string; mark: Date }>`
        select d.member_id, ${day(timezone)} as day, max(d.completed_at) as mark from deposits d
         where d.status = 'success' and d.completed_at >= ${since} and d.completed_at < ${until}
           and d.merchant_id = ${merchantId}
         group by 1, 2`.execute(db);
      return rows;
    },

    async dayTotals(
      merchantId: bigint,
      timezone: string,
      f: { memberIds?: bigint[]; fromDay: string; toDay: string },
    ): Promise<{ member_id: bigint; day: string; amount: bigint }[]> {
      const members = f.memberIds ? sql`and d.member_id = any(${f.memberIds.map(String)}::bigint[])` : sql``;
      const { rows } = await sql<{ member_id: bigint; day: string; amount: bigint }>`
        select d.member_id, ${day(timezone)} as day, sum(d.amount)::bigint as amount from deposits d
         where d.merchant_id = ${merchantId} and d.status = 'success' ${members}
           and d.completed_at >= (${f.fromDay}::date::timestamp at time zone ${timezone})
           and d.completed_at < ((${f.toDay}::date + 1)::timestamp at time zone ${timezone})
         group by 1, 2`.execute(db);
      return rows;
    },
    /**
     * The dashboard: credited deposits per local day of crediting over [fromDay, toDay] (amount, count), and the
     * members whose first credited deposit ever falls on that day: a member's first deposit of the range, unless it
     * had one before the range (one probe per member of the range, not per deposit).
     */
    async dashboardDays(
      merchantId: bigint,
      timezone: string,
      fromDay: string,
      toDay: string,
    ): Promise<{ day: string; amount: bigint; count: number; firstTime: number }[]> {
      const start = sql`(${fromDay}::date::timestamp at time zone ${timezone})`;
      const credited = sql`d.merchant_id = ${merchantId} and d.status = 'success' and d.completed_at >= ${start}
           and d.completed_at < ((${toDay}::date + 1)::timestamp at time zone ${timezone})`;
      const { rows } = await sql<{ day: string; amount: string | null; n: string | null; first_time: string | null }>`
        with days as (
          select ${day(timezone)} as day, sum(d.amount)::bigint as amount, count(*) as n
            from deposits d where ${credited} group by 1),
        firsts as (
          select to_char(f.first_at at time zone ${timezone}, 'YYYY-MM-DD') as day, count(*) as n
            from (select d.member_id, min(d.completed_at) as first_at from deposits d where ${credited}
                   group by d.member_id) f
           where not exists (select 1 from deposits e
                              where e.member_id = f.member_id and e.status = 'success' and e.completed_at < ${start})
           group by 1)
        select days.day, days.amount, days.n, firsts.n as first_time
          from days left join firsts on firsts.day = days.day`.execute(db);
      return rows.map((r) => ({
        day: r.day,
        amount: BigInt(r.amount ?? 0),
        count: Number(r.n ?? 0),
        firstTime: Number(r.first_time ?? 0),
      }));
    },

    /** The dashboard's queue: bank-transfer deposits waiting for an operator. */
    async pendingBankTransfers(merchantId: bigint): Promise<number> {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from deposits
         where merchant_id = ${merchantId} and status = 'pending' and kind = 'bank_transfer'`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}
