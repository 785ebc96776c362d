import type { FastifyInstance } from 'fastify';
import type { LotteryDrawnEvent } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { PlayEventsModule } from '../play-events/index.ts';
import type { PlayEvent } from '../../lib/play-events.ts';
import { createSimulatedBeacon, type RandomnessBeacon } from './beacon.ts';
import { BEACON_KEY_FILE, type ChainSigner, createKeyedChainSigner, loadKey, SIGNER_KEY_FILE } from './chain-signer.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import { createLotteryStatsRepository } from './lottery-stats.repository.ts';
import { FEED_KINDS, isFeedKind, type ResultsFeed } from './feed.ts';
import { createFeedRepository } from './feed.repository.ts';
import { registerFeedAdminRoutes, registerFeedRoutes } from './feed.routes.ts';
import { createFeedService } from './feed.service.ts';
import { createLotteryAdminRepository } from './lottery-admin.repository.ts';
import { registerLotteryAdminRoutes } from './lottery-admin.routes.ts';
import { createLotteryAdmin } from './lottery-admin.service.ts';
import type { CorrectionPublisher } from './lottery-context.ts';
import { createLotteryRepository } from './lottery.repository.ts';
import { memberHasOpenLotteryBets } from './open-bets.repository.ts';
import { registerLotteryRoutes } from './lottery.routes.ts';
import { createLotteryService, LOTTERY_VENDOR, type LotteryOptions } from './lottery.service.ts';
import type { LotteryTables } from './lottery.tables.ts';

export { type RandomnessBeacon, createSimulatedBeacon } from './beacon.ts';
export { type ChainSigner, createKeyedChainSigner } from './chain-signer.ts';
export { DEMO_FEED_GAMES } from './feed.service.ts';
export { type FeedResult, type ResultsFeed, SIMULATED_PUBLISH_SECONDS, simulatedFeed } from './feed.ts';
export {
  DEMO_LOTTERY_GAMES,
  issueIdOf,
  LOTTERY_SCOPE,
  type LotteryOptions,
  SCHEDULE_AHEAD_SECONDS,
  PAY_BATCH,
} from './lottery.service.ts';

/**
 * The fast e-lottery's key store, outside the database: the chain signer's key (LOTTERY_SIGNER_KEY, else the file
 * lottery-signer.key under DATA_DIR, 0600) and the demo's simulated beacon key (lottery-beacon.key beside it).
 */
export async function lotteryKeyStore(config: {
  DATA_DIR?: string;
  LOTTERY_SIGNER_KEY?: string;
}): Promise<{ signer: ChainSigner; beacon: RandomnessBeacon }> {
  return {
    signer: createKeyedChainSigner(
      await loadKey(SIGNER_KEY_FILE, { configured: config.LOTTERY_SIGNER_KEY, dataDir: config.DATA_DIR }),
    ),
    beacon: createSimulatedBeacon(await loadKey(BEACON_KEY_FILE, { dataDir: config.DATA_DIR })),
  };
}

/**
 * Lotteries. Fast e-lottery (ELOTT, vendor SEA): games per merchant, a commit-reveal hash chain per game, issues
 * drawn from it on a schedule and settled set-based. Feed-based lotteries (VN by region and station, Thai, 4D):
 * issues on each game's calendar, settled on the official result from a results feed (simulated in the demo) or
 * entered by one operator and confirmed by another; corrections re-settle by compensating entries. Bets, chases
 * and refunds of both through the ledger face. Jobs: lottery-schedule (issues ahead), lottery-draw (ELOTT close →
 * draw → settle, every 2 s), lottery-feed (feed close → await result → settle, corrections, shortfall collection, every 10 s). Its bets count wherever game rounds
 * count: `betRecords` (the member's records) and `betStats` (agent reports, contracts, rebates), both games ports.
 */
export function createLotteryModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'post' | 'postMany' | 'balances'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** Member accounts of the operators' shortfall list (app.ts wires it; tools that never list may leave it out). */
  members?: Pick<MembersModule, 'accountsOf'>;
  audit?: Pick<AdminModule, 'recordAction'>;
  /** Staff usernames shown on result entries (app wiring: the admin module). */
  staff?: Pick<AdminModule, 'staffUsernames'>;
  clock: () => Date;
  options?: LotteryOptions & { resultsFeed?: ResultsFeed };
  /** Pushes draws and settlements to the game's room. */
  realtime?: Pick<RealtimeModule, 'lotteryDrawn'>;
  /** Responsible gaming's stake check on every order (app.ts wires it). */
  rg?: Pick<RgGuard, 'assertStake'>;
  /**
   * The play-event queue: a settled issue publishes one event per member (ref `<issue pk>:<member id>`) in its
   * settlement's transaction; the queue resolves them here (bonus wagering, missions, points, leaderboards).
   */
  events?: Pick<PlayEventsModule, 'publishRefs' | 'addSource'>;
}) {
  const onDrawn = (merchantId: bigint, event: LotteryDrawnEvent) => deps.realtime?.lotteryDrawn(merchantId, event);
  const db = tablesOf<LotteryTables>(deps.db);
  const issues = createLotteryRepository(db);
  const feedRepo = createFeedRepository(db);
  const events = deps.events;
  const publishSettled = events
    ? (trx: AnyDb, issuePk: bigint, members: { merchantId: bigint; memberId: bigint }[]) =>
        events.publishRefs(
          trx,
          members.map((m) => ({
            merchantId: m.merchantId,
            source: 'lottery' as const,
            ref: `${issuePk}:${m.memberId}`,
          })),
        )
    : undefined;
  const publishCorrected: CorrectionPublisher | undefined = events
    ? (trx, rows) =>
        events.publishRefs(
          trx,
          rows.map((r) => ({
            merchantId: r.merchantId,
            source: 'lottery' as const,
            ref: `fix:${r.betId}:${r.version}`,
          })),
        )
    : undefined;
  // A lottery event: what a member bet on one settled issue (category LOTT for feed games, ELOTT for fast ones),
  // or a correction of one of those bets (ref fix:<bet id>:<version>: the change of payout, adjusting the former).
  events?.addSource('lottery', async (refs) => {
    const pairs = refs
      .map((r) => /^(\d{1,18}):(\d{1,18})$/.exec(r))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ issuePk: BigInt(m[1]!), memberId: BigInt(m[2]!) }));
    const fixes = refs
      .map((r) => /^fix:(\d{1,18}):(\d{1,9})$/.exec(r))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ betId: BigInt(m[1]!), version: Number(m[2]!) }));
    const out = new Map<string, PlayEvent>();
    for (const c of await issues.correctedBets(fixes))
      out.set(`fix:${c.bet_id}:${c.version}`, {
        kind: 'bet_settled',
        id: `lottery-fix:${c.bet_id}:${c.version}`,
        adjusts: `lottery:${c.issue_pk}:${c.member_id}`,
        merchantId: c.merchant_id,
        memberId: c.member_id,
        product: 'lottery',
        category: isFeedKind(c.kind) ? 'LOTT' : 'ELOTT',
        gameCode: c.game_code,
        stake: 0n,
        validBet: 0n,
        payout: BigInt(c.delta),
        settledAt: c.created_at,
      });
    for (const r of await issues.settledMemberBets(pairs))
      out.set(`${r.issue_pk}:${r.member_id}`, {
        kind: 'bet_settled',
        id: `lottery:${r.issue_pk}:${r.member_id}`,
        merchantId: r.merchant_id,
        memberId: r.member_id,
        product: 'lottery',
        category: isFeedKind(r.kind) ? 'LOTT' : 'ELOTT',
        gameCode: r.game_code,
        stake: r.stake,
        validBet: r.stake,
        payout: r.payout,
        settledAt: r.settled_at,
      });
    return out;
  });
  const feed = createFeedService({
    db,
    repo: feedRepo,
    issues,
    ledger: deps.ledger,
    merchants: deps.merchants,
    members: deps.members,
    audit: deps.audit,
    clock: deps.clock,
    onDrawn,
    feed: deps.options?.resultsFeed,
    settleBatch: deps.options?.settleBatch,
    refundBatch: deps.options?.payBatch,
    publishSettled,
    publishCorrected,
  });
  const service = createLotteryService({
    db,
    repo: issues,
    ledger: deps.ledger,
    merchants: deps.merchants,
    feed,
    audit: deps.audit,
    clock: deps.clock,
    rg: deps.rg,
    options: deps.options,
    onDrawn,
    publishSettled,
  });
  /** The back office's games, issues with totals and chain commitments (results and corrections: feed). */
  const admin = createLotteryAdmin({
    db,
    repo: createLotteryAdminRepository(db),
    issues,
    feedRepo,
    audit: deps.audit,
    staff: deps.staff,
  });
  const jobs: ScheduledJob[] = [
    {
      name: 'lottery-schedule',
      everySeconds: 60,
      async run() {
        const [r, f] = await Promise.all([service.schedule(), feed.schedule()]);
        return r.created || f.created ? { created: r.created, feedCreated: f.created } : null;
      },
    },
    {
      name: 'lottery-draw',
      everySeconds: 2,
      async run() {
        const r = await service.advance();
        return r.steps ? r : null;
      },
    },
    {
      name: 'lottery-feed',
      everySeconds: 10,
      async run() {
        const r = await feed.advance();
        return r.steps || r.corrections || r.collected ? r : null;
      },
    },
  ];
  return {
    ...service,
    /** Account closure: a bet whose issue is not final yet (`trx`: the closing transaction). */
    hasOpenBets: (merchantId: bigint, memberId: bigint, trx?: AnyDb) =>
      memberHasOpenLotteryBets(trx ? tablesOf<LotteryTables>(trx) : db, merchantId, memberId),
    /** The games face's BetStatsSource (lottery-stats.repository.ts): settled bets in every bet figure. */
    betStats: createLotteryStatsRepository(db, { vendorCode: LOTTERY_VENDOR, feedKinds: FEED_KINDS }),
    /** The feed-based games (VN, Thai, 4D): schedule, draw job step, operator results, public reads. */
    feed,
    /** The dashboard's queue: results entered by one staff member, waiting for another's confirmation. */
    pendingResults: feedRepo.countPendingEntries,
    async seedDemo(merchant: Parameters<typeof service.seedDemo>[0]): Promise<void> {
      await service.seedDemo(merchant);
      await feed.seedDemo(merchant);
    },
    jobs,
    register(app: FastifyInstance): void {
      registerLotteryRoutes(app, service);
      registerFeedRoutes(app, feed);
      registerFeedAdminRoutes(app, feed, service.cancelByOperator);
      registerLotteryAdminRoutes(app, admin, feed);
    },
  };
}

export type LotteryModule = ReturnType<typeof createLotteryModule>;
