import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { PlayEventConsumer } from '../../lib/play-events.ts';
import type { RewardGrant } from './reward-centre.service.ts';
import { registerRewardsAdminRoutes } from './rewards.admin-routes.ts';
import { registerRewardsRoutes } from './rewards.routes.ts';
import { createRewardsService, type RewardsDeps } from './rewards.service.ts';
import type { RewardsTables } from './rewards.tables.ts';
import { anonymiseMallOrders } from './mall-anonymise.repository.ts';

export { REWARDS_CONSUMER } from './rewards.consumer.ts';
export type { RewardGrant } from './reward-centre.service.ts';
/** The merchant's local calendar (days, ISO weeks) other engagement modules share. */
export { addDays, dayStart, localDay, previousWindowKey, weekMonday, windowEnd, windowKey } from './windows.ts';
export { weightedBet } from './points.service.ts';

/**
 * Rewards (issue 23 part 2; spec §2 rewardCenter, missionLeaderboard, /pointMall): missions with progress per
 * window, the reward centre (claimed once, cash to main through the ledger), daily / weekly leaderboards with a prize
 * table paid the next day, reward points and the points mall. Play events arrive through `consumers` (the lead
 * registers them with the play-event queue); check-ins and claims need no queue.
 */
export function createRewardsModule(deps: Omit<RewardsDeps, 'db'> & { db: AnyDb }) {
  const service = createRewardsService({ ...deps, db: tablesOf<RewardsTables>(deps.db) });
  const jobs: ScheduledJob[] = [
    {
      name: 'rewards.leaderboard-payout',
      everySeconds: 600,
      run: async () => ({ granted: await service.leaderboards.payEnded() }),
    },
  ];
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the member's points-mall delivery addresses, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) =>
      anonymiseMallOrders(trx, merchantId, memberId),
    /**
     * Puts a reward in the reward centre in the caller's transaction (another module's: cashback, raffle, referral);
     * undefined when (member, source, sourceKey) was granted before — a rerun grants nothing twice.
     */
    grantReward: (trx: AnyDb, g: RewardGrant) => service.centre.grant(tablesOf<RewardsTables>(trx), g),
    /** Pushes the member's badge counts (after a commit). */
    notifyRewards: (memberId: bigint) => service.centre.notify(memberId),
    /** The play-event consumers (missions, points, leaderboards): one, idempotent per event id. */
    consumers: [service.consumer] as PlayEventConsumer[],
    jobs,
    register(app: FastifyInstance): void {
      registerRewardsRoutes(app, service);
      registerRewardsAdminRoutes(app, service);
    },
  };
}

export type RewardsModule = ReturnType<typeof createRewardsModule>;
