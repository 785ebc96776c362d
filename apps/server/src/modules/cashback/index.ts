import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { PlayEventsModule } from '../play-events/index.ts';
import { createCashbackRepository } from './cashback.repository.ts';
import { registerCashbackRoutes } from './cashback.routes.ts';
import { type CashbackDeps, createCashbackService } from './cashback.service.ts';
import type { CashbackTables } from './cashback.tables.ts';

export { CASHBACK_CONSUMER } from './cashback.service.ts';
export { cashbackOf } from './cashback.money.ts';

/**
 * Cashback on net loss (issue 23): operator programmes (daily / weekly, percent, minimum, cap, categories); net
 * loss per member and period from settled bets (its own play-event consumer, once per event); the `cashback-close`
 * job grants ended periods to the reward centre (once per member and period), claimed as cash through the ledger.
 */
export function createCashbackModule(
  deps: Omit<CashbackDeps, 'db' | 'repo' | 'firstTime'> & {
    db: AnyDb;
    events: Pick<PlayEventsModule, 'consumers' | 'firstTime'>;
  },
) {
  const db = tablesOf<CashbackTables>(deps.db);
  const service = createCashbackService({
    ...deps,
    db,
    repo: createCashbackRepository(db),
    firstTime: deps.events.firstTime,
  });
  deps.events.consumers.register(service.consumer);
  const jobs: ScheduledJob[] = [{ name: 'cashback-close', everySeconds: 600, run: () => service.closeEnded() }];
  return {
    ...service,
    jobs,
    register(app: FastifyInstance): void {
      registerCashbackRoutes(app, service);
    },
  };
}

export type CashbackModule = ReturnType<typeof createCashbackModule>;
