import type { FastifyInstance } from 'fastify';
import type { LedgerModule } from '../ledger/index.ts';
import { registerHistoryRoutes } from './history.routes.ts';
import { createHistoryService } from './history.service.ts';

export { CODES_BY_TYPE, localDate, typeOfCode } from './history.service.ts';

/** A member's transaction history and personal profit, read from the ledger through its face. No tables. */
export function createHistoryModule(deps: {
  ledger: Pick<LedgerModule, 'historyPage' | 'historyCount' | 'dailyTotals'>;
  clock: () => Date;
}) {
  const service = createHistoryService(deps);
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerHistoryRoutes(app, service);
    },
  };
}

export type HistoryModule = ReturnType<typeof createHistoryModule>;
