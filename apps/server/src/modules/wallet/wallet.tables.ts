import type { Generated } from 'kysely';
import type { CreatedAt, Int8 } from '../../db/columns.ts';

export type WalletMode = 'seamless' | 'transfer';

/** A merchant's game vendor; transfer-mode vendors have a sub-wallet per member. */
export interface VendorsTable {
  merchant_id: Int8;
  code: string;
  name: string;
  wallet_mode: WalletMode;
  status: Generated<'active' | 'disabled'>;
  sort: Generated<number>;
  created_at: CreatedAt;
}

/** Kysely types of the wallet module's tables (read only through this module's repository). */
export interface WalletTables {
  vendors: VendorsTable;
}
