import type { Generated } from 'kysely';
import type { Int8, UpdatedAt } from '../../db/columns.ts';

/** A member's profile fields beyond the members row (migration 0135). Dates as 'YYYY-MM-DD' text. */
export interface MemberProfilesTable {
  member_id: Int8;
  merchant_id: Int8;
  birthday: string | null;
  zalo: string | null;
  telegram: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  income_source: string | null;
  verified_email: string | null;
  verify_token_hash: string | null;
  verify_email: string | null;
  verify_expires_at: Date | null;
  updated_at: UpdatedAt;
}

/** The merchant's profile settings: each field's mode (jsonb) and the minimum age. */
export interface ProfileSettingsTable {
  merchant_id: Int8;
  min_age: number;
  field_modes: string | Record<string, string>;
  /** Migration 0151: days before a closed account's personal fields are wiped. */
  closed_retention_days: Generated<number>;
  updated_at: UpdatedAt;
}

/** Kysely types of the profile module's tables (read only through this module's repository). */
export interface ProfileTables {
  member_profiles: MemberProfilesTable;
  profile_settings: ProfileSettingsTable;
}
