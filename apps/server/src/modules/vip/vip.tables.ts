import type { Generated } from 'kysely';
import type { BonusTermsColumns, CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type VipBasis = 'tier_points' | 'deposit';
export type VipPeriod = 'month' | 'quarter';

export interface VipSettingsTable {
  merchant_id: Int8;
  basis: Generated<VipBasis>;
  period: Generated<VipPeriod>;
  updated_at: Generated<Date>;
}

/** The level-up reward's pay-as terms (migration 0240): null, cash. */
export interface VipLevelsTable extends BonusTermsColumns {
  id: Int8Id;
  merchant_id: Int8;
  level: number;
  name: string;
  threshold: Int8;
  keep_threshold: Int8;
  level_up_reward: Generated<bigint>;
  weekly_bonus: Generated<bigint>;
  monthly_bonus: Generated<bigint>;
  rebate_bonus_bp: Generated<number>;
  updated_at: Generated<Date>;
}

export interface VipMembersTable {
  member_id: Int8;
  merchant_id: Int8;
  level: Generated<number>;
  judged_period: string | null;
  updated_at: Generated<Date>;
}

export interface VipPeriodTotalsTable {
  member_id: Int8;
  period_key: string;
  weighted: Generated<bigint>;
  deposits: Generated<bigint>;
}

export interface VipLevelChangesTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  from_level: number;
  to_level: number;
  reason: 'up' | 'down';
  period_key: string;
  qualifying: Int8;
  created_at: CreatedAt;
}

export interface VipTables {
  vip_settings: VipSettingsTable;
  vip_levels: VipLevelsTable;
  vip_members: VipMembersTable;
  vip_period_totals: VipPeriodTotalsTable;
  vip_level_changes: VipLevelChangesTable;
}
