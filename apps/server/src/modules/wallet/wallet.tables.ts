import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type VendorTransferDirection = 'to_vendor' | 'from_vendor';
/** pending → confirmed (the vendor applied it) | refused (it did not; a refused deposit is compensated). */
export type VendorTransferState = 'pending' | 'confirmed' | 'refused';

/** One main ↔ vendor transfer as the vendor knows it (transfer_id), and how far it got. */
export interface WalletVendorTransfersTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  vendor_code: string;
  transfer_id: string;
  direction: VendorTransferDirection;
  amount: Int8;
  state: Generated<VendorTransferState>;
  /** from_vendor: the ledger hold on the sub-wallet (posted when the vendor paid out, voided when it refused). */
  hold_id: Int8 | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  last_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  resolved_at: Date | null;
}

/** Kysely types of the wallet module's tables (read only through its repository). */
export interface WalletTables {
  wallet_vendor_transfers: WalletVendorTransfersTable;
}
