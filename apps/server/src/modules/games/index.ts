import { randomBytes } from 'node:crypto';
import type { AdminTableProof } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import { memberHasOpenRounds } from './open-rounds.repository.ts';
import type { Merchant } from '../../http/principals.ts';
import { hashSessionToken } from '../../lib/session-tokens.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MediaModule } from '../media/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { registerCatalogueAdminRoutes } from './catalogue.admin.ts';
import { createCatalogueRepository, type GameRow, type VendorRow } from './catalogue.repository.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { registerGameRoutes } from './games.routes.ts';
import { DEMO_GAMES, demoGameRows, demoVendorRows, OLD_ELOTT_ICON } from './games.seed.ts';
import type { GamesTables } from './games.tables.ts';
import { createLaunchService } from './launch.service.ts';
import { createPlayRepository } from './play.repository.ts';
import { createRecordsService } from './records.service.ts';
import { type BetStatsSource, createRollupRepository } from './rollup.repository.ts';
import { registerRoundAdminRoutes } from './rounds.admin.ts';
import { registerSeamlessRoutes } from './seamless.routes.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import { createSeamlessService } from './seamless.service.ts';
import { createSeamlessBatch } from './seamless.batch.ts';
import { createWalletBatchRepository } from './wallet-batch.repository.ts';
import { type BonusStakePolicy, createFunding } from './seamless.funding.ts';
import type { PlayEventsModule } from '../play-events/index.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import { createTransferBets } from './transfer-bets.ts';
import { createTransferBetsRepository } from './transfer-bets.repository.ts';

export type { VendorRow, GameWithVendor } from './catalogue.repository.ts';

/** A table game's proof of a round by its reference; null when the reference is not one of its rounds. */
export type TableProofSource = (merchant: Merchant, reference: string) => Promise<AdminTableProof | null>;
export { maskAccount } from './catalogue.service.ts';
export {
  type CatalogueEntry,
  FREE_PLAY_BALANCE,
  GAME_SESSION_HOURS,
  type GameProvider,
  type LaunchContext,
  type LaunchFunding,
  type VendorBetRecord,
  type VendorTransferApi,
  type VendorTransferOutcome,
} from './launch.service.ts';
export type { WalletAnswer, WalletCall } from './seamless.service.ts';
export type { BetRecordSource, RecordFilter, RecordSourceRow } from './records.service.ts';
export type { BetStatsSource, RollupCell, RoundDayTotals, TeamRoundRow } from './rollup.repository.ts';
export { signSeamless } from './seamless.routes.ts';
export {
  gameSessionToken,
  inBatches,
  NotOpened,
  registerTableAdminRoutes,
  setTableOpen,
  type TableActor,
  tableAuditor,
  unlessNotOpened,
  WALLET_CONCURRENCY,
} from './table-kit.ts';
export { walletOpenApiDocument } from './seamless.openapi.ts';
export {
  assembleTableGame,
  type BetGate,
  dealerPass,
  placeTableBet,
  type TableGameDeps,
  tableGameFace,
  type TableLimits,
  tableSession,
  type TableWords,
} from './table-rounds.ts';
export { createTableRoundsRepository } from './table-rounds.repository.ts';
export { registerRoundCancelRoute, registerTableGameRoutes, tableCodeParams } from './table-routes.ts';
export { createTableWallet, HOUSE_VENDOR, type TableBet, type WinMode } from './table-wallet.ts';
export type { GameCategoryCode, VendorAdapter, WalletMode } from './games.tables.ts';

const SECRET_CACHE_MS = 10_000;
const ROW_CACHE_MS = 2_000;

/**
 * The game platform: the catalogue (vendors = the provider registry, games, favourites, winners), launch with
 * game sessions and provider adapters, the seamless wallet vendors call (bet, win, rollback through the ledger,
 * idempotent per tx id), and bet records. Our own games and the demo vendor plug in as providers.
 */
export function createGamesModule(deps: {
  db: AnyDb;
  ledger: Pick<
    LedgerModule,
    'move' | 'post' | 'postMany' | 'balances' | 'legsOf' | 'legsOfMany' | 'vendorWalletHolders'
  >;
  /** The play-event queue (settled rounds are published to it; modules/play-events). */
  events?: Pick<PlayEventsModule, 'publishRef' | 'publishRefs' | 'addSource'>;
  members: Pick<MembersModule, 'sessionView' | 'accountsOf'>;
  merchants: Pick<MerchantsModule, 'flags' | 'resolve' | 'findById'>;
  audit: Pick<AdminModule, 'recordAction'>;
  /** Responsible gaming: every bet of the seamless wallet (vendors and our own games) passes its stake check. */
  rg: Pick<RgGuard, 'stakeRefusal'>;
  media: Pick<MediaModule, 'put'>;
  clock: () => Date;
}) {
  const db = tablesOf<GamesTables>(deps.db);
  const catalogueRepo = createCatalogueRepository(db);
  const play = createPlayRepository(db);
  const catalogue = createCatalogueService({ repo: catalogueRepo, play, members: deps.members });
  const launch = createLaunchService({ repo: catalogueRepo, play, merchants: deps.merchants, clock: deps.clock });
  // The round lookup's proofs of our shared-round table games, one source per game module (baccarat).
  const tableProofSources: TableProofSource[] = [];
  async function tableProofOf(merchant: Merchant, reference: string): Promise<AdminTableProof | null> {
    for (const source of tableProofSources) {
      const proof = await source(merchant, reference);
      if (proof) return proof;
    }
    return null;
  }
  // Vendor and game rows the wallet reads on every call, cached like merchants: an operator's change here clears
  // them at once, other processes see it within the TTL. Only rows found are kept (a game added elsewhere shows
  // at once).
  const rows = new TtlCache<VendorRow | GameRow | undefined>(ROW_CACHE_MS);
  const cachedRow = async <R extends VendorRow | GameRow>(key: string, load: () => Promise<R | undefined>) => {
    const row = (await rows.get(key, load)) as R | undefined;
    if (!row) rows.delete(key);
    return row;
  };
  const vendorRow = (merchantId: bigint, code: string) =>
    cachedRow(`v:${merchantId}:${code}`, () => catalogueRepo.findVendor(merchantId, code));
  const gameByCode = (merchantId: bigint, vendorCode: string, gameCode: string) =>
    cachedRow(`g:${merchantId}:${vendorCode}:${gameCode}`, () =>
      catalogueRepo.findGameByCode(merchantId, vendorCode, gameCode),
    );
  const funding = createFunding(deps.ledger);
  const seamless = createSeamlessService({
    db,
    repo: play,
    findGame: gameByCode,
    funding,
    events: deps.events,
    members: deps.members,
    rg: deps.rg,
    clock: deps.clock,
  });
  const seamlessBatch = createSeamlessBatch({
    db,
    repo: createWalletBatchRepository(),
    funding,
    events: deps.events,
    clock: deps.clock,
    win: seamless.win,
  });
  const records = createRecordsService({ play, catalogue: catalogueRepo });
  const secrets = new TtlCache<string | undefined>(SECRET_CACHE_MS);

  /** The vendor's seamless-wallet key, created once per installation on first use. */
  const walletSecret = (merchantId: bigint, vendorCode: string) =>
    secrets.get(`${merchantId}:${vendorCode}`, () =>
      catalogueRepo.walletSecret(merchantId, vendorCode, randomBytes(32).toString('base64url')),
    );

  async function walletCaller(operator: string, vendorCode: string) {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(operator) || !/^[A-Z0-9_]{2,20}$/.test(vendorCode)) return undefined;
    const merchant = await deps.merchants.resolve({ header: operator }).catch(() => undefined);
    if (!merchant) return undefined;
    const vendor = await vendorRow(merchant.id, vendorCode);
    if (!vendor || vendor.wallet_mode !== 'seamless') return undefined;
    const secret = await walletSecret(merchant.id, vendorCode);
    return secret ? { merchant, vendor, secret } : undefined;
  }

  deps.events?.addSource('round', (refs) => play.settledRoundEvents(refs));
  // Transfer-wallet vendors' bets, pulled from their bet-record API into settled rounds and play events.
  const transferBets = createTransferBets({
    db,
    repo: createTransferBetsRepository(db),
    merchantOf: async (id) => (await deps.merchants.findById(id)) ?? undefined,
    apiOf: (v) => launch.transferApiOf(v),
    gameIdOf: async (merchantId, vendorCode, gameCode) =>
      (await gameByCode(merchantId, vendorCode, gameCode))?.id ?? null,
    membersOf: async (merchantId, ids) => new Set((await deps.members.accountsOf(merchantId, ids)).keys()),
    events: deps.events,
  });
  const jobs: ScheduledJob[] = [
    {
      name: 'transfer-bets',
      everySeconds: 30,
      async run() {
        const r = await transferBets.pull();
        return r.recorded || r.failed ? r : null;
      },
    },
  ];
  const statsSources: BetStatsSource[] = [];
  const rollup = createRollupRepository(db, statsSources);
  return {
    jobs,
    /** Transfer vendors' new bets into settled rounds and play events (the transfer-bets job; tests call it). */
    pullTransferBets: transferBets.pull,
    /** Account closure: a round still open (`trx`: the closing transaction). */
    hasOpenRounds: (merchantId: bigint, memberId: bigint, trx?: AnyDb) =>
      memberHasOpenRounds(trx ? tablesOf<GamesTables>(trx) : db, merchantId, memberId),
    /** Bonus money (modules/bonus): the largest stake while a member wagers a bonus (seamless.funding.ts). */
    setBonusStakePolicy: (p: BonusStakePolicy) => funding.setPolicy(p),
    /** Main + bonus: what a member can stake in a seamless game (our games show it as the balance). */
    stakeableBalance: (merchant: Merchant, memberId: bigint) => funding.available(merchant, memberId),
    /**
     * Agent reports (rollup.repository.ts): changed bet cells, settled day totals, a team's bets. Day totals, team
     * bets and the contract figures below count the rounds and every source added with addBetStatsSource.
     */
    roundCellsChangedSince: rollup.changedSince,
    /**
     * The roll-up's change sources of bets, each with its own mark: the rounds, then each added source (the
     * agent-rollup job reads them at every pass).
     */
    betCellSources: (): { name: string; changed: BetStatsSource['changedSince'] }[] => [
      { name: 'rounds', changed: rollup.changedSince },
      ...statsSources.map((s) => ({ name: s.name, changed: s.changedSince })),
    ],
    /** Another module's bets counted with the rounds in every agent, contract and rebate figure (the lottery's). */
    addBetStatsSource(source: BetStatsSource): void {
      if (source.name === 'rounds' || statsSources.some((s) => s.name === source.name))
        throw new Error(`games: bet stats source ${source.name} added twice`);
      statsSources.push(source);
    },
    roundDayTotals: rollup.dayTotals,
    teamRounds: rollup.teamRounds,
    /** Contract settlement (the agents face's TeamStatsPort): team figures over any window, splits, categories. */
    teamSettled: rollup.teamSettled,
    teamBetSplit: rollup.teamBetSplit,
    categoryBets: rollup.categoryBets,
    merchantsWithBets: rollup.merchantsWithBets,
    /** The dashboard's roll-up: one merchant's settled totals per (local bet day, category), every source. */
    categoryDayTotals: rollup.categoryDayTotals,
    ...catalogue,
    launch: launch.launch,
    registerProvider: launch.registerProvider,
    /** A table game's round proofs for the back office's round lookup (null for references not its own). */
    registerTableProof(source: TableProofSource): void {
      tableProofSources.push(source);
    },
    transferApiOf: launch.transferApiOf,
    /**
     * Whether a player could play anything of the vendor: a launch adapter for it and a game that is not disabled
     * (the wallet refuses transfers into a vendor wallet with nothing launchable).
     */
    async hasLaunchableGame(merchantId: bigint, vendor: Pick<VendorRow, 'code' | 'adapter'>): Promise<boolean> {
      return (
        launch.providerOf(vendor.adapter) !== undefined &&
        (await catalogueRepo.hasPlayableGame(merchantId, vendor.code))
      );
    },
    onLaunchFunding: launch.onLaunchFunding,
    /** The wallet vendors call, for in-process callers (our own games): the same rules as over HTTP. */
    wallet: { ...seamless, winMany: seamlessBatch.winMany },
    walletSecret,
    /** A vendor as the wallet sees it (our own games call the wallet in-process with it). */
    vendor: vendorRow,
    sessionByToken: play.sessionByToken,
    /** A live game session of the merchant by its token (a game page's socket): its member and end, or null. */
    async liveSession(merchantId: bigint, token: string): Promise<{ memberId: bigint; endsAt: Date } | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const s = await play.sessionByToken(hashSessionToken(token));
      if (!s || s.merchant_id !== merchantId || s.expires_at <= deps.clock()) return null;
      return { memberId: s.member_id, endsAt: s.expires_at };
    },
    /** Moves a free trial's play money (never below zero), in the caller's transaction when given. */
    moveFunBalance: (sessionId: bigint, delta: bigint, trx?: AnyDb) =>
      play.moveFunBalance(sessionId, delta, trx && tablesOf<GamesTables>(trx)),
    /** How a vendor's wallet call ended ('applied', 'refused', 'tombstone'), or undefined when it never arrived. */
    walletTxStatus: async (merchantId: bigint, vendorCode: string, memberId: bigint, txRef: string) =>
      (await play.findTx(db, merchantId, vendorCode, memberId, txRef))?.status,
    openRoundsBefore: play.openRoundsBefore,
    betRecords: records.list,
    /** Another module's bets shown in the member's bet records (the lottery's). */
    addBetRecordSource: records.addSource,
    listVendors: catalogueRepo.listVendors,
    findVendor: catalogueRepo.findVendor,
    findGame: catalogueRepo.findGame,
    /**
     * Display names for bet records shown by other modules (the agents' team records): each vendor code's name
     * and each game id's name in `language` (else the merchant's default language, else the catalogue name).
     */
    async roundNames(
      merchant: Pick<Merchant, 'id' | 'defaultLanguage'>,
      gameIds: bigint[],
      language?: string,
    ): Promise<{ vendors: Map<string, string>; games: Map<bigint, string> }> {
      const [vendors, games] = await Promise.all([
        catalogueRepo.listVendors(merchant.id),
        catalogueRepo.gameNames(merchant.id, [...new Set(gameIds)]),
      ]);
      return {
        vendors: new Map(vendors.map((v) => [v.code, v.name])),
        games: new Map(
          games.map((g) => [
            BigInt(g.id),
            (language && g.display_names?.[language]) || g.display_names?.[merchant.defaultLanguage] || g.name,
          ]),
        ),
      };
    },

    /** The demo catalogue (idempotent: rows an operator changed stay as they are). */
    async seedDemo(merchant: Pick<Merchant, 'id' | 'currencyExponent'>): Promise<void> {
      await catalogueRepo.addVendors(demoVendorRows(merchant.id));
      await catalogueRepo.addGames(demoGameRows(merchant.id, merchant.currencyExponent));
      for (const g of DEMO_GAMES.filter((d) => d.vendor === 'SEA' && d.icon?.startsWith('elott-')))
        await catalogueRepo.moveSeedIcon(merchant.id, g.vendor, g.code, OLD_ELOTT_ICON, `/game-icons/${g.icon}.svg`);
      catalogue.invalidate();
      rows.clear();
    },

    register(app: FastifyInstance): void {
      registerGameRoutes(app, { catalogue, launch, records });
      registerSeamlessRoutes(app, { seamless, resolve: walletCaller, clock: deps.clock });
      registerCatalogueAdminRoutes(app, {
        repo: catalogueRepo,
        audit: deps.audit,
        invalidate: () => {
          catalogue.invalidate();
          secrets.clear();
          rows.clear();
        },
        providerOf: launch.providerOf,
        media: deps.media,
        walletInUse: async (merchantId: bigint, code: string) => ({
          holders: await deps.ledger.vendorWalletHolders(merchantId, code),
          openRounds: await play.hasOpenRounds(merchantId, code),
        }),
      });
      registerRoundAdminRoutes(app, {
        play,
        catalogue: catalogueRepo,
        members: deps.members,
        providerOf: launch.providerOf,
        tableProofOf,
      });
    },
  };
}

export type GamesModule = ReturnType<typeof createGamesModule>;
export type Vendor = VendorRow;
