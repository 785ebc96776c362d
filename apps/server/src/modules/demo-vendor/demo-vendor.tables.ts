import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type DemoRoundStatus = 'placing' | 'open' | 'settled' | 'cancelled' | 'refused';
export type DeliveryOp = 'bet' | 'win' | 'rollback';
export type DeliveryStatus = 'pending' | 'done' | 'refused';

export interface DemoVendorSessionsTable {
  id: Int8Id;
  token_hash: string;
  merchant_id: Int8;
  operator_code: string;
  vendor_code: string;
  wallet_mode: 'seamless' | 'transfer';
  player_id: string;
  wallet_token: string;
  game_code: string;
  currency: string;
  currency_exponent: number;
  language: string;
  created_at: CreatedAt;
}

export interface DemoVendorRoundsTable {
  id: Int8Id;
  session_id: Int8;
  merchant_id: Int8;
  vendor_code: string;
  player_id: string;
  game_code: string;
  request_id: string;
  pick: string;
  odds_bp: number;
  stake: Int8;
  status: Generated<DemoRoundStatus>;
  outcome: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  payout: Int8 | null;
  summary: string | null;
  message: string | null;
  settle_at: Date | null;
  created_at: CreatedAt;
  settled_at: Date | null;
}

export interface DemoVendorDeliveriesTable {
  id: Int8Id;
  round_id: Int8;
  op: DeliveryOp;
  tx_id: string;
  body: string;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_status: string | null;
  answer: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
}

export interface DemoVendorWalletsTable {
  merchant_id: Int8;
  vendor_code: string;
  player_id: string;
  balance: Int8;
  version: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface DemoVendorTransfersTable {
  merchant_id: Int8;
  vendor_code: string;
  transfer_id: string;
  player_id: string;
  direction: 'deposit' | 'withdraw';
  amount: Int8;
  /** Refused (nothing moved); a repeat of the id gets the refusal again. */
  refused: Generated<boolean>;
  created_at: CreatedAt;
}

/** Kysely types of the demo vendor's tables (read only through its repository). */
export interface DemoVendorTables {
  demo_vendor_sessions: DemoVendorSessionsTable;
  demo_vendor_rounds: DemoVendorRoundsTable;
  demo_vendor_deliveries: DemoVendorDeliveriesTable;
  demo_vendor_wallets: DemoVendorWalletsTable;
  demo_vendor_transfers: DemoVendorTransfersTable;
}
