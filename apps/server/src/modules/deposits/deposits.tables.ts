import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

/** Kysely types of the deposits module's tables (read only through this module's repository). */
export interface DepositsTables {
  deposit_methods: DepositMethodsTable;
  deposits: DepositsTable;
  deposit_receipts: DepositReceiptsTable;
  deposit_gateway_secrets: DepositGatewaySecretsTable;
}

export type DepositMethodKind = 'gateway' | 'bank_transfer';
export type DepositStatus = 'pending' | 'success' | 'failed' | 'rejected';

export interface DepositMethodsTable {
  id: Int8Id;
  merchant_id: Int8;
  code: string;
  name: string;
  kind: DepositMethodKind;
  gateway: string | null;
  min_amount: Int8;
  max_amount: Int8;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface DepositsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  method_id: Int8;
  kind: DepositMethodKind;
  amount: Int8;
  currency: string;
  status: Generated<DepositStatus>;
  request_id: string;
  order_ref: string;
  reference: string;
  gateway: string | null;
  gateway_ref: string | null;
  reason: string | null;
  journal_id: Int8 | null;
  reviewed_by: Int8 | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  completed_at: Date | null;
}

export interface DepositReceiptsTable {
  deposit_id: Int8;
  merchant_id: Int8;
  content_type: 'image/png' | 'image/jpeg';
  content: Uint8Array;
  created_at: CreatedAt;
}

export interface DepositGatewaySecretsTable {
  gateway: string;
  secret: string;
  created_at: CreatedAt;
}
