import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { BonusTables } from './bonus.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the member's bonus claims keep every amount,
 * state and date (the wagering record); the IP and device they were claimed from are blanked. The flag reason names
 * the match's kind and member id only, so it stays. Returns the claims changed (0 on a second run).
 */
export async function anonymiseBonusClaims(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const r = await tablesOf<BonusTables>(executor)
    .updateTable('bonus_claims')
    .set({ ip: '', device: '' })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('ip', '<>', ''), eb('device', '<>', '')]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
