import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { BonusModule } from '../bonus/index.ts';
import { createActivitiesRepository } from './activities.repository.ts';
import { registerActivitiesRoutes } from './activities.routes.ts';
import { type ActivitiesDeps, createActivitiesService } from './activities.service.ts';
import type { ActivitiesTables } from './activities.tables.ts';
import { anonymiseApplications } from './activities-anonymise.repository.ts';

export { ACTIVITY_SCOPE, bonusState } from './activities.service.ts';

/**
 * /join and activity applications (issue 23): the promotions a member can join with their state in the spec's
 * words (bonus offers through the bonus face; sign-up: join, then the reward request), and promotions of type
 * "application" — a member applies with a comment and up to 3 images, staff approve with a cash reward (one ledger
 * journal keyed by the application) or reject with a reason; the member reads the outcome in the inbox.
 */
export function createActivitiesModule(
  deps: Omit<ActivitiesDeps, 'db' | 'repo' | 'bonus' | 'staff'> & {
    db: AnyDb;
    bonus: Pick<BonusModule, 'joinables' | 'claimsFor' | 'join' | 'requestReward' | 'creditReward'>;
    audit: Pick<AdminModule, 'recordAction' | 'staffUsernames'>;
  },
) {
  const db = tablesOf<ActivitiesTables>(deps.db);
  const service = createActivitiesService({
    ...deps,
    db,
    repo: createActivitiesRepository(db),
    staff: deps.audit,
  });
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the member's application comments, images, IPs and devices, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) =>
      anonymiseApplications(trx, merchantId, memberId),
    register(app: FastifyInstance): void {
      registerActivitiesRoutes(app, service, deps.bonus, deps.audit);
    },
  };
}

export type ActivitiesModule = ReturnType<typeof createActivitiesModule>;
