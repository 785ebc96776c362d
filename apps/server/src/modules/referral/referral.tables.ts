import type { Generated } from 'kysely';
import type { BonusTermsColumns, CreatedAt, Int8, Int8Id } from '../../db/columns.ts';
import type { ReferralFlag, ReferralStatus } from '@sea/contracts';

/** Both rewards' pay-as terms (migration 0240): null, cash. */
export interface ReferralSettingsTable extends BonusTermsColumns {
  merchant_id: Int8;
  min_first_deposit: Int8;
  turnover: Int8;
  within_days: number;
  referrer_reward: Int8;
  referee_reward: Int8;
  monthly_cap: number;
  updated_at: Date;
}

export interface ReferralCodesTable {
  member_id: Int8;
  merchant_id: Int8;
  code: string;
  created_at: CreatedAt;
}

export interface ReferralsTable {
  id: Int8Id;
  merchant_id: Int8;
  referrer_id: Int8;
  referee_id: Int8;
  code: string;
  status: Generated<ReferralStatus>;
  flags: Generated<ReferralFlag[]>;
  registered_ip: Generated<string>;
  registered_device_id: string | null;
  first_deposit: Generated<bigint>;
  turnover: Generated<bigint>;
  qualified_at: Date | null;
  rewarded_at: Date | null;
  reward_month: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_reason: string | null;
  created_at: CreatedAt;
}

/** Kysely types of the referral module's tables (read only through its repository). */
export interface ReferralTables {
  referral_settings: ReferralSettingsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
}
