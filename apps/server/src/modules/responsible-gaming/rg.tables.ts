import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

export type RgBlockKind = 'time_out' | 'self_exclusion';
export type RgStoredKind = 'deposit' | 'loss' | 'wager' | 'session';
export type RgStoredPeriod = 'day' | 'week' | 'month' | 'session';

export interface RgMembersTable {
  member_id: Int8;
  merchant_id: Int8;
  block_kind: RgBlockKind | null;
  blocked_until: Date | null;
  reality_check_minutes: Generated<number>;
  session_started_at: Date | null;
  updated_at: UpdatedAt;
}

export interface RgLimitsTable {
  member_id: Int8;
  merchant_id: Int8;
  kind: RgStoredKind;
  period: RgStoredPeriod;
  amount: Int8 | null;
  pending_amount: Int8 | null;
  pending_at: Date | null;
  updated_at: UpdatedAt;
}

export interface RgEventsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  actor: 'member' | 'staff';
  admin_id: Int8 | null;
  action: string;
  detail: string | Record<string, unknown>;
  created_at: CreatedAt;
}

/** The operator's help contacts per language (0175): plain text, the page's "Help and support" panel. */
export interface RgHelpTextsTable {
  merchant_id: Int8;
  texts: ColumnType<Record<string, string>, string | undefined, string>;
  updated_at: Generated<Date>;
}

export interface RgTables {
  rg_help_texts: RgHelpTextsTable;
  rg_members: RgMembersTable;
  rg_limits: RgLimitsTable;
  rg_events: RgEventsTable;
}
