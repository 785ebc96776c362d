import type { AppliedIds } from '../../lib/play-events.ts';
import type { RewardSummary } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedMember } from '../../http/principals.ts';
import type { AdminModule } from '../admin/index.ts';
import type { BonusModule } from '../bonus/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { createLeaderboards } from './leaderboard.service.ts';
import { createMissions } from './missions.service.ts';
import { createPointsRepository } from './points.repository.ts';
import { createPoints } from './points.service.ts';
import { createRewardCentre } from './reward-centre.service.ts';
import { createRewardsConsumer } from './rewards.consumer.ts';
import { createRewardsRepository } from './rewards.repository.ts';
import { seedDemoRewards } from './rewards.seed.ts';
import type { RewardsTables } from './rewards.tables.ts';

export interface RewardsDeps {
  db: Kysely<RewardsTables>;
  ledger: Pick<LedgerModule, 'postOrThrow'>;
  members: Pick<MembersModule, 'accountsOf' | 'findByAccount'>;
  merchants: Pick<MerchantsModule, 'findById' | 'allActive'>;
  withdrawals: Pick<WithdrawalsModule, 'txPassword'>;
  audit: Pick<AdminModule, 'recordAction'>;
  realtime?: Pick<RealtimeModule, 'rewards'>;
  /** Rewards paid as bonus money are claimed into the bonus module. */
  bonus?: Pick<BonusModule, 'creditReward'>;
  clock: () => Date;
  /** The queue's applied ids (play-events `firstTime`): the consumer's `handle` records with it. */
  firstTime: AppliedIds;
}

/** The rewards module's parts, assembled from one set of faces. */
export function createRewardsService(deps: RewardsDeps) {
  const repo = createRewardsRepository(deps.db);
  const pointsRepo = createPointsRepository(deps.db);
  const centre = createRewardCentre({ ...deps, repo });
  const missions = createMissions({ ...deps, repo, centre });
  const points = createPoints({ ...deps, repo: pointsRepo });
  const leaderboards = createLeaderboards({ ...deps, repo, centre });
  const consumer = createRewardsConsumer({ ...deps, repo, pointsRepo, missions, points, leaderboards, centre });
  return {
    centre,
    missions,
    points,
    leaderboards,
    consumer,
    /** The merchant's points rules (category contributions; null when not set up): VIP tier points reuse them. */
    pointsRules: (merchantId: bigint) => pointsRepo.rules(merchantId),
    /** The demo merchant's missions, points rules, mall items and prizes (each only when there are none). */
    seedDemo: (merchantId: bigint) => seedDemoRewards({ repo, points: pointsRepo, merchantId, now: deps.clock() }),
    /** The menu badges and the points balance. */
    async summary(member: AuthenticatedMember): Promise<RewardSummary> {
      const [counts, acc] = await Promise.all([centre.counts(member.memberId), pointsRepo.account(member.memberId)]);
      return { ...counts, points: String(acc?.balance ?? 0n) };
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
