import type { FastifyInstance } from 'fastify';
import { tablesOf } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { type TableGameDeps, tableGameFace, type WinMode } from '../games/index.ts';
import { type ArenaRow, createSabongRepository } from './sabong.repository.ts';
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
  const repo = createSabongRepository(tablesOf<SabongTables>(deps.db));
  const timings: SabongTimings = { ...DEFAULT_TIMINGS, ...deps.options };
  const wallet = createSabongWallet({ repo, games: deps.games, winMode: deps.options?.winMode });
  const face = tableGameFace<ArenaRow>({
    game: 'sabong',
    bettingPhase: 'open',
    tell:
      deps.onArenaChanged &&
      ((merchantId, arena, fightId, phase) => deps.onArenaChanged?.(merchantId, { arena, fightId, phase })),
    dealerEverySeconds: deps.options?.dealerEverySeconds,
    advance: () => dealer.advance(),
  });
  const { changed, betPlaced, jobs } = face;
  const dealer = createSabongDealer({
    repo,
    wallet,
    timings,
    clock: deps.clock,
    merchantOf: (id: bigint): Promise<Merchant | undefined> => deps.merchants.findById(id),
    changed,
  });
  const service = createSabongService({
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
  const admin = createSabongAdmin({ repo, service, audit: deps.audit, changed });
  // The back office's round lookup shows a fight's commitment, seed and check.
  deps.games.registerTableProof((merchant, reference) => service.roundProof(merchant, reference));
  return {
    ...service,
    admin,
    /** The dealer's pass over every open arena (the job; tests call it with their clock). */
    advance: dealer.advance,
    timings,
    jobs,
    register(app: FastifyInstance): void {
      registerSabongRoutes(app, service, admin);
    },
  };
}

export type SabongModule = ReturnType<typeof createSabongModule>;
