import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import { createPromotionsRepository } from './promotions.repository.ts';
import { registerPromotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';
import type { PromotionsTables } from './promotions.tables.ts';

/**
 * Promotions: the operator's promotion pages per merchant (admin API: publish, replace, order, withdraw; audited),
 * listed publicly while current (/promotions and the home's promotions block).
 */
export function createPromotionsModule(deps: {
  db: AnyDb;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
}) {
  const db = tablesOf<PromotionsTables>(deps.db);
  const service = createPromotionsService({ db, repo: createPromotionsRepository(db), clock: deps.clock });
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerPromotionsRoutes(app, service, deps.audit);
    },
  };
}

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
