import type { Generated } from 'kysely';
import type { Int8, UpdatedAt } from '../../db/columns.ts';

/** One (merchant, local day, member) cell of the daily roll-up (migration 0023). */
export interface AgentDailyStatsTable {
  merchant_id: Int8;
  day: string;
  member_id: Int8;
  /** The rounds' valid bet (capped at the stake; 0206), and the stake. */
  valid_bet: Int8;
  stake: Int8;
  payout: Int8;
  bet_count: number;
  deposits: Int8;
  withdrawals: Int8;
  updated_at: UpdatedAt;
}

export interface AgentRollupMarksTable {
  merchant_id: Int8;
  source: 'rounds' | 'lottery' | 'deposits' | 'withdrawals';
  mark: Date;
  updated_at: UpdatedAt;
}

export interface AgentSettingsTable {
  merchant_id: Int8;
  max_rebate_point: Generated<string>;
  active_min_bet: Generated<bigint>;
  updated_at: UpdatedAt;
}

/** One (agent, local day, level below the agent) row of the team roll-up (migration 0030). */
export interface AgentTeamDailyTable {
  merchant_id: Int8;
  agent_id: Int8;
  day: string;
  depth: number;
  valid_bet: Int8;
  stake: Int8;
  payout: Int8;
  bet_count: Int8;
  deposits: Int8;
  withdrawals: Int8;
}

/** Qualifying member-days of a team by gap since the member's previous one (migration 0030). */
export interface AgentTeamActiveTable {
  merchant_id: Int8;
  agent_id: Int8;
  day: string;
  depth: number;
  kind: 'a' | 'l';
  gap: number;
  members: number;
}

/** A merchant's cells version, bumped with every write of its cells (migration 0032). */
export interface AgentRollupVersionsTable {
  merchant_id: Int8;
  version: Generated<bigint>;
}

/** The members whose cells one version's write touched (migration 0040; a kept member order catches up). */
export interface AgentRollupChangesTable {
  merchant_id: Int8;
  version: Int8;
  member_ids: string[];
}

/** Kysely types of the agents module's tables (read only through this module's repository). */
export interface AgentsTables {
  agent_daily_stats: AgentDailyStatsTable;
  agent_team_daily: AgentTeamDailyTable;
  agent_team_active: AgentTeamActiveTable;
  agent_rollup_marks: AgentRollupMarksTable;
  agent_settings: AgentSettingsTable;
  agent_rollup_versions: AgentRollupVersionsTable;
  agent_rollup_changes: AgentRollupChangesTable;
}
