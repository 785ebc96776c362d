import { type Kysely, sql } from 'kysely';
import type { WithdrawalsTables } from './withdrawals.tables.ts';

/**
 * The withdrawals module's reads for the agent reports: paid-out withdrawals (disbursed, whatever happened to
 * the receipt afterwards) by the local day they were disbursed; disbursed_at is set once, so it is the change time.
 */
export function createWithdrawalsRollupRepository(db: Kysely<WithdrawalsTables>) {
  const day = (tz: string) => sql<string>`to_char(w.disbursed_at at time zone ${tz}, 'YYYY-MM-DD')`;
  const paid = sql`w.disbursed_at is not null and w.status not in ('rejected', 'cancelled')`;
  return {
    async changedSince(merchantId: bigint, timezone: string, since: Date, until: Date) {
      const { rows } = await sql<{ member_id: bigint; day: string; mark: Date }>`
        select w.member_id, ${day(timezone)} as day, max(w.disbursed_at) as mark from withdrawals w
         where w.disbursed_at >= ${since} and w.disbursed_at < ${until} and w.merchant_id = ${merchantId}
         group by 1, 2`.execute(db);
      return rows;
    },

    async dayTotals(
      merchantId: bigint,
      timezone: string,
      f: { memberIds?: bigint[]; fromDay: string; toDay: string },
    ): Promise<{ member_id: bigint; day: string; amount: bigint }[]> {
      const members = f.memberIds ? sql`and w.member_id = any(${f.memberIds.map(String)}::bigint[])` : sql``;
      const { rows } = await sql<{ member_id: bigint; day: string; amount: bigint }>`
        select w.member_id, ${day(timezone)} as day, sum(w.amount)::bigint as amount from withdrawals w
         where w.merchant_id = ${merchantId} and ${paid} ${members}
           and w.disbursed_at >= (${f.fromDay}::date::timestamp at time zone ${timezone})
           and w.disbursed_at < ((${f.toDay}::date + 1)::timestamp at time zone ${timezone})
         group by 1, 2`.execute(db);
      return rows;
    },
  };
}
