import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

export type WithdrawalStatus =
  | 'requested'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'disbursed'
  | 'confirmed'
  | 'auto_confirmed'
  | 'disputed'
  | 'resolved';
export type ReceiptResult = 'received' | 'not_received' | 'partial';

export interface WithdrawalSettingsTable {
  merchant_id: Int8;
  min_amount: Int8;
  max_amount: Int8;
  confirm_window_minutes: Generated<number>;
  cancel_allowed: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface MemberBankAccountsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  bank_name: string;
  account_number: string;
  account_name: string;
  created_at: CreatedAt;
  deleted_at: Date | null;
  /** The retention job wiped its holder's name and number (migration 0205). */
  anonymised_at: Generated<Date | null>;
}

export interface WithdrawalsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  request_id: string;
  reference: string;
  bank_account_id: Int8;
  bank_name: string;
  account_number: string;
  account_name: string;
  amount: Int8;
  currency: string;
  status: ColumnType<WithdrawalStatus, WithdrawalStatus | undefined, WithdrawalStatus>;
  hold_transfer_id: ColumnType<
    bigint | null,
    bigint | number | string | null | undefined,
    bigint | number | string | null
  >;
  reject_reason: string | null;
  receipt_result: ReceiptResult | null;
  received_amount: ColumnType<
    bigint | null,
    bigint | number | string | null | undefined,
    bigint | number | string | null
  >;
  refund_amount: ColumnType<
    bigint | null,
    bigint | number | string | null | undefined,
    bigint | number | string | null
  >;
  receipt_due_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  approved_at: Date | null;
  approved_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** Above the merchant's second-approval threshold: the first of the two approvals (migration 0045). */
  first_approved_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  first_approved_at: Date | null;
  disbursed_at: Date | null;
  disbursed_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  closed_at: Date | null;
  closed_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface WithdrawalProofsTable {
  withdrawal_id: Int8;
  content: Uint8Array;
  created_at: CreatedAt;
}

/** The operator's proof of a payout (bank slip), attached at disbursement (migration 0084). */
export interface WithdrawalPayoutProofsTable {
  withdrawal_id: Int8;
  content: Uint8Array;
  admin_id: Int8;
  created_at: CreatedAt;
}

/** Kysely types of the withdrawals module's tables (read only through this module's repository). */
export interface WithdrawalsTables {
  withdrawal_settings: WithdrawalSettingsTable;
  member_bank_accounts: MemberBankAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  withdrawal_payout_proofs: WithdrawalPayoutProofsTable;
}
