import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

export interface MembersTable {
  id: Int8Id;
  merchant_id: Int8;
  account: string;
  country_dialing_code: string | null;
  mobile: string | null;
  type: Generated<number>;
  status: Generated<'active' | 'disabled'>;
  password_hash: string;
  payment_password_hash: string | null;
  nickname: string | null;
  real_name: string | null;
  email: string | null;
  language: Generated<string>;
  upline_id: Int8 | null;
  affiliate_code: string | null;
  referral_code: string | null;
  must_change_password: Generated<boolean>;
  password_changed_at: UpdatedAt;
  failed_login_count: Generated<number>;
  lock_level: Generated<number>;
  locked_until: Date | null;
  created_at: CreatedAt;
  created_ip: Generated<string>;
  last_login_at: Date | null;
  last_login_ip: string | null;
  previous_login_at: Date | null;
}

export interface MemberAvatarsTable {
  member_id: Int8;
  content: Uint8Array;
  updated_at: UpdatedAt;
}

/** Kysely types of the members module's tables (read only through this module's repository). */
export interface MembersTables {
  members: MembersTable;
  member_avatars: MemberAvatarsTable;
}
