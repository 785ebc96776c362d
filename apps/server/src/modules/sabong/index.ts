import { tablesOf } from '../../db/schema.ts';
import { assembleTableGame, type TableGameDeps, type WinMode } from '../games/index.ts';
import { createSabongRepository } from './sabong.repository.ts';
import { registerSabongRoutes } from './sabong.routes.ts';
import { createSabongService } from './sabong.service.ts';
import type { SabongTables } from './sabong.tables.ts';
import { createSabongAdmin } from './sabong-admin.ts';
import { createSabongDealer, DEFAULT_TIMINGS, type SabongTimings } from './sabong-dealer.ts';
import { createSabongWallet, type SabongGames } from './sabong-wallet.ts';

export { SABONG_GAME, SABONG_VENDOR } from './sabong-wallet.ts';
export { DEFAULT_ARENAS as SABONG_DEFAULT_ARENAS } from './sabong.service.ts';
export type { SabongTimings } from './sabong-dealer.ts';

export interface SabongOptions extends Partial<SabongTimings> {
  /** How a round's members are paid (default 'set': one set-based winMany; 'per-call': the bench's baseline). */
  winMode?: WinMode;
  /** Betting time of the arenas created for a merchant (seconds, 10–300; default 30). */
  bettingSeconds?: number;
  /** How often the dealer job runs (seconds; default 1). */
  dealerEverySeconds?: number;
}

/**
 * Our own sabong (cockfight) arenas (issue 27; domain-rules §6): shared fights on a timed state machine driven by the
 * server's clock, pari-mutuel Meron/Wala with the arena's plasada and Draw at 8:1, a SIMULATED fight whose outcome
 * comes from a committed seed. Stakes and payouts go through the seamless wallet of our own games (vendor SEA, game
 * `sabong`, COCKFIGHT: bet records, rebates, agent reports and the round lookup see them like any game's). The
 * dealer job runs on one process at a time (pg-boss) and any process can continue a fight.
 */
export function createSabongModule(
  deps: TableGameDeps<SabongGames, SabongOptions> & {
    /**
     * Told after every step of a fight and, at most about once a second per arena, after bets (the realtime push:
     * `phase` is the fight's status).
     */
    onArenaChanged?: (merchantId: bigint, event: { arena: string; fightId: bigint; phase: string }) => void;
  },
) {
  return assembleTableGame(deps, {
    game: 'sabong',
    bettingPhase: 'open',
    tell:
      deps.onArenaChanged &&
      ((merchantId, arena, fightId, phase) => deps.onArenaChanged?.(merchantId, { arena, fightId, phase })),
    defaultTimings: DEFAULT_TIMINGS,
    repository: (db) => createSabongRepository(tablesOf<SabongTables>(db)),
    wallet: createSabongWallet,
    dealer: createSabongDealer,
    // Its roundProof: the back office's round lookup shows a fight's commitment, seed and check.
    service: createSabongService,
    admin: createSabongAdmin,
    routes: registerSabongRoutes,
  });
}

export type SabongModule = ReturnType<typeof createSabongModule>;
