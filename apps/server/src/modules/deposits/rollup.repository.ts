import { type Kysely, sql } from 'kysely';
import type { DepositsTables } from './deposits.tables.ts';

/**
 * The deposits module's reads for the agent reports: credited deposits (status success) by the local day they
 * were credited. A deposit is credited once and never changes afterwards, so completed_at is its change time.
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
  };
}
