import type { ColumnType } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';
import type { TranslationsColumn } from '../../lib/translations.ts';

export interface MemberMessagesTable {
  id: Int8Id;
  merchant_id: Int8;
  /** The one member it was sent to; null: every member of the merchant (a broadcast). */
  member_id: Int8 | null;
  title: string;
  /** Operator-authored HTML (sanitised by the web where it is shown). */
  content: string;
  /** The title and content in the merchant's other languages (issue 24); the site's own notices have none. */
  translations: TranslationsColumn;
  created_by: Int8 | null;
  created_at: CreatedAt;
  /** Sent to a segment (its criteria; the members are in member_message_recipients); null otherwise. */
  segment: ColumnType<MessageSegmentJson | null, string | null | undefined, string | null>;
}

export interface MessageSegmentJson {
  agentAccount?: string;
  registeredFrom?: string;
  registeredTo?: string;
  recipients: number;
}

export interface MemberMessageRecipientsTable {
  message_id: Int8;
  member_id: Int8;
}

export interface MemberMessageReadsTable {
  member_id: Int8;
  message_id: Int8;
  read_at: CreatedAt;
}

export interface MessagesTables {
  member_messages: MemberMessagesTable;
  member_message_reads: MemberMessageReadsTable;
  member_message_recipients: MemberMessageRecipientsTable;
}
