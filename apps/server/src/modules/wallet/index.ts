import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import { createWalletRepository } from './wallet.repository.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { DEMO_VENDORS } from './wallet.seed.ts';
import { createWalletService } from './wallet.service.ts';
import type { WalletMode, WalletTables } from './wallet.tables.ts';

export { HIERARCHY_TRANSFER_SCOPE, WALLET_TRANSFER_SCOPE } from './wallet.service.ts';
export { DEMO_VENDORS } from './wallet.seed.ts';
export type { WalletMode } from './wallet.tables.ts';

/**
 * Balances (main wallet and transfer-vendor sub-wallets), main ↔ sub-wallet transfers, and transfers up and
 * down the member hierarchy — all through the ledger. Owns the vendor list.
 */
export function createWalletModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'moveOrThrow' | 'balances' | 'memberAccounts'>;
  members: Pick<MembersModule, 'uplineIdOf' | 'findNode' | 'findInDownline' | 'listDownlines'>;
}) {
  const repo = createWalletRepository(tablesOf<WalletTables>(deps.db));
  const service = createWalletService({ repo, ledger: deps.ledger, members: deps.members });
  return {
    ...service,
    /** Adds the vendors a merchant does not have yet (existing rows stay as the operator set them). */
    addVendors: (
      merchantId: bigint,
      vendors: Array<{ code: string; name: string; walletMode: WalletMode; sort: number }>,
    ) => repo.addVendors(merchantId, vendors),
    seedDemo: (merchantId: bigint) => repo.addVendors(merchantId, DEMO_VENDORS),
    register(app: FastifyInstance): void {
      registerWalletRoutes(app, service);
    },
  };
}

export type WalletModule = ReturnType<typeof createWalletModule>;
