import type { FastifyInstance } from 'fastify';
import type { GamesModule } from '../games/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

export { HIERARCHY_TRANSFER_SCOPE, WALLET_TRANSFER_SCOPE } from './wallet.service.ts';

/**
 * Balances (main wallet and transfer-vendor sub-wallets), main ↔ sub-wallet transfers, and transfers up and
 * down the member hierarchy — all through the ledger. No tables: vendors are the game platform's.
 */
export function createWalletModule(deps: {
  ledger: Pick<LedgerModule, 'moveOrThrow' | 'balances' | 'memberAccounts'>;
  members: Pick<MembersModule, 'uplineIdOf' | 'findNode' | 'findInDownline' | 'listDownlines'>;
  vendors: Pick<GamesModule, 'listVendors' | 'findVendor' | 'transferApiOf' | 'onLaunchFunding'>;
}) {
  const service = createWalletService(deps);
  // A transfer-wallet vendor's game opens with the member's main balance moved to the vendor.
  deps.vendors.onLaunchFunding(service.fundVendor);
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerWalletRoutes(app, service);
    },
  };
}

export type WalletModule = ReturnType<typeof createWalletModule>;
