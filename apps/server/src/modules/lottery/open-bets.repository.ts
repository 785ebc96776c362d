import type { Kysely } from 'kysely';
import type { LotteryTables } from './lottery.tables.ts';

/**
 * Whether the member has a lottery bet whose issue is not final yet (open, closed, awaiting, drawn, or cancelled with
 * the bet not refunded yet): its win or refund may still be paid. Account closure waits for it (a win for a closed account would be refused by the ledger).
 */
export async function memberHasOpenLotteryBets(
  db: Kysely<LotteryTables>,
  merchantId: bigint,
  memberId: bigint,
): Promise<boolean> {
  const row = await db
    .selectFrom('lottery_bets as b')
    .innerJoin('lottery_issues as i', 'i.id', 'b.issue_pk')
    .select('b.id')
    .where('b.merchant_id', '=', merchantId)
    .where('b.member_id', '=', memberId)
    .where('b.status', '<>', 'refunded')
    // 'cancelled': the draw is called off but its refund not paid yet (the next job step pays it to this account).
    .where('i.status', 'in', ['open', 'closed', 'awaiting', 'drawn', 'cancelled'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
