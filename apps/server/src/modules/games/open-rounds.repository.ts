import type { Kysely } from 'kysely';
import type { GamesTables } from './games.tables.ts';

/**
 * Whether the member has a game round still open (a vendor's or a house game's bet without its result): its win may
 * still be paid. Account closure waits for it (a win for a closed account would be refused by the ledger).
 */
export async function memberHasOpenRounds(
  db: Kysely<GamesTables>,
  merchantId: bigint,
  memberId: bigint,
): Promise<boolean> {
  const row = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
