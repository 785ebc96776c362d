import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { AdminModule } from '../admin/index.ts';
import type { PlayEventsModule } from '../play-events/index.ts';
import { createBonusRepository } from './bonus.repository.ts';
import { registerBonusRoutes } from './bonus.routes.ts';
import { type BonusDeps, createBonusService } from './bonus.service.ts';
import type { BonusTables } from './bonus.tables.ts';
import { BONUS_CONSUMER, createBonusWagering } from './bonus.wagering.ts';
import { anonymiseBonusClaims } from './bonus-anonymise.repository.ts';

export { BONUS_CONSUMER } from './bonus.wagering.ts';
export { BONUS_SCOPE } from './bonus.service.ts';
export { contributionPercent, conversionOf, depositBonus, requirementOf } from './bonus.money.ts';
export type { RewardBonus } from './bonus.service.ts';
export {
  type BonusTermColumns,
  type BonusTerms,
  presentPayment,
  presentTerms,
  termColumns,
  termsFromRequest,
  termsOf,
} from './bonus.reward-terms.ts';

/** How often due claims (met, expired) are settled and idle queues started (seconds). */
export const BONUS_SETTLE_EVERY_SECONDS = 30;

/**
 * Bonus money (issue 23): promotions with bonus terms (first deposit, reload, sign-up) that members join; the
 * bonus goes to the member's bonus account (ledger `member:<id>:bonus`), stakes spend it after main (the seamless
 * wallet, games/seamless.funding.ts), settled valid bets reach it through the play-event queue and count toward
 * the wagering requirement; met → converted to main (capped), expired or forfeited → back to the house. One
 * active bonus per member, the others queued. A withdrawal with an active bonus asks for the forfeit first.
 */
export function createBonusModule(
  deps: Omit<BonusDeps, 'db' | 'repo'> & {
    db: AnyDb;
    events: Pick<PlayEventsModule, 'firstTime' | 'consumers'>;
    audit: Pick<AdminModule, 'recordAction' | 'staffUsernames'>;
  },
) {
  const db = tablesOf<BonusTables>(deps.db);
  const repo = createBonusRepository(db);
  const service = createBonusService({ ...deps, db, repo });
  const wagering = createBonusWagering({
    db,
    repo,
    service,
    events: deps.events,
    members: deps.members,
    staff: deps.audit,
    clock: deps.clock,
  });
  deps.events.consumers.register(wagering.consumer);

  const jobs: ScheduledJob[] = [
    {
      name: 'bonus-settle',
      everySeconds: BONUS_SETTLE_EVERY_SECONDS,
      run: () => wagering.settleDue(),
    },
  ];

  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the IPs and devices of the member's bonus claims, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) =>
      anonymiseBonusClaims(trx, merchantId, memberId),
    settleDue: wagering.settleDue,
    adminClaims: wagering.adminClaims,
    review: wagering.review,
    consumerName: BONUS_CONSUMER,
    jobs,

    /** The demo's welcome promotion pays what it says: 100 % of the first deposit up to 5,000.00, wagered 10×. */
    async seedDemo(merchant: Merchant): Promise<void> {
      const welcome = (await deps.promotions.list(merchant)).list.find((p) => p.imageUrl === '/promotions/welcome.svg');
      if (!welcome || (await service.offer(merchant, BigInt(welcome.id)))) return;
      const unit = 10n ** BigInt(merchant.currencyExponent);
      await db.transaction().execute((trx) =>
        repo.saveOffer(trx, {
          promotion_id: BigInt(welcome.id),
          merchant_id: merchant.id,
          kind: 'first_deposit',
          enabled: true,
          percent_bp: 10_000,
          fixed_amount: 0n,
          max_bonus: 5_000n * unit,
          min_deposit: 100n * unit,
          multiplier: 10,
          wager_base: 'bonus',
          max_conversion: null,
          max_stake: 500n * unit,
          expiry_days: 30,
          new_members_only: false,
          contributions: JSON.stringify({}),
          updated_by: null,
        }),
      );
    },

    register(app: FastifyInstance): void {
      registerBonusRoutes(app, service, wagering, deps.audit);
    },
  };
}

export type BonusModule = ReturnType<typeof createBonusModule>;
