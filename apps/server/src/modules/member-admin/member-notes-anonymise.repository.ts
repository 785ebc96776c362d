import { ANONYMISED_TEXT } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { MemberAdminTables } from './member-admin.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: staff notes on the member keep their author
 * and date (who looked at the account, and when); the text, which may quote the person's details, becomes the fixed
 * marker. Returns the notes changed (0 on a second run).
 */
export async function anonymiseMemberNotes(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const r = await tablesOf<MemberAdminTables>(executor)
    .updateTable('member_notes')
    .set({ body: ANONYMISED_TEXT })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('body', '<>', ANONYMISED_TEXT)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
