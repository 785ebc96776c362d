import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { publicKeyInfo } from '@sea/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import { fail } from './gateways/envelope.ts';
import { registerErrorHandling } from './gateways/error-handler.ts';
import { registerMerchantContext } from './gateways/merchant-context.ts';
import { registerPayloadKey } from './gateways/payload-context.ts';
import { loadPayloadKey, PAYLOAD_ALGORITHM } from './gateways/payload-crypto.ts';
import { defineRoute } from './gateways/route.ts';
import { registerSpa } from './http/spa.ts';
import { AppError } from './lib/errors.ts';
import { type CountryLookup, countryOf as geoCountryOf } from './lib/geo.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createDepositsModule, registerDeposits } from './modules/deposits/deposits.module.ts';
import { createWithdrawalsModule, registerWithdrawals } from './modules/withdrawals/withdrawals.module.ts';
import { createWalletRepository } from './modules/wallet/wallet.repository.ts';
import { registerWalletRoutes } from './modules/wallet/wallet.routes.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { createMerchantsRepository } from './modules/merchants/merchants.repository.ts';
import { createMerchantsService } from './modules/merchants/merchants.service.ts';
import { registerAuthContext } from './gateways/auth-context.ts';
import { registerAdminContext } from './gateways/admin-route.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createAdminsRepository } from './modules/admin/admins.repository.ts';
import { createAdjustmentsRepository } from './modules/admin/adjustments.repository.ts';
import { createAdjustmentsService } from './modules/admin/adjustments.service.ts';
import { createHistoryRepository } from './modules/history/history.repository.ts';
import { registerHistoryRoutes } from './modules/history/history.routes.ts';
import { createHistoryService } from './modules/history/history.service.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/password.ts';
import { registerAuthRoutes, registerPasswordRoutes } from './modules/auth/auth.routes.ts';
import { createEmailResetService } from './modules/auth/email-reset.service.ts';
import { createPasswordService } from './modules/auth/password.service.ts';
import { createOutboxMailer, type Mailer } from './modules/mail/mailer.ts';
import { type AuthRules, createAuthService } from './modules/auth/auth.service.ts';
import { createSessionsRepository } from './modules/auth/sessions.repository.ts';
import { registerAvatarRoutes } from './modules/members/avatar.routes.ts';
import { createMembersRepository } from './modules/members/members.repository.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { registerCaptchaRoutes } from './modules/captcha/captcha.routes.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { registerDevOutboxRoutes } from './modules/dev/outbox.routes.ts';
import { createOutboxSmsProvider, type SmsProvider } from './modules/verification/sms-provider.ts';
import { createVerificationRepository } from './modules/verification/verification.repository.ts';
import { registerVerificationRoutes } from './modules/verification/verification.routes.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { createMemoryWindowLimiter, type WindowLimiter } from './lib/window-limiter.ts';
import { registerRegisterRoutes } from './modules/registration/register.routes.ts';
import { createRegisterService } from './modules/registration/register.service.ts';
import { createRegistrationRepository } from './modules/registration/registration.repository.ts';
import { registerRegistrationRoutes } from './modules/registration/registration.routes.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { createSystemService } from './modules/system/system.service.ts';

export interface AppDeps {
  config: Pick<Config, 'TRUST_PROXY' | 'DEFAULT_MERCHANT' | 'LOG_LEVEL' | 'WEB_DIST'> &
    Partial<Pick<Config, 'NODE_ENV' | 'SANDBOX_GATEWAY_SECRET'>>;
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
}

export type Services = ReturnType<typeof createServices>;

function createServices(deps: AppDeps) {
  const db = deps.database.db;
  const clock = deps.clock ?? (() => new Date());
  const countryOf = deps.countryOf ?? geoCountryOf;
  // PGlite runs one statement at a time: one batch under way; PostgreSQL: a few, grouping the rest.
  const ledger = createLedgerService({ db, maxInFlight: deps.database.kind === 'pglite' ? 1 : 4 });
  const deposits = createDepositsModule({ db, ledger, clock, sandboxSecret: deps.config.SANDBOX_GATEWAY_SECRET });
  const wallet = createWalletService({ repo: createWalletRepository(db), ledger });
  const merchants = createMerchantsService({
    repo: createMerchantsRepository(db),
    defaultMerchant: deps.config.DEFAULT_MERCHANT,
  });
  const system = createSystemService({ repo: createSystemRepository(db), merchants, countryOf, clock });
  const registration = createRegistrationService({ repo: createRegistrationRepository(db) });
  const limiter = deps.limiter ?? createMemoryWindowLimiter(() => clock().getTime());
  const captcha = createCaptchaService({ db, clock, generate: deps.captchaGenerator });
  const verification = createVerificationService({
    repo: createVerificationRepository(db),
    captcha,
    sms: deps.sms ?? createOutboxSmsProvider(db),
    limiter,
    clock,
  });
  const hasher = deps.hasher ?? createPasswordHasher();
  const membersRepo = createMembersRepository(db);
  const members = createMembersService({ repo: membersRepo, hasher, registration, clock });
  const sessions = createSessionsRepository(db);
  const auth = createAuthService({
    members: membersRepo,
    sessions,
    hasher,
    captcha,
    verification,
    merchants,
    limiter,
    clock,
    rules: deps.authRules,
  });
  const register = createRegisterService({
    registration,
    members,
    membersRepo,
    merchants,
    captcha,
    verification,
    auth,
    limiter,
  });
  const passwords = createPasswordService({
    membersRepo,
    members,
    sessions,
    hasher,
    registration,
    verification,
    merchants,
    auth,
    limiter,
    clock,
  });
  const emailReset = createEmailResetService({
    db,
    membersRepo,
    sessions,
    hasher,
    passwords,
    mailer: deps.mailer ?? createOutboxMailer(db),
    limiter,
    clock,
  });
  const withdrawals = createWithdrawalsModule({ db, ledger, hasher, limiter, clock });
  const admin = createAdminService({ db, repo: createAdminsRepository(db), hasher, limiter, clock });
  const adjustments = createAdjustmentsService({
    db,
    repo: createAdjustmentsRepository(db),
    members: membersRepo,
    ledger,
    clock,
  });
  const history = createHistoryService({ repo: createHistoryRepository(db), clock });
  return {
    ledger,
    deposits,
    withdrawals,
    wallet,
    merchants,
    system,
    registration,
    register,
    captcha,
    verification,
    limiter,
    members,
    membersRepo,
    auth,
    passwords,
    emailReset,
    admin,
    adjustments,
    history,
    countryOf,
    clock,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** A hop count means: trust that many proxies in front of us (Fastify's types omit the number form). */
function trustProxyOption(v: Config['TRUST_PROXY']): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_addr, hop) => hop < v : v;
}

/** The one composition root: every service is built here from `deps`, so tests swap the edges. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
    },
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(deps);
  app.decorate('services', services);
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  registerErrorHandling(app);
  registerMerchantContext(app, { merchants: services.merchants, countryOf: services.countryOf });
  registerAuthContext(app, services.auth);
  registerAdminContext(app, services.admin);
  const payloadKey = await loadPayloadKey(deps.database.db);
  registerPayloadKey(app, payloadKey);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'frame-src': ["'self'", 'https:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Platform API',
        version: '0.1.0',
        description: 'Player (/wps, /lgw) API. Every answer is {success, value, message, code}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      await deps.database.ping();
      checks.database = 'ok';
    } catch {
      checks.database = 'down';
    }
    if (deps.redis)
      checks.redis = await deps.redis.ping().then(
        () => 'ok',
        () => 'down',
      );
    const ready = !shuttingDown && Object.values(checks).every((c) => c === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: shuttingDown ? 'shutting-down' : ready ? 'ok' : 'down', checks });
  });

  registerSystemRoutes(app, services.system);
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/publicKey',
      summary: 'Public key for payload encryption of the calls marked encrypted',
      tags: ['system'],
      response: publicKeyInfo,
      access: 'system',
    },
    ({ merchant }) => ({
      keyId: payloadKey.keyId,
      publicKey: payloadKey.publicKey,
      algorithm: PAYLOAD_ALGORITHM,
      required: merchant.requireEncryption,
    }),
  );
  registerRegistrationRoutes(app, services.registration);
  registerCaptchaRoutes(app, services.captcha, services.limiter);
  registerRegisterRoutes(app, services.register);
  registerAvatarRoutes(app, deps.database.db);
  registerPasswordRoutes(app, services.passwords, services.emailReset);
  registerAuthRoutes(app, { auth: services.auth, members: services.members, membersRepo: services.membersRepo });
  registerVerificationRoutes(app, { verification: services.verification, merchants: services.merchants });
  registerWalletRoutes(app, services.wallet);
  registerAdminRoutes(app, { admin: services.admin, adjustments: services.adjustments, db: deps.database.db });
  registerHistoryRoutes(app, services.history);
  registerDeposits(app, services.deposits);
  registerWithdrawals(app, services.withdrawals);
  if (deps.config.NODE_ENV !== 'production') registerDevOutboxRoutes(app, deps.database.db);

  const trySpaFallback = await registerSpa(app, deps.config.WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    if (trySpaFallback(request, reply)) return reply;
    const e = new AppError('not_found', `No such path: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`);
    return reply.status(e.status).send(fail(e.code, e.message));
  });

  return app;
}
