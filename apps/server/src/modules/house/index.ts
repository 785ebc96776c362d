import { gameCatalogue } from '@sea/games';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { GamesModule } from '../games/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { houseRoundIdOf, withVerification } from './house-proof.ts';
import { createHouseRepository } from './house.repository.ts';
import { registerHouseRoutes } from './house.routes.ts';
import { createHouseService, HOUSE_VENDOR } from './house.service.ts';
import type { HouseTables } from './house.tables.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';

export { ABANDONED_HAND_HOURS, HOUSE_VENDOR, RECOVER_AFTER_SECONDS } from './house.service.ts';

/**
 * Our own game provider (vendor SEA): provably-fair slot, video poker and scratch card on the engines of
 * packages/games, playing through the seamless wallet like any vendor; the game pages' API, the member's
 * fairness API, and the job that finishes interrupted rounds.
 */
export function createHouseModule(deps: {
  db: AnyDb;
  games: Pick<
    GamesModule,
    'wallet' | 'vendor' | 'sessionByToken' | 'moveFunBalance' | 'findGame' | 'walletTxStatus' | 'registerProvider'
  >;
  ledger: Pick<LedgerModule, 'balances'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  rg?: Pick<RgGuard, 'precheckStake'>;
  clock: () => Date;
}) {
  const db = tablesOf<HouseTables>(deps.db);
  const service = createHouseService({
    db,
    repo: createHouseRepository(db),
    games: deps.games,
    ledger: deps.ledger,
    rg: deps.rg,
    clock: deps.clock,
  });
  // The game page of our own games, loaded in the site's game popup.
  deps.games.registerProvider({
    adapter: 'house',
    // Our fast e-lottery (category ELOTT) is a page of the site itself (modules/lottery's API, the member's session).
    launchUrl: (ctx) =>
      ctx.game.category === 'ELOTT'
        ? `/lottery/${encodeURIComponent(ctx.game.game_code)}`
        : `/play/${encodeURIComponent(ctx.game.game_code)}?token=${encodeURIComponent(ctx.sessionToken)}&lang=${encodeURIComponent(ctx.language)}`,
    // Our catalogue is the engines' (packages/games): every game with its current maths.
    catalogue: (merchant) =>
      gameCatalogue().map((g) => ({
        gameCode: g.gameId,
        name: g.name,
        displayNames: { en: g.name },
        category: 'RNG' as const,
        classify: g.kind === 'video-poker' ? ('VP' as const) : g.kind === 'scratch' ? ('SC' as const) : null,
        supportPlay: true,
        minBet: 10n ** BigInt(merchant.currencyExponent) * BigInt(Math.min(...g.betLevels)),
        lines: g.kind === 'slot' ? g.lines.length : null,
      })),
    // The back office's round lookup: the round's proof and the same check the member's fairness page makes.
    async roundProof(merchant, memberId, reference) {
      const id = houseRoundIdOf(reference);
      if (id === undefined) return null;
      const round = await service.round(merchant, memberId, id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      });
      return round && withVerification(round);
    },
  });
  const jobs: ScheduledJob[] = [
    {
      name: 'house-round-recovery',
      everySeconds: 60,
      async run() {
        const r = await service.recover((id) => deps.merchants.findById(id));
        return r.settled || r.cancelled || r.failed ? r : null;
      },
    },
  ];
  return {
    ...service,
    vendorCode: HOUSE_VENDOR,
    jobs,
    register(app: FastifyInstance): void {
      registerHouseRoutes(app, service);
    },
  };
}

export type HouseModule = ReturnType<typeof createHouseModule>;
