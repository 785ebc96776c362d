import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { PlayEventsModule } from '../play-events/index.ts';
import { createRaffleRepository } from './raffle.repository.ts';
import { registerRaffleRoutes } from './raffle.routes.ts';
import { createRaffleService, type RaffleDeps } from './raffle.service.ts';
import type { RaffleTables } from './raffle.tables.ts';

export { RAFFLE_CONSUMER, ticketsOf } from './raffle.service.ts';

/**
 * Raffles (issue 23): tickets per turnover from settled valid bets (its own play-event consumer, once per event),
 * drawn by the `raffle-draw` job from a seed committed when the raffle was created (@sea/games drawRaffle); the
 * member verifies the draw from the revealed seed and the ticket list; prizes wait in the reward centre.
 */
export function createRaffleModule(
  deps: Omit<RaffleDeps, 'db' | 'repo' | 'firstTime'> & {
    db: AnyDb;
    events: Pick<PlayEventsModule, 'consumers' | 'firstTime'>;
  },
) {
  const db = tablesOf<RaffleTables>(deps.db);
  const service = createRaffleService({
    ...deps,
    db,
    repo: createRaffleRepository(db),
    firstTime: deps.events.firstTime,
  });
  deps.events.consumers.register(service.consumer);
  const jobs: ScheduledJob[] = [{ name: 'raffle-draw', everySeconds: 30, run: () => service.drawDue() }];
  return {
    ...service,
    jobs,
    register(app: FastifyInstance): void {
      registerRaffleRoutes(app, service);
    },
  };
}

export type RaffleModule = ReturnType<typeof createRaffleModule>;
