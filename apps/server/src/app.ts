import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type Config, ConfigError } from './config/config.ts';
import type { Database } from './db/database.ts';
import { createOutageWatch } from './db/outage.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { contentSecurityPolicy, inlineStyleHashes, originsOf } from './http/csp.ts';
import { fail } from './http/envelope.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerRouteKit, requireMerchant } from './http/route-kit.ts';
import { registerSpa } from './http/spa.ts';
import { validatorCompiler } from './http/validation.ts';
import type { ScheduledJob } from './jobs/runner.ts';
import { AppError } from './lib/errors.ts';
import { readableLogStream, requestLogLevel } from './lib/log-format.ts';
import { registerCompression } from './http/compress.ts';
import { type CountryLookup, countryOf as geoCountryOf } from './lib/geo.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/password.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import { type CacheBus, createRedisCacheBus } from './lib/cache-bus.ts';
import { createRedisHealth, type RedisHealth, type RedisHealthLogger } from './lib/redis-health.ts';
import { createRedisLockStates } from './lib/redis-lock-states.ts';
import { createRedisWindowLimiter } from './lib/redis-limiter.ts';
import { createMemoryLockStates, createMemoryWindowLimiter, type WindowLimiter } from './lib/window-limiter.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createAgentsModule } from './modules/agents/index.ts';
import { type AuthRules, createAuthModule } from './modules/auth/index.ts';
import { createCaptchaModule } from './modules/captcha/index.ts';
import { createAnnouncementsModule } from './modules/announcements/index.ts';
import { createMessagesModule } from './modules/messages/index.ts';
import { createPromotionsModule } from './modules/promotions/index.ts';
import { createContractsModule, type TeamStatsPort } from './modules/contracts/index.ts';
import { createDemoVendorModule, type DemoVendorOptions } from './modules/demo-vendor/index.ts';
import { createDashboardModule } from './modules/dashboard/index.ts';
import { createDepositsModule } from './modules/deposits/index.ts';
import { createGamesModule, walletOpenApiDocument } from './modules/games/index.ts';
import { createHistoryModule } from './modules/history/index.ts';
import { createHouseModule } from './modules/house/index.ts';
import { createKeysModule } from './modules/keys/index.ts';
import { createLedgerModule } from './modules/ledger/index.ts';
import { createLotteryModule, type LotteryOptions, lotteryKeyStore } from './modules/lottery/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import { createMemberAdminModule } from './modules/member-admin/index.ts';
import { createMembersModule } from './modules/members/index.ts';
import { createMerchantsModule } from './modules/merchants/index.ts';
import { createOutboxModule } from './modules/outbox/index.ts';
import { createRegistrationModule } from './modules/registration/index.ts';
import { createSiteSettingsModule } from './modules/site-settings/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createVerificationModule, type SmsProvider } from './modules/verification/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { createWithdrawalsModule } from './modules/withdrawals/index.ts';
import { seedDemo } from './seed-demo.ts';

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
}

/**
 * The modules, each built from its face with the faces it needs (the order is the dependency order; no module
 * reaches another's tables or repository). Only edges (database, clock, SMS, mail, hasher…) come from `deps`.
 */
async function createModules(deps: AppDeps, shared: SharedState) {
  const db = deps.database.db;
  const clock = deps.clock ?? (() => new Date());
  const countryOf = deps.countryOf ?? geoCountryOf;
  const limiter = deps.limiter ?? shared.limiter;
  const hasher = deps.hasher ?? createPasswordHasher();

  const outbox = createOutboxModule({ db, serveRoutes: deps.config.NODE_ENV !== 'production' });
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
  const members = createMembersModule({ db, registration, hasher, clock });
  const auth = createAuthModule({
    db,
    members,
    merchants,
    registration,
    captcha,
    verification,
    mailer: deps.mailer ?? outbox.mailer,
    hasher,
    limiter,
    clock,
    rules: deps.authRules,
  });
  // PGlite runs one statement at a time: one batch under way; PostgreSQL: a few, grouping the rest.
  const ledger = createLedgerModule({ db });
  const admin = createAdminModule({
    db,
    members,
    ledger,
    hasher,
    limiter,
    clock,
    oneTimePasswordFile: deps.config.DATA_DIR ? resolve(deps.config.DATA_DIR, ADMIN_PASSWORD_FILE) : undefined,
  });
  const games = createGamesModule({ db, ledger, members, merchants, audit: admin, clock });
  const house = createHouseModule({ db, games, ledger, merchants, clock });
  const lottery = createLotteryModule({
    db,
    ledger,
    merchants,
    members,
    audit: admin,
    clock,
    options: { ...(await lotteryKeyStore(deps.config)), ...deps.lottery },
  });
  // Lottery bets show in the member's bet records with the rounds of every other game, and count with them in
  // the agent reports (member-day cells, team records), contract figures and category rebates.
  games.addBetRecordSource(lottery.betRecords);
  games.addBetStatsSource(lottery.betStats);
  const wallet = createWalletModule({ db, ledger, members, vendors: games, merchants, clock });
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
    clock,
    sandboxSecret: deps.config.SANDBOX_GATEWAY_SECRET,
    sandboxEnabled: deps.config.NODE_ENV !== 'production',
  });
  const withdrawals = createWithdrawalsModule({ db, ledger, members, audit: admin, hasher, limiter, clock });
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
  });
  const announcements = createAnnouncementsModule({ db, audit: admin, clock });
  const promotions = createPromotionsModule({ db, audit: admin, clock });
  const messages = createMessagesModule({ db, members, audit: admin, clock });
  const siteSettings = createSiteSettingsModule({ db, merchants, registration, audit: admin });
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
    admin,
    games,
    house,
    lottery,
    wallet,
    demoVendor,
    deposits,
    withdrawals,
    history,
    agents,
    contracts,
    announcements,
    promotions,
    messages,
    siteSettings,
    memberAdmin,
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
  ...modules.lottery.jobs,
  ...modules.demoVendor.jobs,
  ...modules.wallet.jobs,
  ...modules.agents.jobs,
  ...modules.contracts.jobs,
  ...modules.dashboard.jobs,
];

interface SharedState {
  limiter: WindowLimiter;
  bus?: CacheBus;
  redisHealth?: RedisHealth;
}

/**
 * State every process must share when several run: with Redis, abuse counters and lock states live there
 * (falling back to this process's memory while it is unreachable) and cache changes are published; without
 * it (one embedded process), memory.
 */
function sharedState(deps: AppDeps, log: RedisHealthLogger): SharedState {
  const clock = deps.clock ?? (() => new Date());
  const memory = createMemoryWindowLimiter(() => clock().getTime());
  if (!deps.redis) return { limiter: memory };
  const prefix = deps.config.REDIS_PREFIX ?? 'sea:';
  const redisHealth = createRedisHealth(log);
  const limiter = createRedisWindowLimiter({ redis: deps.redis, prefix, fallback: memory, health: redisHealth });
  limiter.lockStates = createRedisLockStates({
    redis: deps.redis,
    prefix,
    fallback: createMemoryLockStates(),
    health: redisHealth,
  });
  return { limiter, bus: createRedisCacheBus(deps.redis, `${prefix}cache`), redisHealth };
}

/** The first admin's one-time password file, in DATA_DIR (owner-only; deleted once the password is changed). */
export const ADMIN_PASSWORD_FILE = 'admin-one-time-password.txt';

/** JSON logs in production (for collectors); readable console lines elsewhere. */
export function loggerOptions(config: AppDeps['config']): FastifyServerOptions['logger'] {
  const base = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
  };
  return config.NODE_ENV === 'production' ? base : { ...base, stream: readableLogStream() };
}

/** A hop count means: trust that many proxies in front of us (Fastify's types omit the number form). */
function trustProxyOption(v: Config['TRUST_PROXY']): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_addr, hop) => hop < v : v;
}

const CSP_CACHE_MS = 10_000;

/**
 * Every answer carries the CSP; images, frames and connections may also come from the merchant's game vendors
 * (their launch and icon hosts, cached a few seconds) and the installation's CDN.
 */
function registerContentSecurityPolicy(app: FastifyInstance, modules: Modules, cdn: readonly string[]): void {
  const cache = new TtlCache<string[]>(CSP_CACHE_MS);
  app.addHook('onSend', async (request, reply) => {
    let origins: readonly string[] = cdn;
    const merchant = await (
      request.merchantPromise ??
      modules.merchants.resolve({
        header: typeof request.headers.merchant === 'string' ? request.headers.merchant : undefined,
        host: request.headers.host,
      })
    ).catch(() => undefined);
    if (merchant)
      origins = await cache
        .get(String(merchant.id), async () => {
          const vendors = await modules.games.listVendors(merchant.id);
          return [...cdn, ...originsOf(vendors.flatMap((v) => [v.launch_url, v.icon_url]))];
        })
        .catch(() => cdn);
    reply.header('content-security-policy', contentSecurityPolicy(origins, inlineStyleHashes(reply)));
  });
}

/** The one composition root: every module is built here from `deps`, so tests swap the edges. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config),
    // One line per request, written by the onResponse hook below (health probes and static files at debug).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Start-up writes (keys, demo data) under the migration lock: processes starting together take turns.
  const shared = sharedState(deps, app.log);
  app.addHook('onClose', async () => shared.bus?.close());
  const modules = await deps.database.exclusive(async () => {
    const built = await createModules(deps, shared);
    if (deps.config.SEED_DEMO) await seedDemo(built);
    if (deps.config.NODE_ENV === 'production') {
      const problem = await built.deposits.productionProblem();
      if (problem) throw new ConfigError(problem);
    }
    return built;
  });
  app.decorate('modules', modules);
  let shuttingDown = false;
  const outage = createOutageWatch({ ping: () => deps.database.ping(), log: app.log });
  app.addHook('preClose', async () => {
    shuttingDown = true;
    outage.stop();
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLogLevel(request.url)](
      { status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${request.url.split('?')[0]}`,
    );
  });
  // An answer for a session (a member's bearer token, an admin's, a game session) is never stored by a browser
  // or a proxy: logout on a shared computer must not leave balances in the back/forward cache or a CDN.
  app.addHook('onSend', async (request, reply, payload) => {
    const h = request.headers;
    if ((h.authorization || h['x-game-session']) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  registerCompression(app);
  registerErrorHandling(app, { unavailable: (err) => outage.report(err) });
  registerRouteKit(app, {
    principals: {
      resolveMerchant: modules.merchants.resolve,
      accessStatus: modules.system.accessStatus,
      authenticateMember: modules.auth.authenticate,
      authenticateAdmin: modules.admin.authenticate,
    },
    payloadKey: modules.keys.payloadKey,
  });

  // Helmet's other headers; the CSP is ours (per merchant: its vendors' origins).
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  registerContentSecurityPolicy(app, modules, deps.config.CDN_ORIGINS ?? []);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 } });
  await registerApiDocs(app, {
    enabled: deps.config.API_DOCS ?? deps.config.NODE_ENV !== 'production',
    documents: { '/docs/wallet': walletOpenApiDocument },
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      await deps.database.ping();
      checks.database = 'ok';
    } catch {
      checks.database = 'down';
    }
    // Redis loss does not take the process out of a load balancer: limits fall back to this process meanwhile.
    if (deps.redis)
      checks.redis = await deps.redis.ping().then(
        () => 'ok',
        () => 'down',
      );
    const ready = !shuttingDown && checks.database === 'ok';
    return reply.status(ready ? 200 : 503).send({
      status: shuttingDown ? 'shutting-down' : !ready ? 'down' : checks.redis === 'down' ? 'degraded' : 'ok',
      checks,
      ...(shared.redisHealth && { redisFallbacks: shared.redisHealth.fallbacks }),
    });
  });

  for (const module of Object.values(modules)) if ('register' in module) module.register(app);

  // The site's first call (the system status, spec §4) answered inside index.html: one round trip less to paint.
  const trySpaFallback = await registerSpa(app, deps.config.WEB_DIST, async (request) =>
    modules.system.status(await requireMerchant(request, { gate: false }), request.clientIp),
  );
  app.setNotFoundHandler((request, reply) => {
    if (trySpaFallback(request, reply)) return reply;
    const e = new AppError('not_found', `No such path: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`);
    return reply.status(e.status).send(fail(e.code, e.message));
  });

  return app;
}
