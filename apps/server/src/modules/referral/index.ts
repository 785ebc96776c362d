import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { AppliedIds, PlayEventConsumer } from '../../lib/play-events.ts';
import { createReferralConsumer } from './referral.consumer.ts';
import { registerReferralRoutes } from './referral.routes.ts';
import { createReferralService, type ReferralDeps } from './referral.service.ts';
import type { ReferralTables } from './referral.tables.ts';
import { anonymiseReferee } from './referral-anonymise.repository.ts';

/** How often held referrals are looked at (seconds). */
export const REFERRAL_CARRY_OVER_EVERY_SECONDS = 600;

export { REFERRAL_CONSUMER } from './referral.consumer.ts';
export { maskUsername, type ReferralCheck } from './referral.service.ts';

/**
 * Member referral (issue 23; flag REFERRALPROMO3): each member's code and link, the referrer recorded at
 * registration (`check` before, `attach` in the member's transaction — the auth module's signup calls them),
 * qualification by play events (`consumers`), rewards through the rewards face, the staff's flagged queue.
 * Distinct from the agents' affiliate links (modules/agents).
 */
export function createReferralModule(deps: Omit<ReferralDeps, 'db'> & { db: AnyDb; firstTime: AppliedIds }) {
  const db = tablesOf<ReferralTables>(deps.db);
  const service = createReferralService({ ...deps, db });
  const consumer = createReferralConsumer({
    db,
    service,
    merchants: deps.merchants,
    members: deps.members,
    clock: deps.clock,
    firstTime: deps.firstTime,
  });
  return {
    check: service.check,
    /** The retention anonymisation (profile module, issue 25): the IP and device the member registered from, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) => anonymiseReferee(trx, merchantId, memberId),
    attach: service.attach,
    overview: service.overview,
    adminSettings: service.adminSettings,
    saveSettings: service.saveSettings,
    adminList: service.adminList,
    review: service.review,
    seedDemo: service.seedDemo,
    /** Pays referrals held back by a monthly cap once a month has room, oldest first (the job; tests call it). */
    carryOver: service.carryOver,
    jobs: [
      { name: 'referral-carry-over', everySeconds: REFERRAL_CARRY_OVER_EVERY_SECONDS, run: service.carryOver },
    ] as ScheduledJob[],
    /** The play-event consumer (idempotent per event id). */
    consumers: [consumer] as PlayEventConsumer[],
    register(app: FastifyInstance): void {
      registerReferralRoutes(app, service);
    },
  };
}

export type ReferralModule = ReturnType<typeof createReferralModule>;
