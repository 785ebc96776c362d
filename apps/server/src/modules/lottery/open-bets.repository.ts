import type { Kysely } from 'kysely';
import type { LotteryTables } from './lottery.tables.ts';

/**
 * Whether the member has a lottery bet whose issue is not final yet (open, closed, awaiting or drawn): its win may
 * still be paid. Account closure waits for it (a win for a closed account would be refused by the ledger).
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
    .where('i.status', 'in', ['open', 'closed', 'awaiting', 'drawn'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
