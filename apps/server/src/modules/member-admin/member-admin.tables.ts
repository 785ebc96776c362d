import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

/** Staff notes on a member (migration 0075): append-only, the author's username as it was. */
export interface MemberNotesTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  admin_id: Int8;
  author: string;
  body: string;
  created_at: CreatedAt;
}

/** Kysely types of the member-admin module's tables (read only through this module's repository). */
export interface MemberAdminTables {
  member_notes: MemberNotesTable;
}
