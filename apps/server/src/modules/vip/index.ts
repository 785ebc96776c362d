import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { AppliedIds, PlayEventConsumer } from '../../lib/play-events.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RewardsModule } from '../rewards/index.ts';
import { createVipConsumer } from './vip.consumer.ts';
import { createVipRepository } from './vip.repository.ts';
import { registerVipAdminRoutes, registerVipRoutes } from './vip.routes.ts';
import { seedDemoVip } from './vip.seed.ts';
import { createVipService } from './vip.service.ts';
import type { VipTables } from './vip.tables.ts';

export { VIP_CONSUMER } from './vip.consumer.ts';
export { levelFor, qualifyingOf } from './vip.service.ts';

/**
 * VIP programme (issue 23, VIP part; flag VIP3): levels per merchant reached by tier points or deposits over a
 * qualifying period, level-up rewards and weekly / monthly bonuses waiting in the reward centre (the rewards
 * module's face; claimed there, once), the keep rule at a period's end, and a rebate bonus per level that the
 * contracts module's category rebate asks for (`rebateBonusBp`).
 */
export function createVipModule(deps: {
  db: AnyDb;
  rewards: Pick<RewardsModule, 'centre' | 'pointsRules'>;
  merchants: Pick<MerchantsModule, 'findById' | 'isEnabled' | 'setFlag'>;
  members: Pick<MembersModule, 'findByAccount'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
  /** The queue's applied ids (play-events `firstTime`): the consumer's `handle` records with it. */
  firstTime: AppliedIds;
}) {
  const db = tablesOf<VipTables>(deps.db);
  const repo = createVipRepository(db);
  const service = createVipService({ ...deps, db, repo });
  const consumer = createVipConsumer({
    db,
    repo,
    service,
    rewards: deps.rewards,
    merchants: deps.merchants,
    firstTime: deps.firstTime,
  });
  const jobs: ScheduledJob[] = [
    { name: 'vip.period-end', everySeconds: 600, run: async () => ({ down: await service.judgeEnded() }) },
    { name: 'vip.bonuses', everySeconds: 600, run: async () => ({ granted: await service.grantBonuses() }) },
  ];
  return {
    ...service,
    /** The play-event consumer (tier points and deposits; idempotent per event id). */
    consumers: [consumer] as PlayEventConsumer[],
    jobs,
    /** The demo merchant's levels (only when it has none) and the VIP3 flag on. */
    seedDemo: (merchant: { id: bigint; currencyExponent: number }) =>
      seedDemoVip({ db, repo, merchants: deps.merchants, merchant }),
    register(app: FastifyInstance): void {
      registerVipRoutes(app, service);
      registerVipAdminRoutes(app, service);
    },
  };
}

export type VipModule = ReturnType<typeof createVipModule>;
