import type { LotteryDrawnEvent } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { checkFeedBet, type FeedGameSpec, type FeedKind, type ResultsFeed, simulatedFeed } from './feed.ts';
import type { FeedGameRow, FeedRepository } from './feed.repository.ts';
import type { CorrectionPublisher, SettledPublisher } from './lottery-context.ts';
import { createLotteryRepository, type LotteryRepository } from './lottery.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';
import { createLotteryRefunds } from './refunds.ts';
import type { DrawSchedule } from './schedules.ts';

export type Ledger = Pick<LedgerModule, 'post' | 'postMany' | 'balances'>;
export type Audit = Pick<AdminModule, 'recordAction'>;

/** What the feed service is made of (createFeedService's deps). */
export interface FeedDeps {
  db: Kysely<LotteryTables>;
  repo: FeedRepository;
  /** The lottery module's statements both kinds of game share (issues, stop-on-win, refunds, exposure); default: its own. */
  issues?: LotteryRepository;
  ledger: Ledger;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** Member accounts for the operators' shortfall list (required by it; tools that never list may leave it out). */
  members?: Pick<MembersModule, 'accountsOf'>;
  audit?: Audit;
  clock: () => Date;
  feed?: ResultsFeed;
  /** An issue was drawn or settled (after its committed transition; pushed to the game's room). */
  onDrawn?: (merchantId: bigint, event: LotteryDrawnEvent) => void;
  settleBatch?: number;
  /** Members refunded per transaction when an issue is cancelled. */
  refundBatch?: number;
  /**
   * An issue settles: its members with bets that count, handed over in the settlement's transaction (the play
   * events of the wagering and engagement features; absent in tools).
   */
  publishSettled?: SettledPublisher;
  /** A correction changed a bet's payout: its adjusting play event, in the correction's transaction. */
  publishCorrected?: CorrectionPublisher;
}

export const iso = (d: Date) => d.toISOString();
export const specOf = (g: FeedGameRow): FeedGameSpec => ({ kind: g.kind as FeedKind, region: g.region });
export const scheduleOf = (g: FeedGameRow): DrawSchedule => ({
  timezone: g.timezone,
  drawTime: g.draw_time,
  ...g.schedule,
});

/** The exposure keys of a feed bet (each number it covers). */
export function exposureOf(spec: FeedGameSpec, code: string, selection: unknown): string[] {
  return checkFeedBet(spec, code, selection, 1n).exposure;
}

/** The feed service's parts share this: its deps with defaults filled in, refunds, merchant and game lookups. */
export function createFeedContext(deps: FeedDeps) {
  const { repo, db } = deps;
  const issues = deps.issues ?? createLotteryRepository(db);
  const refunds = createLotteryRefunds({
    db,
    repo: issues,
    ledger: deps.ledger,
    clock: deps.clock,
    batch: deps.refundBatch ?? 2_000,
  });

  async function merchantOf(id: bigint): Promise<Merchant> {
    const m = await deps.merchants.findById(id);
    if (!m) throw new Error(`lottery: merchant ${id} not found`);
    return m;
  }

  async function gameOf(merchant: Merchant, code: string): Promise<FeedGameRow> {
    const g = await repo.gameByCode(merchant.id, code);
    if (!g || !g.enabled) throw new AppError('not_found', 'No such lottery game.');
    return g;
  }

  return {
    deps,
    db,
    repo,
    issues,
    feed: deps.feed ?? simulatedFeed,
    settleBatch: deps.settleBatch ?? 5_000,
    refunds,
    merchantOf,
    gameOf,
  };
}

export type FeedContext = ReturnType<typeof createFeedContext>;
