import type { Int8, UpdatedAt } from '../../db/columns.ts';

/** One (merchant, local bet day, game category) of the dashboard's roll-up of settled bets (migration 0070). */
export interface DashboardDailyTable {
  merchant_id: Int8;
  day: string;
  category: string;
  valid_bet: Int8;
  payout: Int8;
  bet_count: Int8;
  updated_at: UpdatedAt;
}

/** How far the dashboard roll-up has read each bet source (the games face's betCellSources), per merchant. */
export interface DashboardRollupMarksTable {
  merchant_id: Int8;
  source: string;
  mark: Date;
  updated_at: UpdatedAt;
}

/** One (merchant, local day) of the dashboard's money roll-up: deposits credited, withdrawals paid out (0070). */
export interface DashboardMoneyDailyTable {
  merchant_id: Int8;
  day: string;
  deposits: Int8;
  deposit_count: number;
  first_time_depositors: number;
  withdrawals: Int8;
  withdrawal_count: number;
  updated_at: UpdatedAt;
}

export interface DashboardTables {
  dashboard_daily: DashboardDailyTable;
  dashboard_money_daily: DashboardMoneyDailyTable;
  dashboard_rollup_marks: DashboardRollupMarksTable;
}
