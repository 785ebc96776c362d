import { createFeedContext, exposureOf, type FeedDeps, specOf } from './feed-context.ts';
import { createFeedCorrections } from './feed-corrections.ts';
import { seedFeedDemo } from './feed-demo.ts';
import { createFeedDraw } from './feed-draw.ts';
import { createFeedPreview } from './feed-preview.ts';
import { createFeedReads } from './feed-reads.ts';
import { createFeedResults } from './feed-results.ts';
import { isFeedKind } from './feed.ts';
import type { GameRow } from './lottery.repository.ts';

export { DEMO_FEED_GAMES } from './feed-demo.ts';
export type { CheckedBetWithExposure } from './feed-reads.ts';

/**
 * Feed-based lotteries (VN by region and station, Thai, 4D): issues on each game's calendar, closed before the draw,
 * settled once the full official result is confirmed — from the results feed, or entered by one operator and
 * confirmed by another — and re-settled by compensating ledger entries when a confirmed result is corrected.
 *
 * Reduced payouts on a correction: what the member still holds is taken back; the rest is recorded as the house's
 * receivable (lottery_feed_corrections.shortfall) — a member balance never goes negative.
 *
 * Its parts: feed-draw.ts (schedule, draw cycle, settlement), feed-corrections.ts (corrections, shortfalls),
 * feed-results.ts (operators' results and cancels), feed-reads.ts (bet checks, public reads), feed-demo.ts.
 */
export function createFeedService(deps: FeedDeps) {
  const ctx = createFeedContext(deps);
  const { repo } = ctx;
  const corrections = createFeedCorrections(ctx);
  const draw = createFeedDraw(ctx, corrections);
  const operators = createFeedResults(ctx, draw);
  const reads = createFeedReads(ctx);

  return {
    schedule: draw.schedule,
    advance: draw.advance,
    enterResult: operators.enterResult,
    confirmResult: operators.confirmResult,
    discardResult: operators.discardResult,
    cancelIssue: operators.cancelIssue,
    /** Any issue's refunded bets (the fast games' operator cancel answers with them too). */
    refundedTotals: repo.refundedTotals,
    /** A correction of a settled draw worked out and written nowhere (per member: old, new payout, difference). */
    previewCorrection: createFeedPreview(ctx, operators),
    collectShortfalls: corrections.collectShortfalls,
    shortfalls: corrections.shortfalls,
    checkerOf: reads.checkerOf,
    betCodesOf: reads.betCodesOf,
    exposureOf: async (game: GameRow, code: string, selection: unknown) =>
      isFeedKind(game.kind) ? exposureOf(specOf((await repo.gameById(game.id))!), code, selection) : [code],
    lobby: reads.lobby,
    gameInfo: reads.gameInfo,
    results: reads.results,
    seedDemo: (merchant: Parameters<typeof seedFeedDemo>[1]) => seedFeedDemo(repo, merchant),
    corrections: repo.corrections,
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
