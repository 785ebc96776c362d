import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppDeps, buildApp } from '../../apps/server/src/app.ts';
import { type Database, openDatabase } from '../../apps/server/src/db/database.ts';
import { lockDataDir } from '../../apps/server/src/db/lockfile.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openConfiguredDatabase } from '../../apps/server/src/db/open.ts';
import type { MerchantSettingsPatch } from '../../apps/server/src/modules/merchants/index.ts';

/** The built site; E2E_WEB_DIST points elsewhere (e.g. a private build folder while another build runs). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

export const E2E_CAPTCHA = 'E2E7';

export interface E2EServer {
  baseUrl: string;
  /** The running app: tests reach its services (e.g. to act as an operator) and database directly. */
  app: FastifyInstance;
  /** The app's clock (a test may run it ahead of the machine's). */
  clock: () => Date;
  setMerchant(code: string, patch: MerchantSettingsPatch): Promise<void>;
  /** Adds a help article to the demo merchant (operator content, as the back office would store it). */
  addHelpArticle(a: { tag: string; title: string; html: string }): Promise<void>;
  /** Creates a member directly (for flows that start from an existing account). */
  createMember(m: {
    account: string;
    password: string;
    countryDialingCode?: string;
    mobile?: string;
    mustChangePassword?: boolean;
    email?: string;
  }): Promise<void>;
  /** The newest message the dev outbox "sent" to a recipient (SMS: country code + number). */
  lastOutbox(recipient: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * The run's migrated and seeded database (E2E_TEMPLATE_DIR, made by e2e/run.ts before the files start): a PGlite
 * data-dir dump taken right after a fresh server's start-up, and the lottery signer key its chains were made with.
 */
export const E2E_TEMPLATE_DIR = process.env.E2E_TEMPLATE_DIR;
const TEMPLATE_FILE = 'template.tar';
const TEMPLATE_KEY_FILE = 'lottery-signer.key';

/** The app exactly as every e2e server runs it (the template is made with the same deps). */
function e2eDeps(database: Database, opts: { clock?: () => Date; signerKey?: string }): AppDeps {
  return {
    config: {
      TRUST_PROXY: true,
      DEFAULT_MERCHANT: 'demo',
      LOG_LEVEL: 'warn',
      WEB_DIST,
      SEED_DEMO: true,
      // A server started from the template must sign with the key its chains were made with.
      ...(opts.signerKey && { LOTTERY_SIGNER_KEY: opts.signerKey }),
    },
    database,
    logger: false,
    // Short lottery chains (5,000 draws): a fresh server generates its five in a fraction of a second.
    lottery: { chainLength: 5_000 },
    // Baccarat tables with short rounds (their dealer is ticked by the baccarat e2e itself).
    baccarat: { bettingSeconds: 8, resultSeconds: 2 },
    // Sabong arenas with short fights (their dealer is ticked by the sabong e2e itself).
    sabong: { bettingSeconds: 10, lastCallSeconds: 3, fightSeconds: 3, resultSeconds: 4 },
    // A test may run the app's clock ahead (settlement periods that are over); the database keeps its own.
    ...(opts.clock && { clock: opts.clock }),
    // Every captcha reads E2E7: the browser tests type it like a person would read it.
    captchaGenerator: () => ({
      text: E2E_CAPTCHA,
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44"><text x="10" y="30">E2E7</text></svg>',
    }),
  };
}

/**
 * Makes the run's template in `dir`: a fresh database migrated and seeded by a server start-up (as startE2EServer
 * does without a template), dumped once the app has closed. Each e2e file then starts from a copy in about a second
 * instead of migrating and seeding its own (~10 s).
 */
export async function buildE2ETemplate(dir: string): Promise<void> {
  const signerKey = randomBytes(32).toString('hex');
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(database);
    const app = await buildApp(e2eDeps(database, { signerKey }));
    await app.close();
    if (!database.dump) throw new Error('PGlite database without dump()');
    writeFileSync(join(dir, TEMPLATE_FILE), Buffer.from(await (await database.dump()).arrayBuffer()));
    writeFileSync(join(dir, TEMPLATE_KEY_FILE), `${signerKey}\n`, { mode: 0o600 });
  } finally {
    await database.close();
  }
}

/**
 * The server's database in `dataDir`: a copy of the run's template when there is one and the file keeps the
 * machine's clock, else migrated and seeded from nothing (a file with a clock of its own seeds at its own time).
 */
async function openE2EDatabase(
  dataDir: string,
  opts: { clock?: () => Date },
): Promise<{ database: Database; release: () => void; signerKey?: string }> {
  if (E2E_TEMPLATE_DIR && !opts.clock) {
    const release = lockDataDir(dataDir);
    try {
      const template = readFileSync(join(E2E_TEMPLATE_DIR, TEMPLATE_FILE));
      const signerKey = readFileSync(join(E2E_TEMPLATE_DIR, TEMPLATE_KEY_FILE), 'utf8').trim();
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: join(dataDir, 'pg'),
        loadDataDir: new Blob([template]),
      });
      // Up to date already: this only checks (as openConfiguredDatabase would).
      await migrate(database);
      return { database, release, signerKey };
    } catch (err) {
      release();
      throw err;
    }
  }
  return openConfiguredDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 1 });
}

/**
 * The real server in this process, on a random port, with a new embedded database in a temp folder
 * (migrated and seeded with the demo data exactly as `npm start` does — or a copy of the run's template of that,
 * see buildE2ETemplate) and the built web site.
 * TRUST_PROXY is on so a test can present a client IP with X-Forwarded-For.
 */
export async function startE2EServer(
  opts: { requireWeb?: boolean; clock?: () => Date; lotteryTicker?: boolean } = {},
): Promise<E2EServer> {
  if (opts.requireWeb !== false && !existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the e2e tests.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sea-e2e-'));
  const { database, release, signerKey } = await openE2EDatabase(dataDir, opts);
  // A start that fails (e.g. a plugin's start-up timeout on a loaded machine) closes the database: an open one keeps
  // the file's process alive and node --test waiting for it, so the run would hang instead of failing.
  const app = await buildApp(e2eDeps(database, { clock: opts.clock, signerKey })).catch(async (err: unknown) => {
    await database.close();
    release();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // The lottery's jobs (main.ts runs them on pg-boss): issues ahead, then close → draw → settle, every second.
  let ticking = false;
  // (bench:web turns it off: it measures the page, not a server busy every second with the e2e's accelerated jobs)
  const lotteryTicker = setInterval(() => {
    if (ticking || opts.lotteryTicker === false) return;
    ticking = true;
    void app.modules.lottery
      .schedule()
      .then(() => app.modules.lottery.advance())
      // the feed lotteries (VN, Thai, 4D): their calendar, then close → await the result → settle
      .then(() => app.modules.lottery.feed.schedule())
      .then(() => app.modules.lottery.feed.advance())
      .catch((err: unknown) => console.error('lottery tick failed:', err))
      .finally(() => (ticking = false));
  }, 1000);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    clock: opts.clock ?? (() => new Date()),
    async setMerchant(code, patch) {
      const merchant = await app.modules.merchants.findByCode(code);
      if (!merchant) throw new Error(`no merchant ${code}`);
      await app.modules.merchants.updateSettings(merchant.id, patch);
    },
    async addHelpArticle(a) {
      const merchant = await app.modules.merchants.findByCode('demo');
      if (!merchant) throw new Error('no demo merchant');
      await app.modules.system.addHelpArticle(merchant.id, a);
    },
    async createMember(m) {
      const merchant = await app.modules.merchants.findByCode('demo');
      if (!merchant) throw new Error('no demo merchant');
      await app.modules.members.create({ merchant, ...m });
    },
    lastOutbox: (recipient) => app.modules.outbox.latest(recipient),
    async close() {
      clearInterval(lotteryTicker);
      while (ticking) await new Promise((r) => setTimeout(r, 50));
      await app.close();
      await database.close();
      release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
