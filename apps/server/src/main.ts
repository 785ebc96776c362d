import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp, scheduledJobs } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { isDatabaseUnavailable } from './db/outage.ts';
import { DataDirLockedError } from './db/lockfile.ts';
import { MigrationError } from './db/migrate.ts';
import { type JobRunner, startJobRunner } from './jobs/runner.ts';
import { createSmtpMailer } from './modules/mail/index.ts';
import { createHttpSmsProvider } from './modules/verification/index.ts';
import { travellingClock } from './seed-demo-history.ts';
import { seedDemoTeam } from './seed-demo-team.ts';
import { DEMO_MERCHANT_CODE } from './seed-demo.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const webDist = config.WEB_DIST ?? (existsSync(DEFAULT_WEB_DIST) ? DEFAULT_WEB_DIST : undefined);
  const { database, release } = await openConfiguredDatabase(config);
  const redis = config.REDIS_URL
    ? // No offline queue and a short command timeout: while Redis is away, calls fail at once and the limits fall
      // back to this process (lib/redis-health.ts) instead of waiting.
      new Redis(config.REDIS_URL, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 500,
        retryStrategy: (times) => Math.min(times * 100, 1_000),
      })
    : undefined;
  redis?.on('error', () => undefined); // logged once per outage by the limiters; ioredis reconnects on its own

  const sms =
    config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL && config.SMS_HTTP_TOKEN
      ? createHttpSmsProvider({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN, sender: config.SMS_SENDER })
      : undefined;
  const mailer =
    config.MAIL_PROVIDER === 'smtp' && config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : undefined;
  // Real time; only the demo history's seed moves it, before the process serves or runs jobs (seed-demo-history.ts).
  const clock = travellingClock();
  const app = await buildApp({
    clock: clock.now,
    config: { ...config, WEB_DIST: webDist },
    database,
    redis,
    sms,
    mailer,
    authRules: { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS },
  });
  // The first admin exists before the site serves (under the migration lock: processes starting together create it
  // once); its one-time password banner waits for the start-up lines.
  const banner: string[] = [];
  await database.exclusive(() =>
    app.modules.admin.bootstrap(app.modules.merchants, config.DEFAULT_MERCHANT, app.log, (line) => banner.push(line)),
  );
  // The demo agent and its team with DEMO_HISTORY_DAYS days of history (deposits, rounds, wages, dividends through
  // the real faces while the clock steps through those days), once, when the demo is seeded: before the process
  // listens or runs jobs, since its clock is in the past meanwhile. A failure leaves the demo without its team,
  // never the site without a start.
  if (config.SEED_DEMO && config.DEMO_HISTORY_DAYS > 0) {
    const started = Date.now();
    await database
      .exclusive(() =>
        seedDemoTeam(app.modules, DEMO_MERCHANT_CODE, {
          history: { days: config.DEMO_HISTORY_DAYS, travel: clock.travel },
        }),
      )
      .then(
        () => app.log.info({ ms: Date.now() - started }, 'demo team ready'),
        (err: unknown) => app.log.warn({ err }, 'the demo agent team and its history could not be seeded'),
      );
  }
  if (!webDist) app.log.warn('apps/web/dist not found: the API runs without the web site (run `npm run build`).');

  let jobs: JobRunner | undefined = undefined; // started once listening; the shutdown handler may run before
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      release();
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await jobs?.stop();
      await app.close();
      redis?.disconnect();
      await database.close();
    } finally {
      release();
    }
    process.exit(0);
  };
  // pg-boss completes and fails jobs without awaiting them (manager.js work → complete/fail): while the database is
  // unreachable that rejection has no handler. A lost database must never end the process (the job is fetched
  // again once it is back); any other unhandled rejection still ends it, as Node would.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn({ err: reason }, 'a background database call failed while the database is unreachable');
      return;
    }
    console.error('Unhandled rejection:', reason);
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT, backlog: config.LISTEN_BACKLOG });
  // pg-boss creates its schema and queues on start: processes starting together take turns.
  // A database lost during that start is waited out (the site already answers 503 meanwhile), not a failed start.
  for (let attempt = 1; !jobs; attempt++) {
    try {
      jobs = await database.exclusive(() =>
        startJobRunner({ database, jobs: scheduledJobs(app.modules), log: app.log }),
      );
    } catch (err) {
      if (stopping || !isDatabaseUnavailable(err)) throw err;
      app.log.warn({ err: { message: (err as Error).message }, attempt }, 'job runner waits for the database');
      await new Promise((r) => setTimeout(r, Math.min(attempt * 500, 5_000)));
    }
  }
  app.log.info(
    `Serving on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} ` +
      `(database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  );
  // Printed last, after the start-up lines, so the one-time password banner does not scroll away (also in a file).
  for (const line of banner) console.warn(line);
  // Without history (DEMO_HISTORY_DAYS=0): the demo agent and its team of today, once, while the site already serves;
  // a failure leaves the demo without its team, never the site without a start.
  if (config.SEED_DEMO && config.DEMO_HISTORY_DAYS === 0 && !stopping)
    void database
      .exclusive(() => seedDemoTeam(app.modules, DEMO_MERCHANT_CODE))
      .catch((err: unknown) => {
        if (!stopping) app.log.warn({ err }, 'the demo agent team could not be seeded');
      });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MigrationError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
