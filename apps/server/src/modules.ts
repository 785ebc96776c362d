// The modules and what they are built from: app.ts's composition root calls createModules.
import { resolve } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import type { ScheduledJob } from './jobs/runner.ts';
import type { CacheBus } from './lib/cache-bus.ts';
import { type CountryLookup, countryOf as geoCountryOf } from './lib/geo.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/password.ts';
import type { RedisHealth } from './lib/redis-health.ts';
import type { WindowLimiter } from './lib/window-limiter.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createAgentsModule } from './modules/agents/index.ts';
import { type AuthRules, createAuthModule } from './modules/auth/index.ts';
import { createCaptchaModule } from './modules/captcha/index.ts';
import { createAnnouncementsModule } from './modules/announcements/index.ts';
import { createMessagesModule } from './modules/messages/index.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import { createChatModule } from './modules/chat/index.ts';
import { createPromotionsModule } from './modules/promotions/index.ts';
import { createContentModule } from './modules/content/index.ts';
import { createMediaModule } from './modules/media/index.ts';
import { createContractsModule, type TeamStatsPort } from './modules/contracts/index.ts';
import { createDemoVendorModule, type DemoVendorOptions } from './modules/demo-vendor/index.ts';
import { createDashboardModule } from './modules/dashboard/index.ts';
import { createDepositsModule } from './modules/deposits/index.ts';
import { createGamesModule, maskAccount } from './modules/games/index.ts';
import { createHistoryModule } from './modules/history/index.ts';
import { type BaccaratOptions, createBaccaratModule } from './modules/baccarat/index.ts';
import { createSabongModule, type SabongOptions } from './modules/sabong/index.ts';
import { createHouseModule } from './modules/house/index.ts';
import { createKeysModule } from './modules/keys/index.ts';
import { createLedgerModule } from './modules/ledger/index.ts';
import { createLotteryModule, type LotteryOptions, lotteryKeyStore } from './modules/lottery/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import { createMemberAdminModule } from './modules/member-admin/index.ts';
import { createMembersModule } from './modules/members/index.ts';
import { createProfileModule } from './modules/profile/index.ts';
import { createMerchantsModule } from './modules/merchants/index.ts';
import { createOutboxModule } from './modules/outbox/index.ts';
import { createRealtimeModule, type RealtimeOptions } from './modules/realtime/index.ts';
import { createRegistrationModule } from './modules/registration/index.ts';
import { createResponsibleGamingModule } from './modules/responsible-gaming/index.ts';
import { createSiteSettingsModule } from './modules/site-settings/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createVerificationModule, type SmsProvider } from './modules/verification/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { createWithdrawalsModule } from './modules/withdrawals/index.ts';
import { createPlayEventsModule } from './modules/play-events/index.ts';
import { createBonusModule } from './modules/bonus/index.ts';
import { createActivitiesModule } from './modules/activities/index.ts';
import { createKycModule } from './modules/kyc/index.ts';
import { createEngagementModules } from './modules-engagement.ts';

/** The first admin's one-time password file, in DATA_DIR (owner-only; deleted once the password is changed). */
export const ADMIN_PASSWORD_FILE = 'admin-one-time-password.txt';

export interface AppDeps {
  config: Pick<Config, 'TRUST_PROXY' | 'DEFAULT_MERCHANT' | 'LOG_LEVEL' | 'WEB_DIST'> &
    Partial<
      Pick<
        Config,
        | 'NODE_ENV'
        | 'SANDBOX_GATEWAY_SECRET'
        | 'SEED_DEMO'
        | 'API_DOCS'
        | 'CDN_ORIGINS'
        | 'REDIS_PREFIX'
        | 'DEMO_VENDOR_WALLET_URL'
        | 'DEMO_VENDOR_FAULT_RATE'
        | 'DATA_DIR'
        | 'LOTTERY_SIGNER_KEY'
      >
    >;
  database: Database;
  redis?: Redis;
  clock?: () => Date;
  countryOf?: CountryLookup;
  /** Where SMS go; the dev outbox (a table) by default. */
  sms?: SmsProvider;
  /** Where e-mail goes; the dev outbox by default. */
  mailer?: Mailer;
  /** Abuse counters; in-process by default (a Redis one when several processes share the load). */
  limiter?: WindowLimiter;
  /** Password hashing; OWASP argon2id by default (tests pass cheaper parameters). */
  hasher?: PasswordHasher;
  /** Captcha text + image; random by default (the e2e harness fixes the text so a browser test can type it). */
  captchaGenerator?: () => { text: string; svg: string };
  authRules?: Partial<AuthRules>;
  logger?: FastifyServerOptions['logger'];
  /** The simulated vendor's network and randomness (tests script its faults). */
  demoVendor?: DemoVendorOptions;
  /** Team figures for contract settlement (the agents module's); without it contracts are not settled. */
  teamStats?: TeamStatsPort;
  /** Lottery chain sizes and settlement batch (tests use short chains). */
  lottery?: LotteryOptions;
  /** Pushed events: how often a socket's session is checked again (tests shorten it). */
  realtime?: RealtimeOptions;
  /** The play-event queue's drain batches: first and largest size, batches per drain (tests and the bench size them). */
  playEvents?: { batchSize?: number; maxBatchSize?: number; maxBatches?: number };
  /** Baccarat tables' timings (tests shorten them). */
  baccarat?: BaccaratOptions;
  /** Sabong arenas' timings (tests shorten them). */
  sabong?: SabongOptions;
}

/**
 * The modules, each built from its face with the faces it needs (the order is the dependency order; no module
 * reaches another's tables or repository). Only edges (database, clock, SMS, mail, hasher…) come from `deps`.
 */
export async function createModules(deps: AppDeps, shared: SharedState) {
  const db = deps.database.db;
  const clock = deps.clock ?? (() => new Date());
  const countryOf = deps.countryOf ?? geoCountryOf;
  const limiter = deps.limiter ?? shared.limiter;
  const hasher = deps.hasher ?? createPasswordHasher();

  const outbox = createOutboxModule({ db, serveRoutes: deps.config.NODE_ENV !== 'production' });
  const mailer = deps.mailer ?? outbox.mailer;
  // The durable play-event queue: producers (members, games, lottery, deposits) publish in their own transactions.
  const playEvents = createPlayEventsModule({ db, ...deps.playEvents });
  const keys = await createKeysModule({ db });
  const merchants = createMerchantsModule({
    db,
    defaultMerchant: deps.config.DEFAULT_MERCHANT,
    onChange: () => shared.bus?.publish('merchants'),
  });
  shared.bus?.on('merchants', merchants.forget);
  const system = createSystemModule({ db, merchants, countryOf, clock });
  const registration = createRegistrationModule({ db });
  const captcha = createCaptchaModule({ db, limiter, clock, generate: deps.captchaGenerator });
  const verification = createVerificationModule({
    db,
    captcha,
    merchants,
    sms: deps.sms ?? outbox.sms,
    limiter,
    clock,
  });
  const members = createMembersModule({ db, registration, hasher, clock, events: playEvents });
  const auth = createAuthModule({
    db,
    members,
    merchants,
    registration,
    captcha,
    verification,
    mailer,
    hasher,
    limiter,
    clock,
    rules: deps.authRules,
  });
  // PGlite runs one statement at a time: one batch under way; PostgreSQL: a few, grouping the rest.
  const ledger = createLedgerModule({ db });
  // Pushed events: sockets on the HTTP server, `balance` after every committed journal (the ledger's listener).
  const realtime = createRealtimeModule({
    auth,
    ledger,
    merchants,
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX ?? 'sea:',
    clock,
    options: deps.realtime,
  });
  const admin = createAdminModule({
    db,
    members,
    ledger,
    hasher,
    limiter,
    clock,
    oneTimePasswordFile: deps.config.DATA_DIR ? resolve(deps.config.DATA_DIR, ADMIN_PASSWORD_FILE) : undefined,
  });
  // Responsible gaming: every stake and deposit path below checks through this face; a break refuses logins.
  const rg = createResponsibleGamingModule({ db, ledger, members, auth, audit: admin, hasher, clock });
  auth.addSessionGuard(rg.beforeLogin);
  const media = createMediaModule({ db });
  const games = createGamesModule({
    db,
    ledger,
    members,
    merchants,
    audit: admin,
    rg,
    media,
    clock,
    events: playEvents,
  });
  const house = createHouseModule({ db, games, ledger, merchants, rg, clock });
  // A game page's socket (a baccarat table) signs in with its game session; tables push their rounds' steps.
  realtime.setGameSessionCheck(games.liveSession);
  const baccarat = createBaccaratModule({
    db,
    games,
    ledger,
    merchants,
    audit: admin,
    clock,
    options: deps.baccarat,
    onTableChanged: (merchantId, e) =>
      realtime.tableChanged(merchantId, {
        game: 'baccarat',
        table: e.table,
        roundId: String(e.roundId),
        phase: e.phase,
      }),
  });
  const sabong = createSabongModule({
    db,
    games,
    ledger,
    merchants,
    audit: admin,
    clock,
    options: deps.sabong,
    onArenaChanged: (merchantId, e) =>
      realtime.tableChanged(merchantId, {
        game: 'sabong',
        table: e.arena,
        roundId: String(e.fightId),
        phase: e.phase,
      }),
  });
  const lottery = createLotteryModule({
    db,
    ledger,
    merchants,
    members,
    audit: admin,
    staff: admin,
    clock,
    options: { ...(await lotteryKeyStore(deps.config)), ...deps.lottery },
    realtime,
    rg,
    events: playEvents,
  });
  // Lottery bets join every game's bet records, agent reports, contract figures and category rebates.
  games.addBetRecordSource(lottery.betRecords);
  games.addBetStatsSource(lottery.betStats);
  const wallet = createWalletModule({ db, ledger, members, vendors: games, merchants, rg, clock });
  const demoVendor = createDemoVendorModule({
    db,
    games,
    merchants,
    clock,
    options: {
      walletUrl: deps.config.DEMO_VENDOR_WALLET_URL,
      faultRate: deps.config.DEMO_VENDOR_FAULT_RATE,
      ...deps.demoVendor,
    },
  });
  const deposits = createDepositsModule({
    db,
    ledger,
    audit: admin,
    members,
    merchants,
    rg,
    clock,
    sandboxSecret: deps.config.SANDBOX_GATEWAY_SECRET,
    sandboxEnabled: deps.config.NODE_ENV !== 'production',
    events: playEvents,
  });
  // Identity documents: withdrawals above the merchant's threshold need an approved identity (asked through this face).
  const kyc = createKycModule({ db, members, audit: admin, limiter, clock });
  const withdrawals = createWithdrawalsModule({ db, ledger, members, audit: admin, kyc, hasher, limiter, clock });
  const history = createHistoryModule({ ledger, clock });
  const agents = createAgentsModule({
    db,
    members,
    merchants,
    games,
    deposits,
    withdrawals,
    ledger,
    audit: admin,
    // The contracts module is built next (it takes the agents' team figures): called only once requests run.
    contractsOf: (merchantId, ids) => contracts.liveContractsFor(merchantId, ids),
    limiter,
    clock,
  });
  const contracts = createContractsModule({
    db,
    ledger,
    members,
    merchants,
    audit: admin,
    teamStats: deps.teamStats ?? agents.teamStats,
    clock,
    realtime,
    // The member's VIP level adds to the category rebate rate (the vip module is built below; called at run time).
    rebateBonusBp: (merchantId, memberIds, at) => vip.rebateBonusBpMany(merchantId, memberIds, at),
  });
  const announcements = createAnnouncementsModule({ db, audit: admin, clock });
  const promotions = createPromotionsModule({ db, audit: admin, clock });
  // Bonus money: a consumer of the play events; the seamless wallet asks its maximum stake, withdrawals its forfeit.
  const bonus = createBonusModule({
    db,
    ledger,
    merchants,
    members,
    promotions,
    deposits,
    events: playEvents,
    audit: admin,
    rg,
    clock,
  });
  games.setBonusStakePolicy({ maxStake: bonus.maxStake });
  withdrawals.setWithdrawalGuard(bonus.beforeWithdrawal);
  const content = createContentModule({ db, media, audit: admin, clock, bus: shared.bus });
  const messages = createMessagesModule({ db, members, audit: admin, realtime, rg, clock });
  // The new-device login check asks for a bank account holder's name and tells the member of each new device.
  auth.setLoginCheckPorts({
    bankNames: async (merchant, memberId) =>
      (await withdrawals.bankAccounts.list(merchant, memberId)).map((b) => b.accountName),
    notify: messages.notify,
  });
  // A reviewed identity document: the member reads the outcome (and the reason) in the inbox.
  kyc.setNoticePort(messages.notify);
  const feedback = createFeedbackModule({ db, members, messages, audit: admin, limiter, clock });
  // /join and activity applications: the bonus face's offers and claims, applications paid through the ledger.
  const activities = createActivitiesModule({
    db,
    ledger,
    promotions,
    bonus,
    members,
    messages,
    audit: admin,
    limiter,
    clock,
  });
  // The chat room: a lobby and a room per lottery game (fast and feed games), names masked as on the winners board.
  const chat = createChatModule({
    db,
    members,
    realtime,
    audit: admin,
    lotteryRooms: async (merchantId) => {
      const merchant = await merchants.findById(merchantId);
      if (!merchant) return [];
      const [fast, feed] = await Promise.all([lottery.lobby(merchant), lottery.feed.lobby(merchant)]);
      return [...fast.games, ...feed.games].map((g) => ({ code: g.gameCode, name: g.name }));
    },
    maskName: maskAccount,
    limiter,
    bus: shared.bus,
    clock,
  });
  const siteSettings = createSiteSettingsModule({ db, merchants, registration, audit: admin, realtime });
  // The reward centre (rewards paid as cash or bonus), cashback, raffles, VIP and member referral.
  const engagement = createEngagementModules({
    db,
    ledger,
    merchants,
    members,
    auth,
    withdrawals,
    bonus,
    admin,
    playEvents,
    realtime,
    clock,
  });
  const { rewards, cashback, raffle, vip, referral, jobs: engagementJobs } = engagement;
  const memberAdmin = createMemberAdminModule({
    db,
    members,
    auth,
    ledger,
    history,
    games,
    deposits,
    withdrawals,
    audit: admin,
    agents,
    contracts,
    clock,
  });
  // The player's profile and account closure (issue 25).
  const profile = createProfileModule({
    db,
    members,
    verification,
    captcha,
    // Closure's anonymisation erases through each of these faces, in the member's one transaction (issue 25).
    personalData: { feedback, chat, bonus, activities, referral, rewards, messages, memberAdmin, deposits },
    ledger,
    deposits,
    withdrawals,
    kyc,
    games,
    lottery,
    auth,
    audit: admin,
    hasher,
    mailer,
    limiter,
    clock,
  });
  const dashboard = createDashboardModule({
    db,
    games,
    agents,
    deposits,
    withdrawals,
    members,
    admin,
    lottery,
    merchants,
    clock,
  });

  return {
    outbox,
    keys,
    merchants,
    system,
    registration,
    captcha,
    verification,
    members,
    auth,
    ledger,
    realtime,
    admin,
    rg,
    games,
    house,
    baccarat,
    sabong,
    lottery,
    wallet,
    demoVendor,
    deposits,
    kyc,
    withdrawals,
    history,
    agents,
    contracts,
    announcements,
    promotions,
    playEvents,
    bonus,
    activities,
    media,
    content,
    messages,
    feedback,
    chat,
    siteSettings,
    rewards,
    cashback,
    raffle,
    vip,
    referral,
    engagementJobs,
    memberAdmin,
    profile,
    dashboard,
  };
}

export type Modules = Awaited<ReturnType<typeof createModules>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The module faces (tests, the e2e harness, start-up tasks and the job runner reach the platform here). */
    modules: Modules;
  }
}

/** Every scheduled job of every module; main.ts hands them to the job runner. */
export const scheduledJobs = (modules: Modules): ScheduledJob[] => [
  ...modules.withdrawals.jobs,
  ...modules.house.jobs,
  ...modules.baccarat.jobs,
  ...modules.sabong.jobs,
  ...modules.lottery.jobs,
  ...modules.demoVendor.jobs,
  ...modules.games.jobs,
  ...modules.wallet.jobs,
  ...modules.agents.jobs,
  ...modules.contracts.jobs,
  ...modules.dashboard.jobs,
  ...modules.chat.jobs,
  ...modules.playEvents.jobs,
  ...modules.bonus.jobs,
  ...modules.engagementJobs,
  ...modules.profile.jobs,
];

export interface SharedState {
  limiter: WindowLimiter;
  bus?: CacheBus;
  redisHealth?: RedisHealth;
}
