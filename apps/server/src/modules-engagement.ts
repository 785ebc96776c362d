import type { AnyDb } from './db/schema.ts';
import type { AdminModule } from './modules/admin/index.ts';
import type { AuthModule } from './modules/auth/index.ts';
import { createCashbackModule } from './modules/cashback/index.ts';
import { maskAccount } from './modules/games/index.ts';
import type { MembersModule } from './modules/members/index.ts';
import type { MerchantsModule } from './modules/merchants/index.ts';
import type { PlayEventsModule } from './modules/play-events/index.ts';
import { createRaffleModule } from './modules/raffle/index.ts';
import { createReferralModule } from './modules/referral/index.ts';
import { createRewardsModule } from './modules/rewards/index.ts';
import type { BonusModule } from './modules/bonus/index.ts';
import type { LedgerModule } from './modules/ledger/index.ts';
import type { RealtimeModule } from './modules/realtime/index.ts';
import { createVipModule } from './modules/vip/index.ts';
import type { WithdrawalsModule } from './modules/withdrawals/index.ts';

/**
 * The reward centre and the engagement modules built on it (issue 23): missions, leaderboards and the points mall
 * (rewards; a reward pays cash or, claimed into the bonus module, bonus money), cashback on net loss, raffles, VIP
 * levels and member referral. Each takes play events through its own consumer and leaves its rewards in the reward
 * centre (the rewards face). Part of createModules (modules.ts), in dependency order after bonus and auth; `jobs`:
 * their scheduled jobs.
 */
export function createEngagementModules(deps: {
  db: AnyDb;
  merchants: MerchantsModule;
  members: MembersModule;
  auth: AuthModule;
  withdrawals: WithdrawalsModule;
  ledger: LedgerModule;
  bonus: BonusModule;
  admin: AdminModule;
  playEvents: PlayEventsModule;
  realtime: RealtimeModule;
  clock: () => Date;
}) {
  const { db, merchants, members, auth, withdrawals, admin, playEvents, clock } = deps;
  // Missions, reward centre, leaderboards, points mall; `rewards.consumers` take play events (the queue's).
  const firstTime = playEvents.firstTime;
  const rewards = createRewardsModule({ ...deps, audit: admin, firstTime });
  for (const consumer of rewards.consumers) playEvents.consumers.register(consumer);
  // Cashback on net loss and raffles: their own play-event consumers; their rewards wait in the reward centre.
  const cashback = createCashbackModule({ db, merchants, rewards, audit: admin, events: playEvents, clock });
  const raffle = createRaffleModule({
    db,
    merchants,
    members,
    rewards,
    audit: admin,
    events: playEvents,
    maskName: maskAccount,
    clock,
  });
  // VIP levels: tier points from play events; rewards wait in the reward centre (the rewards module's face).
  const vip = createVipModule({ db, rewards, merchants, members, audit: admin, clock, firstTime });
  for (const consumer of vip.consumers) playEvents.consumers.register(consumer);
  // Member referral: the signup records the referrer through it; its consumer qualifies referees from play events.
  const referral = createReferralModule({
    db,
    members,
    merchants,
    auth,
    withdrawals,
    rewards,
    audit: admin,
    clock,
    firstTime,
  });
  for (const consumer of referral.consumers) playEvents.consumers.register(consumer);
  auth.setReferralPort({ check: referral.check, attach: referral.attach });
  const jobs = [...rewards.jobs, ...cashback.jobs, ...raffle.jobs, ...vip.jobs, ...referral.jobs];
  return { rewards, cashback, raffle, vip, referral, jobs };
}
