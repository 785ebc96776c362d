import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

export interface AdminsTable {
  id: Int8Id;
  merchant_id: Int8;
  username: string;
  password_hash: string;
  status: Generated<'active' | 'disabled'>;
  must_change_password: Generated<boolean>;
  password_changed_at: UpdatedAt;
  failed_login_count: Generated<number>;
  lock_level: Generated<number>;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: CreatedAt;
  display_name: Generated<string>;
  role_code: Generated<string>;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface AdminRolesTable {
  merchant_id: Int8;
  code: string;
  name: string;
  permissions: string[];
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AdminRecoveryCodesTable {
  admin_id: Int8;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface AdminSettingsTable {
  merchant_id: Int8;
  ip_allow_list: string[];
  withdrawal_second_approval_above: Int8 | null;
  updated_at: UpdatedAt;
}

export interface AdminSessionsTable {
  id: Int8Id;
  token_hash: string;
  admin_id: Int8;
  merchant_id: Int8;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: Generated<string>;
}

export interface AdminAuditLogTable {
  id: Int8Id;
  merchant_id: Int8;
  admin_id: Int8 | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip: Generated<string>;
  created_at: CreatedAt;
}

export interface AdminAdjustmentsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  direction: 'credit' | 'debit';
  amount: Int8;
  currency: string;
  reason: string;
  request_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  requested_by: Int8;
  decided_by: Int8 | null;
  decided_at: Date | null;
  journal_id: Int8 | null;
  created_at: CreatedAt;
}

/** Kysely types of the admin module's tables (read only through this module's repository). */
export interface AdminTables {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  admin_audit_log: AdminAuditLogTable;
  admin_adjustments: AdminAdjustmentsTable;
  admin_roles: AdminRolesTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_settings: AdminSettingsTable;
}
