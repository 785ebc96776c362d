import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export interface VerificationCodesTable {
  id: Int8Id;
  merchant_id: Int8;
  purpose: 'login' | 'register' | 'reset' | 'mobile_change';
  country_dialing_code: string;
  mobile: string;
  code_hash: string;
  ip: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  /** The signed-in member who asked for a mobile_change code (migration 0244); null for the other purposes. */
  member_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

/** Kysely types of the verification module's tables (read only through this module's repository). */
export interface VerificationTables {
  verification_codes: VerificationCodesTable;
}
