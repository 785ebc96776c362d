import { tablesOf } from '../../db/schema.ts';
import { assembleTableGame, type TableGameDeps, type WinMode } from '../games/index.ts';
import { createBaccaratRepository } from './baccarat.repository.ts';
import { registerBaccaratRoutes } from './baccarat.routes.ts';
import { createBaccaratService } from './baccarat.service.ts';
import type { BaccaratTables } from './baccarat.tables.ts';
import { createBaccaratAdmin } from './baccarat-admin.ts';
import { type BaccaratTimings, createDealer, DEFAULT_TIMINGS } from './baccarat-dealer.ts';
import { type BaccaratGames, createBaccaratWallet } from './baccarat-wallet.ts';

export { BACCARAT_GAME, BACCARAT_VENDOR } from './baccarat-wallet.ts';
export { DEFAULT_TABLES as BACCARAT_DEFAULT_TABLES } from './baccarat.service.ts';
export type { BaccaratTimings } from './baccarat-dealer.ts';

export interface BaccaratOptions extends Partial<BaccaratTimings> {
  /** How a round's members are paid (default 'set': one set-based winMany; 'per-call': the bench's baseline). */
  winMode?: WinMode;
  /** Betting time of the tables created for a merchant (seconds, 5–60; default 15). */
  bettingSeconds?: number;
  /** How often the dealer job runs (seconds; default 1). */
  dealerEverySeconds?: number;
}

/**
 * Our own multi-player baccarat tables (issue 27; domain-rules §5): shared rounds on a timed state machine driven
 * by the server's clock, 8-deck shoes from committed seeds, stakes and payouts through the seamless wallet of our
 * own games (vendor SEA, game `baccarat`: bet records, rebates, agent reports and the round lookup see them like any
 * game's). The dealer job runs on one process at a time (pg-boss) and any process can continue a round.
 */
export function createBaccaratModule(
  deps: TableGameDeps<BaccaratGames, BaccaratOptions> & {
    /**
     * Told after every step of a round and, at most about once a second per table, after bets (the realtime push:
     * `phase` is the round's status).
     */
    onTableChanged?: (merchantId: bigint, event: { table: string; roundId: bigint; phase: string }) => void;
  },
) {
  return assembleTableGame(deps, {
    game: 'baccarat',
    bettingPhase: 'betting',
    tell:
      deps.onTableChanged &&
      ((merchantId, table, roundId, phase) => deps.onTableChanged?.(merchantId, { table, roundId, phase })),
    defaultTimings: DEFAULT_TIMINGS,
    repository: (db) => createBaccaratRepository(tablesOf<BaccaratTables>(db)),
    wallet: createBaccaratWallet,
    dealer: createDealer,
    // Its roundProof: the back office's round lookup shows a baccarat round's cards with its shoe's proof.
    service: createBaccaratService,
    admin: createBaccaratAdmin,
    routes: registerBaccaratRoutes,
  });
}

export type BaccaratModule = ReturnType<typeof createBaccaratModule>;
