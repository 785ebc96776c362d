import { ANONYMISED_TEXT } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ChatTables } from './chat.tables.ts';

/** The name an anonymised member's chat messages show (the web translates it, as it does the text's marker). */
export const ANONYMISED_CHAT_NAME = ANONYMISED_TEXT;

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the member's chat messages keep their room
 * and time; the text becomes the fixed marker, the shown name the marker, the bet slip is dropped. Staff deletion
 * marks stay. Returns the messages changed (0 on a second run).
 */
export async function anonymiseChat(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const r = await tablesOf<ChatTables>(executor)
    .updateTable('chat_messages')
    .set({ text: ANONYMISED_TEXT, display_name: ANONYMISED_CHAT_NAME, slip: null })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('text', '<>', ANONYMISED_TEXT),
        eb('display_name', '<>', ANONYMISED_CHAT_NAME),
        eb('slip', 'is not', null),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
