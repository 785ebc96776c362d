import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type Config, ConfigError } from './config/config.ts';
import { createOutageWatch } from './db/outage.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { contentSecurityPolicy, inlineStyleHashes, originsOf } from './http/csp.ts';
import { fail } from './http/envelope.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerRouteKit, requireMerchant } from './http/route-kit.ts';
import { registerSpa } from './http/spa.ts';
import { validatorCompiler } from './http/validation.ts';
import { AppError } from './lib/errors.ts';
import { readableLogStream, requestLogLevel } from './lib/log-format.ts';
import { registerCompression } from './http/compress.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import { createRedisCacheBus } from './lib/cache-bus.ts';
import { createRedisHealth, type RedisHealthLogger } from './lib/redis-health.ts';
import { createRedisLockStates } from './lib/redis-lock-states.ts';
import { createRedisWindowLimiter } from './lib/redis-limiter.ts';
import { createMemoryLockStates, createMemoryWindowLimiter } from './lib/window-limiter.ts';
import { seedDemo } from './seed-demo.ts';

import { walletOpenApiDocument } from './modules/games/index.ts';
import { type AppDeps, createModules, type Modules, type SharedState } from './modules.ts';

export { ADMIN_PASSWORD_FILE, type AppDeps, type Modules, scheduledJobs } from './modules.ts';

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
  // Session answers (member, admin, game) are never stored by a browser or proxy: no balances left after logout.
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
  // The home's banners too (issue 24): the first render shows them, no empty box then pop-in.
  const trySpaFallback = await registerSpa(
    app,
    deps.config.WEB_DIST,
    async (request) => modules.system.status(await requireMerchant(request, { gate: false }), request.clientIp),
    async (request, language) =>
      modules.content.banners(await requireMerchant(request, { gate: false }), 'w_home', language),
  );
  app.setNotFoundHandler((request, reply) => {
    if (trySpaFallback(request, reply)) return reply;
    const e = new AppError('not_found', `No such path: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`);
    return reply.status(e.status).send(fail(e.code, e.message));
  });

  return app;
}
