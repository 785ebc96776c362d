import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

/**
 * Read-only from application code: rows are written by the SQL function ledger_post_batch only, except closed_at
 * (account closure, ledger-closure.repository.ts).
 */
export interface LedgerAccountsTable {
  id: Int8Id;
  merchant_id: Int8;
  code: string;
  currency: string;
  member_id: Int8 | null;
  no_overdraft: boolean;
  debits_posted: Int8;
  credits_posted: Int8;
  debits_pending: Int8;
  credits_pending: Int8;
  version: Int8;
  /** Set while the member's account is closed (migration 0150): every post touching it is refused. */
  closed_at: Date | null;
  created_at: CreatedAt;
}

export interface LedgerJournalsTable {
  id: Int8Id;
  merchant_id: Int8;
  scope: string;
  idem_key: string;
  request_hash: string;
  kind: string;
  member_id: Int8 | null;
  ref: ColumnType<Record<string, unknown>, string, never>;
  ok: boolean | null;
  error: string | null;
  result: ColumnType<Record<string, unknown> | null, never, never>;
  created_at: CreatedAt;
}

export interface LedgerTransfersTable {
  id: Int8Id;
  merchant_id: Int8;
  journal_id: Int8;
  debit_account_id: Int8;
  credit_account_id: Int8;
  amount: Int8;
  code: string;
  /** 0 posted, 1 pending (hold), 2 post of a pending, 3 void of a pending */
  kind: number;
  pending_id: Int8 | null;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  account_id: Int8;
  version: Int8;
  transfer_id: Int8;
  journal_id: Int8;
  /** signed: + credit, − debit */
  amount: Int8;
  balance_after: Int8;
  created_at: Generated<Date>;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_journals: LedgerJournalsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}
