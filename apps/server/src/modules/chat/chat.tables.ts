import type { ChatSlip } from '@sea/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export interface ChatMessagesTable {
  id: Int8Id;
  merchant_id: Int8;
  room: string;
  member_id: Int8;
  display_name: string;
  text: string;
  slip: ColumnType<ChatSlip | null, string | null, string | null>;
  deleted_at: Date | null;
  deleted_by: string | null;
  created_at: CreatedAt;
}

export interface ChatSanctionsTable {
  merchant_id: Int8;
  member_id: Int8;
  muted_until: Date | null;
  banned: Generated<boolean>;
  reason: string | null;
  updated_by: string;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface ChatBlockedWordsTable {
  merchant_id: Int8;
  word: string;
}

export interface ChatTables {
  chat_messages: ChatMessagesTable;
  chat_sanctions: ChatSanctionsTable;
  chat_blocked_words: ChatBlockedWordsTable;
}
