import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export interface SessionsTable {
  id: Int8Id;
  token_hash: string;
  member_id: Int8;
  merchant_id: Int8;
  area: 'member' | 'agent';
  created_at: CreatedAt;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface PasswordResetTokensTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** Every login attempt of a known member (migration 0075). */
export interface MemberLoginsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  at: Date;
  ip: string;
  user_agent: string;
  method: 'password' | 'sms' | 'session';
  result: 'ok' | 'wrong_password' | 'locked' | 'disabled';
}

/** Kysely types of the auth module's tables (read only through this module's repository). */
export interface AuthTables {
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  member_logins: MemberLoginsTable;
}
