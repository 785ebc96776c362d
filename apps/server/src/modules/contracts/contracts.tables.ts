import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';
import type { ContractType, Period } from './contract-rules.ts';

type Int8Default = ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;

export type ContractStatus = 'pending' | 'active' | 'rejected' | 'withdrawn' | 'terminated' | 'invalid';
export type SettlementStatus = 'paid' | 'not_reached' | 'insufficient_funds';

export interface ContractsTable {
  id: Int8Id;
  merchant_id: Int8;
  type: ContractType;
  /** null: offered by the house (a top-level agent's contract, paid from sys:agent_payouts). */
  upline_id: Int8 | null;
  agent_id: Int8;
  period: Period;
  cumulative: Generated<boolean>;
  min_single_bet: Int8Default;
  status: Generated<ContractStatus>;
  created_at: CreatedAt;
  decided_at: Date | null;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export interface ContractTiersTable {
  contract_id: Int8;
  level: number;
  min_valid_bet: Int8;
  min_active: number;
  min_profit: Int8;
  rate_bp: number;
  loss_rate_bp: number | null;
}

export interface ContractSettlementsTable {
  id: Int8Id;
  merchant_id: Int8;
  contract_id: Int8;
  type: ContractType;
  agent_id: Int8;
  payer_id: Int8 | null;
  period_start: Date;
  period_end: Date;
  valid_bet: Int8;
  profit: Int8;
  active_members: number;
  carry_out: Int8;
  tier: number | null;
  rate_bp: number;
  amount: Int8;
  status: SettlementStatus;
  journal_id: Int8 | null;
  created_at: CreatedAt;
}

export interface ContractRebateRatesTable {
  merchant_id: Int8;
  category: string;
  rate_bp: number;
}

export interface ContractRebatesTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  /** Local calendar day (YYYY-MM-DD) in the merchant's time zone. */
  day: string;
  category: string;
  valid_bet: Int8;
  rate_bp: number;
  amount: Int8;
  journal_id: Int8;
  created_at: CreatedAt;
}

/** A manual rebate claim (migration 0031): paid at once on the day's valid bets so far. */
export interface ContractRebateClaimsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  day: string;
  category: string;
  valid_bet: Int8;
  rate_bp: number;
  amount: Int8;
  journal_id: Int8;
  created_at: CreatedAt;
}

/** Kysely types of the contracts module's tables (read only through this module's repository). */
export interface ContractsTables {
  contracts: ContractsTable;
  contract_tiers: ContractTiersTable;
  contract_settlements: ContractSettlementsTable;
  contract_rebate_rates: ContractRebateRatesTable;
  contract_rebates: ContractRebatesTable;
  contract_rebate_claims: ContractRebateClaimsTable;
}
