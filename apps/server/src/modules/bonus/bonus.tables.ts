import type { ColumnType, Generated } from 'kysely';
import type { BonusClaimKind, BonusClaimStatus, BonusOfferKind } from '@sea/contracts';
import type { Int8, Int8Id } from '../../db/columns.ts';

type Json = ColumnType<Record<string, number>, string, string>;

export interface BonusOffersTable {
  promotion_id: Int8;
  merchant_id: Int8;
  kind: BonusOfferKind;
  enabled: boolean;
  percent_bp: number;
  fixed_amount: Int8;
  max_bonus: Int8 | null;
  min_deposit: Int8;
  multiplier: number;
  wager_base: 'bonus' | 'bonus_deposit';
  max_conversion: Int8 | null;
  max_stake: Int8 | null;
  expiry_days: number;
  new_members_only: boolean;
  contributions: Json;
  updated_by: Int8 | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BonusClaimsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  /** null: a reward paid as bonus money (reward_ref; migration 0215). */
  promotion_id: Int8 | null;
  reward_ref: string | null;
  title: string | null;
  kind: BonusClaimKind;
  status: BonusClaimStatus;
  deposit_ref: string | null;
  deposit_amount: Generated<bigint>;
  amount: Generated<bigint>;
  requirement: Generated<bigint>;
  wagered: Generated<bigint>;
  max_conversion: Int8 | null;
  max_stake: Int8 | null;
  expiry_days: number;
  contributions: Json;
  ip: string;
  device: string;
  flag_reason: string | null;
  /** The other member whose claim of the promotion shares the IP or device (flagged claims). */
  flag_member_id: Int8 | null;
  flag_match: 'ip' | 'device' | null;
  reviewed_by: Int8 | null;
  review_reason: string | null;
  reviewed_at: Date | null;
  converted: Generated<bigint>;
  forfeited: Generated<bigint>;
  joined_at: Date;
  qualified_at: Date | null;
  activated_at: Date | null;
  expires_at: Date | null;
  ended_at: Date | null;
}

export interface BonusTables {
  bonus_offers: BonusOffersTable;
  bonus_claims: BonusClaimsTable;
}
