import { ANONYMISED_TEXT } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { RewardsTables } from './rewards.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the member's points-mall orders keep the
 * item, points, cash, journal and state; the delivery address becomes the fixed marker (a physical order must
 * keep one). Returns the orders changed (0 on a
 * second run).
 */
export async function anonymiseMallOrders(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const r = await tablesOf<RewardsTables>(executor)
    .updateTable('reward_mall_orders')
    .set({ address: ANONYMISED_TEXT })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('address', 'is not', null)
    .where('address', '<>', ANONYMISED_TEXT)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
