import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { DepositsTables } from './deposits.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the receipt images the member uploaded with
 * bank-transfer deposits (a bank slip shows the payer's name and account) are deleted; the deposits themselves —
 * amounts, states, references, journals — stay. Returns the receipts deleted (0 on a second run).
 */
export async function anonymiseDepositReceipts(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const t = tablesOf<DepositsTables>(executor);
  const mine = t
    .selectFrom('deposits')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId);
  const r = await t
    .deleteFrom('deposit_receipts')
    .where('merchant_id', '=', merchantId)
    .where('deposit_id', 'in', mine)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
