import { type Kysely, sql } from 'kysely';
import type { WithdrawalsTables } from './withdrawals.tables.ts';

/**
 * The withdrawals module's reads for the agent reports: paid-out withdrawals (disbursed, whatever happened to
 * the receipt afterwards) by the local day they were disbursed; disbursed_at is set once, so it is the change time.
 * Also the back-office dashboard's figures and queue counts.
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
    /** The dashboard: paid-out withdrawals per local day of disbursement over [fromDay, toDay] (amount, count). */
    async dashboardDays(
      merchantId: bigint,
      timezone: string,
      fromDay: string,
      toDay: string,
    ): Promise<{ day: string; amount: bigint; count: number }[]> {
      const { rows } = await sql<{ day: string; amount: string; n: string }>`
        select ${day(timezone)} as day, sum(w.amount)::bigint as amount, count(*) as n from withdrawals w
         where w.merchant_id = ${merchantId} and ${paid}
           and w.disbursed_at >= (${fromDay}::date::timestamp at time zone ${timezone})
           and w.disbursed_at < ((${toDay}::date + 1)::timestamp at time zone ${timezone})
         group by 1`.execute(db);
      return rows.map((r) => ({ day: r.day, amount: BigInt(r.amount), count: Number(r.n) }));
    },

    /**
     * The dashboard's queues: requested withdrawals without an approval, those with a first approval waiting for a
     * second staff member, and disputed ones (the member reported the money not or partly received).
     */
    async queueCounts(
      merchantId: bigint,
    ): Promise<{ requested: number; awaitingSecondApproval: number; disputed: number }> {
      const { rows } = await sql<{ requested: string; second: string; disputed: string }>`
        select count(*) filter (where status = 'requested' and first_approved_by is null) as requested,
               count(*) filter (where status = 'requested' and first_approved_by is not null) as second,
               count(*) filter (where status = 'disputed') as disputed
          from withdrawals
         where merchant_id = ${merchantId} and status in ('requested', 'disputed')`.execute(db);
      const r = rows[0];
      return {
        requested: Number(r?.requested ?? 0),
        awaitingSecondApproval: Number(r?.second ?? 0),
        disputed: Number(r?.disputed ?? 0),
      };
    },
  };
}
