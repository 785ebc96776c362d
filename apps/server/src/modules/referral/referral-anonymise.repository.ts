import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ReferralTables } from './referral.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the referral that brought the member in
 * keeps its referrer, state, figures and review; the IP and device the member registered from are blanked.
 * Returns the referrals changed (0 on a second run).
 */
export async function anonymiseReferee(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const r = await tablesOf<ReferralTables>(executor)
    .updateTable('referrals')
    .set({ registered_ip: '', registered_device_id: null })
    .where('merchant_id', '=', merchantId)
    .where('referee_id', '=', memberId)
    .where((eb) => eb.or([eb('registered_ip', '<>', ''), eb('registered_device_id', 'is not', null)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
