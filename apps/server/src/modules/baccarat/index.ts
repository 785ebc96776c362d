import type { FastifyInstance } from 'fastify';
import { tablesOf } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { type TableGameDeps, tableGameFace, type WinMode } from '../games/index.ts';
import { createBaccaratRepository, type TableRow } from './baccarat.repository.ts';
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
  const repo = createBaccaratRepository(tablesOf<BaccaratTables>(deps.db));
  const timings: BaccaratTimings = { ...DEFAULT_TIMINGS, ...deps.options };
  const wallet = createBaccaratWallet({ repo, games: deps.games, winMode: deps.options?.winMode });
  const face = tableGameFace<TableRow>({
    game: 'baccarat',
    bettingPhase: 'betting',
    tell:
      deps.onTableChanged &&
      ((merchantId, table, roundId, phase) => deps.onTableChanged?.(merchantId, { table, roundId, phase })),
    dealerEverySeconds: deps.options?.dealerEverySeconds,
    advance: () => dealer.advance(),
  });
  const { changed, betPlaced, jobs } = face;
  const dealer = createDealer({
    repo,
    wallet,
    timings,
    clock: deps.clock,
    merchantOf: (id: bigint): Promise<Merchant | undefined> => deps.merchants.findById(id),
    changed,
  });
  const service = createBaccaratService({
    repo,
    games: deps.games,
    wallet,
    dealer,
    ledger: deps.ledger,
    timings,
    defaultBettingSeconds: deps.options?.bettingSeconds,
    clock: deps.clock,
    betPlaced,
  });
  const admin = createBaccaratAdmin({ repo, service, audit: deps.audit, changed });
  // The back office's round lookup shows a baccarat round's cards with its shoe's proof.
  deps.games.registerTableProof((merchant, reference) => service.roundProof(merchant, reference));
  return {
    ...service,
    admin,
    /** The dealer's pass over every open table (the job; tests call it with their clock). */
    advance: dealer.advance,
    timings,
    jobs,
    register(app: FastifyInstance): void {
      registerBaccaratRoutes(app, service, admin);
    },
  };
}

export type BaccaratModule = ReturnType<typeof createBaccaratModule>;
