import type { FastifyInstance } from 'fastify';
import type { AnyDb } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { GamesModule } from '../games/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';
import { createVendorTransfers } from './wallet.vendor-transfers.ts';

export { HIERARCHY_TRANSFER_SCOPE } from './wallet.service.ts';
export {
  PENDING_RETRY_SECONDS,
  VENDOR_COMPENSATION_SCOPE,
  VENDOR_SYNC_SCOPE,
  WALLET_TRANSFER_SCOPE,
} from './wallet.vendor-transfers.ts';

/**
 * Balances (main wallet and transfer-vendor sub-wallets), main ↔ sub-wallet transfers, and transfers up and
 * down the member hierarchy — all through the ledger. Its table, wallet_vendor_transfers, tracks each transfer
 * at a vendor with a wallet API until the vendor's answer settles it (vendors themselves are the games module's).
 */
export function createWalletModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'move' | 'moveOrThrow' | 'settleHold' | 'balances' | 'balancesLeft' | 'memberAccounts'>;
  members: Pick<MembersModule, 'uplineIdOf' | 'findNode' | 'findInDownline' | 'listDownlines'>;
  vendors: Pick<GamesModule, 'listVendors' | 'findVendor' | 'transferApiOf' | 'onLaunchFunding' | 'hasLaunchableGame'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  rg: Pick<RgGuard, 'assertStake'>;
  clock: () => Date;
}) {
  const transfers = createVendorTransfers(deps);
  const service = createWalletService({ ...deps, transfers });
  // A transfer-wallet vendor's game opens with money moved to the vendor (the player's amount or the vendor's rule).
  deps.vendors.onLaunchFunding(service.fundVendor);

  const jobs: ScheduledJob[] = [
    {
      // Transfers the vendor never answered (timeouts, crashes) are settled without waiting for a player visit.
      name: 'wallet-vendor-transfers',
      everySeconds: 15,
      run: () => transfers.retryPending(),
    },
  ];

  return {
    ...service,
    jobs,
    /** The job's work, for tests and start-up tasks: re-sends pending transfers not tried lately. */
    retryPendingTransfers: transfers.retryPending,
    register(app: FastifyInstance): void {
      registerWalletRoutes(app, service);
    },
  };
}

export type WalletModule = ReturnType<typeof createWalletModule>;
