import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

/** 'disabled' = locked by an operator or an upline; 'closed' = closed by the member. */
export type MemberStatus = 'active' | 'disabled' | 'closed';

export interface MembersTable {
  id: Int8Id;
  merchant_id: Int8;
  account: string;
  country_dialing_code: string | null;
  mobile: string | null;
  type: Generated<number>;
  /** 'closed': closed by the member (kept, never deleted; closed_at says when), migration 0135. */
  status: Generated<MemberStatus>;
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
  /** numeric(4,1) as text, e.g. '12.0' (domain rules §8.1); ≤ the upline's. */
  rebate_point: Generated<string>;
  /** Why an operator locked the account (status 'disabled'), migration 0075. */
  lock_reason: Generated<string | null>;
  /** The invitation code the member registered with (agent code or affiliate link), migration 0075. */
  invitation_code: Generated<string | null>;
  /** When the member closed the account (status 'closed'), migration 0135. */
  closed_at: Generated<Date | null>;
  /** When a closed account's personal fields were wiped after the retention period, migration 0151. */
  anonymised_at: Generated<Date | null>;
}

/** Closure of the upline tree: every (ancestor, descendant) pair, self at depth 0 (migration 0022). */
export interface MemberTreeTable {
  merchant_id: Int8;
  ancestor_id: Int8;
  descendant_id: Int8;
  depth: number;
}

export interface AffiliateLinksTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  code: string;
  member_type: Generated<number>;
  rebate_point: Generated<string>;
  note: string | null;
  registrations: Generated<number>;
  created_at: CreatedAt;
  deleted_at: Date | null;
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
  member_tree: MemberTreeTable;
  affiliate_links: AffiliateLinksTable;
}
