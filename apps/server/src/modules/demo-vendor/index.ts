import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { GamesModule } from '../games/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { createWalletClient, randomChaos, type WalletClientOptions } from './demo-vendor.client.ts';
import { DEMO_GAMES } from './demo-vendor.games.ts';
import { createDemoVendorRepository } from './demo-vendor.repository.ts';
import { registerDemoVendorRoutes } from './demo-vendor.routes.ts';
import { createDemoVendorService } from './demo-vendor.service.ts';
import { httpTransferApi, registerTransferRoutes, type TransferChaos } from './demo-vendor.transfer.ts';
import type { DemoVendorTables } from './demo-vendor.tables.ts';

export { DEMO_GAMES, demoGame, type DemoGame } from './demo-vendor.games.ts';
export { DEMO_VENDOR_NAME } from './demo-vendor.service.ts';
export { DEMO_SESSION_HEADER } from './demo-vendor.schemas.ts';
export type { Chaos, Fault } from './demo-vendor.client.ts';
export type { TransferChaos, TransferFault } from './demo-vendor.transfer.ts';

/** How the demo vendor reaches the operator and how unreliable its network is. */
export interface DemoVendorOptions {
  /** The operator's base URL for wallet calls; by default the address this server listens on. */
  walletUrl?: string;
  /** Share of wallet calls delivered twice (half as many again lose their answer); 0 turns faults off. */
  faultRate?: number;
  client?: Partial<Omit<WalletClientOptions, 'clock'>>;
  random?: () => number;
  /** Transfer mode: faults of the operator → vendor transfer calls, per attempt (tests). */
  transferChaos?: TransferChaos;
  /** Transfer mode: the operator's attempts per transfer call (each answer-less attempt is retried). */
  transferAttempts?: number;
  /** Transfer mode: the most a player may hold at the vendor (deposits past it are refused); read per deposit. */
  transferLimit?: () => bigint | undefined;
}

const cryptoRandom = () => randomInt(2 ** 32) / 2 ** 32;

/**
 * The simulated external vendor (adapter 'demo', "Demo vendor"): stands in for the live casino, sports,
 * esports, fishing, card, cockfight and lottery vendors until our own exist. Operator side: its launch adapter
 * and catalogue (registered with the games face). Vendor side: its game pages and their API, its own books, and
 * a wallet client that calls our seamless endpoints over HTTP with its key — with retries, duplicate
 * deliveries, rollbacks that may overtake their bet, and results that settle later through its job.
 */
export function createDemoVendorModule(deps: {
  db: AnyDb;
  games: Pick<GamesModule, 'registerProvider' | 'walletSecret' | 'findVendor'>;
  merchants: Pick<MerchantsModule, 'resolve'>;
  clock: () => Date;
  options?: DemoVendorOptions;
}) {
  const opts = deps.options ?? {};
  const repo = createDemoVendorRepository(tablesOf<DemoVendorTables>(deps.db));
  let server: FastifyInstance['server'] | undefined;

  /** Where this server listens (the demo vendor runs next to the site). */
  function walletUrl(): string {
    if (opts.walletUrl) return opts.walletUrl.replace(/\/$/, '');
    const address = server?.address() as AddressInfo | string | null | undefined;
    if (!address || typeof address === 'string') throw new Error('the site is not listening yet');
    const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }

  const faultRate = opts.faultRate ?? 0;
  const client = createWalletClient({
    clock: deps.clock,
    chaos: faultRate > 0 ? randomChaos({ duplicate: faultRate, loseResponse: faultRate / 2 }) : undefined,
    ...opts.client,
  });
  const service = createDemoVendorService({
    repo,
    client,
    clock: deps.clock,
    random: opts.random ?? cryptoRandom,
    transferLimit: opts.transferLimit,
    target: async (s) => {
      const secret = await deps.games.walletSecret(s.merchant_id, s.vendor_code);
      if (!secret) throw new Error(`no wallet key for vendor ${s.vendor_code}`);
      return { baseUrl: walletUrl(), operator: s.operator_code, vendor: s.vendor_code, secret };
    },
  });

  deps.games.registerProvider({
    adapter: 'demo',
    // Transfer-wallet mode (vendor DEMOT): the vendor's deposit/withdraw API, called over HTTP with its key.
    transferWallet: httpTransferApi({
      baseUrl: walletUrl,
      secret: deps.games.walletSecret,
      clock: deps.clock,
      chaos: opts.transferChaos,
      attempts: opts.transferAttempts,
    }),
    async launchUrl(ctx) {
      const token = await service.openSession(ctx);
      return `/demo-vendor/play/${encodeURIComponent(ctx.game.game_code)}?s=${token}&lang=${encodeURIComponent(ctx.language)}`;
    },
    catalogue: (merchant) =>
      DEMO_GAMES.map((g) => ({
        gameCode: g.code,
        name: g.name,
        displayNames: { en: g.name, ty: g.ty },
        category: g.category,
        classify: null,
        supportPlay: false,
        minBet: BigInt(g.minBet) * 10n ** BigInt(merchant.currencyExponent),
        lines: null,
      })),
  });

  const jobs: ScheduledJob[] = [
    {
      name: 'demo-vendor-work',
      everySeconds: 5,
      async run() {
        const r = await service.work();
        return r.settled || r.delivered ? r : null;
      },
    },
  ];

  return {
    ...service,
    jobs,
    register(app: FastifyInstance): void {
      server = app.server;
      registerDemoVendorRoutes(app, service);
      registerTransferRoutes(app, {
        service,
        clock: deps.clock,
        // The vendor knows each operator's key for its transfer-mode brands (DEMOT).
        async keyOf(operator, vendorCode) {
          if (!/^[A-Za-z0-9_-]{1,32}$/.test(operator) || !/^[A-Z0-9_]{2,20}$/.test(vendorCode)) return undefined;
          const merchant = await deps.merchants.resolve({ header: operator }).catch(() => undefined);
          const vendor = merchant && (await deps.games.findVendor(merchant.id, vendorCode));
          if (!merchant || vendor?.adapter !== 'demo' || vendor.wallet_mode !== 'transfer') return undefined;
          const secret = await deps.games.walletSecret(merchant.id, vendorCode);
          return secret ? { merchantId: merchant.id, secret } : undefined;
        },
      });
    },
  };
}

export type DemoVendorModule = ReturnType<typeof createDemoVendorModule>;
