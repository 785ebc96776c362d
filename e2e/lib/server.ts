import type { FastifyInstance } from 'fastify';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
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
 * The real server in this process, on a random port, with a new embedded database in a temp folder
 * (migrated and seeded with the demo data exactly as `npm start` does) and the built web site.
 * TRUST_PROXY is on so a test can present a client IP with X-Forwarded-For.
 */
export async function startE2EServer(
  opts: { requireWeb?: boolean; clock?: () => Date; lotteryTicker?: boolean } = {},
): Promise<E2EServer> {
  if (opts.requireWeb !== false && !existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the e2e tests.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sea-e2e-'));
  const { database, release } = await openConfiguredDatabase({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    DATABASE_POOL_SIZE: 1,
  });
  const app = await buildApp({
    config: { TRUST_PROXY: true, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'warn', WEB_DIST, SEED_DEMO: true },
    database,
    logger: false,
    // Short lottery chains (5,000 draws): a fresh server generates its five in a fraction of a second.
    lottery: { chainLength: 5_000 },
    // A test may run the app's clock ahead (settlement periods that are over); the database keeps its own.
    ...(opts.clock && { clock: opts.clock }),
    // Every captcha reads E2E7: the browser tests type it like a person would read it.
    captchaGenerator: () => ({
      text: E2E_CAPTCHA,
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44"><text x="10" y="30">E2E7</text></svg>',
    }),
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
