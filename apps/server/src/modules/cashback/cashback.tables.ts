import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

type Json = ColumnType<string[], string, string>;

export interface CashbackProgrammesTable {
  id: Int8Id;
  merchant_id: Int8;
  title: string;
  period: 'daily' | 'weekly';
  percent_bp: number;
  min_net_loss: Int8;
  cap: Int8;
  categories: Json;
  active: Generated<boolean>;
  /** Paid as cash or as bonus money with these terms (migration 0215). */
  pay_as: Generated<'cash' | 'bonus'>;
  bonus_multiplier: number | null;
  bonus_max_conversion: Int8 | null;
  bonus_max_stake: Int8 | null;
  bonus_expiry_days: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CashbackDailyTable {
  merchant_id: Int8;
  member_id: Int8;
  day: string;
  category: string;
  stake: Int8;
  payout: Int8;
}

export interface CashbackRunsTable {
  id: Int8Id;
  programme_id: Int8;
  merchant_id: Int8;
  period_key: string;
  members: number;
  total: Int8;
  ran_at: CreatedAt;
}

/** What a member was granted for a programme's closed period (the close, then late adjustments). */
export interface CashbackPaidTable {
  programme_id: Int8;
  period_key: string;
  member_id: Int8;
  paid: Int8;
}

/** A member's local day that received a settled bet after it had ended (re-counted by the close job). */
export interface CashbackLateDaysTable {
  merchant_id: Int8;
  member_id: Int8;
  day: string;
  noted_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CashbackTables {
  cashback_programmes: CashbackProgrammesTable;
  cashback_daily: CashbackDailyTable;
  cashback_runs: CashbackRunsTable;
  cashback_paid: CashbackPaidTable;
  cashback_late_days: CashbackLateDaysTable;
}
