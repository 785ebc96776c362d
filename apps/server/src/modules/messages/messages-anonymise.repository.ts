import { ANONYMISED_TEXT } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { MessagesTables } from './messages.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: messages sent to this member alone (a
 * feedback reply, a new-device notice with its IP and browser, a document review's reason) keep their title and
 * date; the body and its translations become the fixed marker. Broadcasts and segment messages are not the
 * member's and stay. Returns the messages changed (0 on a second run).
 */
export async function anonymiseMessages(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const r = await tablesOf<MessagesTables>(executor)
    .updateTable('member_messages')
    .set({ content: ANONYMISED_TEXT, translations: '{}' })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('content', '<>', ANONYMISED_TEXT)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
