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
  /** The web app's device id (migration 0140); removing the device ends its sessions. */
  device_id: Generated<string | null>;
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

/** A device (or, without a device id, an IP) the member logged in from (migration 0140). */
export interface MemberDevicesTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  device_id: string | null;
  ip: string;
  user_agent: string;
  first_seen_at: Date;
  last_seen_at: Date;
  removed_at: Date | null;
}

/** A login from somewhere new waiting for its check (migration 0140). */
export interface LoginChallengesTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  token_hash: string;
  area: 'member' | 'agent';
  login_method: 'password' | 'sms';
  method: 'sms' | 'email' | 'bank_name';
  code_hash: string | null;
  attempts: Generated<number>;
  max_attempts: number;
  sends: Generated<number>;
  last_sent_at: Date | null;
  device_id: string | null;
  ip: string;
  user_agent: string;
  created_at: Date;
  expires_at: Date;
  passed_at: Date | null;
}

/** Kysely types of the auth module's tables (read only through this module's repository). */
export interface AuthTables {
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  member_logins: MemberLoginsTable;
  member_devices: MemberDevicesTable;
  login_challenges: LoginChallengesTable;
}
