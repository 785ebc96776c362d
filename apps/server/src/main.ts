import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp, scheduledJobs } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { DataDirLockedError } from './db/lockfile.ts';
import { type JobRunner, startJobRunner } from './jobs/runner.ts';
import { createSmtpMailer } from './modules/mail/index.ts';
import { createHttpSmsProvider } from './modules/verification/index.ts';
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
  const app = await buildApp({
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
  // The demo agent and its team (deposits and bets through the real faces), once, when the demo is seeded.
  if (config.SEED_DEMO) await database.exclusive(() => seedDemoTeam(app.modules, DEMO_MERCHANT_CODE));
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
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // pg-boss creates its schema and queues on start: processes starting together take turns.
  jobs = await database.exclusive(() => startJobRunner({ database, jobs: scheduledJobs(app.modules), log: app.log }));
  app.log.info(
    `Serving on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} ` +
      `(database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  );
  // Printed last, after the start-up lines, so the one-time password banner does not scroll away (also in a file).
  for (const line of banner) console.warn(line);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
