import type { ColumnType, Generated } from 'kysely';
import type { BonusTermsColumns, CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type MissionKind = 'check_in' | 'bet_amount' | 'rounds' | 'first_deposit';
export type MissionPeriod = 'once' | 'daily' | 'weekly';
export type RewardSource = 'mission' | 'leaderboard' | 'vip' | 'referral' | 'cashback' | 'raffle';
export type RewardKind = 'cash' | 'bonus';
export type RewardStatus = 'claimable' | 'claimed' | 'expired';
export type BoardPeriod = 'daily' | 'weekly';
export type BoardMetric = 'valid_bet' | 'multiplier';
export type MallItemKind = 'cash' | 'physical';

/** Pay-as terms (migration 0240): null, cash. */
export interface RewardMissionsTable extends BonusTermsColumns {
  id: Int8Id;
  merchant_id: Int8;
  kind: MissionKind;
  period: MissionPeriod;
  category: string | null;
  target: Int8;
  reward: Int8;
  streak_bonus: Generated<bigint>;
  title: string;
  starts_at: Date | null;
  ends_at: Date | null;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface RewardMissionProgressTable {
  mission_id: Int8;
  member_id: Int8;
  window_key: string;
  progress: Int8;
  completed_at: Date | null;
  updated_at: Date;
}

export interface MemberRewardsTable {
  id: Int8Id;
  reference: string;
  merchant_id: Int8;
  member_id: Int8;
  source: RewardSource;
  source_key: string;
  kind: Generated<RewardKind>;
  amount: Int8;
  title: string;
  /** A bonus reward's wagering terms (null for cash; migration 0215). */
  bonus_multiplier: ColumnType<number | null, number | null | undefined, number | null>;
  bonus_max_conversion: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  bonus_max_stake: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  bonus_expiry_days: ColumnType<number | null, number | null | undefined, number | null>;
  status: Generated<RewardStatus>;
  expires_at: Date;
  claimed_at: Date | null;
  journal_id: Int8 | null;
  created_at: CreatedAt;
}

export interface RewardPointsRulesTable {
  merchant_id: Int8;
  threshold: Int8;
  daily_cap: Int8;
  cash_per_point: Int8;
  default_bps: number;
  contributions: Record<string, number>;
  updated_at: Date;
}

export interface RewardPointsAccountsTable {
  member_id: Int8;
  merchant_id: Int8;
  balance: Int8;
  earned_total: Int8;
}

export interface RewardPointsDailyTable {
  member_id: Int8;
  day: string;
  weighted: Int8;
  points: Int8;
}

export interface RewardPointsEntriesTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  kind: 'earn' | 'redeem' | 'convert' | 'refund';
  delta: Int8;
  balance_after: Int8;
  remark: string;
  created_at: CreatedAt;
}

export interface RewardMallItemsTable {
  id: Int8Id;
  merchant_id: Int8;
  kind: MallItemKind;
  name: string;
  description: Generated<string>;
  points: Int8;
  cash_amount: Generated<bigint>;
  stock: number;
  per_member_limit: number;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface RewardMallOrdersTable {
  id: Int8Id;
  reference: string;
  merchant_id: Int8;
  member_id: Int8;
  item_id: Int8;
  item_name: string;
  kind: MallItemKind;
  points: Int8;
  cash_amount: Int8;
  address: string | null;
  status: 'paid' | 'pending' | 'shipped' | 'refused';
  journal_id: Int8 | null;
  shipped_at: Date | null;
  refused_at: Date | null;
  refuse_reason: string | null;
  created_at: CreatedAt;
}

export interface RewardLeaderboardScoresTable {
  merchant_id: Int8;
  period: BoardPeriod;
  metric: BoardMetric;
  window_key: string;
  member_id: Int8;
  score: Int8;
  achieved_at: Date;
}

/** Each rank's row holds its board's pay-as terms (migration 0240). */
export interface RewardLeaderboardPrizesTable extends BonusTermsColumns {
  merchant_id: Int8;
  period: BoardPeriod;
  metric: BoardMetric;
  rank: number;
  amount: Int8;
}

/** The winning rounds behind the best-win boards, for result corrections (migration 0241). */
export interface RewardLeaderboardWinsTable {
  event_id: string;
  merchant_id: Int8;
  member_id: Int8;
  /** Null: a correction arrived before its round. */
  stake: Int8 | null;
  /** The first settlement's payout plus every correction's change. */
  payout: Int8;
  settled_at: Date | null;
  day_key: string | null;
  week_key: string | null;
  noted_at: Generated<Date>;
}

export interface RewardLeaderboardPayoutsTable {
  merchant_id: Int8;
  period: BoardPeriod;
  metric: BoardMetric;
  window_key: string;
  winners: number;
  paid_at: CreatedAt;
}

export interface RewardsTables {
  reward_missions: RewardMissionsTable;
  reward_mission_progress: RewardMissionProgressTable;
  member_rewards: MemberRewardsTable;
  reward_points_rules: RewardPointsRulesTable;
  reward_points_accounts: RewardPointsAccountsTable;
  reward_points_daily: RewardPointsDailyTable;
  reward_points_entries: RewardPointsEntriesTable;
  reward_mall_items: RewardMallItemsTable;
  reward_mall_orders: RewardMallOrdersTable;
  reward_leaderboard_scores: RewardLeaderboardScoresTable;
  reward_leaderboard_prizes: RewardLeaderboardPrizesTable;
  reward_leaderboard_payouts: RewardLeaderboardPayoutsTable;
  reward_leaderboard_wins: RewardLeaderboardWinsTable;
}
