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
     * The dashboard: credited deposits per local day of crediting over [fromDay, toDay] (amount, count), and how
     * many of them were their member's first credited deposit ever (each member counts once, on that day).
     */
    async dashboardDays(
      merchantId: bigint,
      timezone: string,
      fromDay: string,
      toDay: string,
    ): Promise<{ day: string; amount: bigint; count: number; firstTime: number }[]> {
      const { rows } = await sql<{ day: string; amount: string; n: string; first_time: string }>`
        select ${day(timezone)} as day, sum(d.amount)::bigint as amount, count(*) as n,
               count(*) filter (where not exists (
                 select 1 from deposits e
                  where e.member_id = d.member_id and e.status = 'success' and e.id <> d.id
                    and (e.completed_at, e.id) < (d.completed_at, d.id))) as first_time
          from deposits d
         where d.merchant_id = ${merchantId} and d.status = 'success'
           and d.completed_at >= (${fromDay}::date::timestamp at time zone ${timezone})
           and d.completed_at < ((${toDay}::date + 1)::timestamp at time zone ${timezone})
         group by 1`.execute(db);
      return rows.map((r) => ({
        day: r.day,
        amount: BigInt(r.amount),
        count: Number(r.n),
        firstTime: Number(r.first_time),
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
