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

export interface CashbackAppliedEventsTable {
  event_id: string;
  applied_at: CreatedAt;
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

export interface CashbackTables {
  cashback_programmes: CashbackProgrammesTable;
  cashback_daily: CashbackDailyTable;
  cashback_applied_events: CashbackAppliedEventsTable;
  cashback_runs: CashbackRunsTable;
}
