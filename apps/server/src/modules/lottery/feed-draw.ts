import type { FeedCorrections } from './feed-corrections.ts';
import { type FeedContext, exposureOf, scheduleOf, specOf } from './feed-context.ts';
import { checkFeedResult, type FeedResult, sameResult, settleFeedBet } from './feed.ts';
import type { FeedGameRow, FeedIssueRow, FeedOutcome } from './feed.repository.ts';
import { memberJournal } from './refunds.ts';
import { drawsBetween, feedIssueId, previousDraw } from './schedules.ts';

const DAY = 86_400_000;
/** Issues are created this far ahead: daily and weekly games two weeks, monthly ones (Thai) six weeks. */
const AHEAD_DAYS = { week: 15, month: 42 };

/**
 * The feed games' schedule and draw cycle (job lottery-feed): issues on each game's calendar, open → closed →
 * awaiting its result → drawn → settled (cancelled → refunded), then the confirmed corrections and the shortfall
 * collections of corrections.
 */
export function createFeedDraw(
  ctx: FeedContext,
  later: Pick<FeedCorrections, 'applyCorrections' | 'collectShortfalls'>,
) {
  const { deps, db, repo, issues, feed, settleBatch, refunds, merchantOf } = ctx;
  const { applyCorrections, collectShortfalls } = later;

  // ---- schedule

  async function schedule(): Promise<{ created: number }> {
    const now = deps.clock();
    let created = 0;
    for (const game of await repo.enabledGames()) {
      const s = scheduleOf(game);
      const last = await repo.lastDrawAt(game.id);
      const from = new Date(Math.max(now.getTime(), last ? last.getTime() + 1 : 0));
      const ahead = (s.monthDays?.length ? AHEAD_DAYS.month : AHEAD_DAYS.week) * DAY;
      const rows = drawsBetween(s, from, new Date(now.getTime() + ahead))
        .map((drawsAt) => ({
          merchant_id: game.merchant_id,
          game_id: game.id,
          chain_id: null,
          chain_index: null,
          issue_id: feedIssueId(drawsAt, game.timezone),
          opens_at: previousDraw(s, drawsAt) ?? new Date(drawsAt.getTime() - DAY),
          closes_at: new Date(drawsAt.getTime() - game.close_seconds * 1000),
          draws_at: drawsAt,
        }))
        .filter((r) => r.closes_at > now);
      created += await repo.addIssues(rows);
    }
    return { created };
  }

  // ---- the draw cycle

  /**
   * Settles a drawn issue on its result (version `v`): outcomes batch by batch, one win journal per member
   * committed with the bets' paid mark, stop-on-win chases refunded, totals, settled. Every step may run again.
   */
  async function settle(issue: FeedIssueRow, game: FeedGameRow): Promise<boolean> {
    const merchant = await merchantOf(issue.merchant_id);
    const spec = specOf(game);
    const result = issue.result as unknown as FeedResult;
    const confirmed = await repo.confirmed(issue.id);
    const version = confirmed.filter((r) => sameResult(spec, r.result as FeedResult, result)).at(-1)?.version;
    if (version === undefined) throw new Error(`lottery: issue ${issue.id} is drawn without a confirmed result`);
    let after = 0n;
    for (;;) {
      const batch = await repo.placedBatch(issue.id, after, settleBatch);
      if (batch.length === 0) break;
      const outcomes: FeedOutcome[] = batch.map((b) => {
        const { payout, lines } = settleFeedBet(spec, game.odds, b, result, b.unit_stake);
        return {
          id: b.id,
          status: payout > 0n ? 'won' : 'lost',
          payout,
          lines: lines.map((l) => ({ line: l.line, times: l.times, amount: String(l.amount) })),
        };
      });
      await repo.writeOutcomes(outcomes, version, deps.clock());
      after = batch[batch.length - 1]!.id;
      if (batch.length < settleBatch) break;
    }
    for (const w of await repo.unpaidWins(issue.id)) {
      await db.transaction().execute(async (trx) => {
        const r = await deps.ledger.post(
          memberJournal(merchant, {
            key: `lottery:pay:${game.game_code}:${issue.issue_id}:${w.member_id}`,
            kind: 'win',
            memberId: w.member_id,
            ref: { gameCode: game.game_code, issueId: issue.issue_id },
            amount: BigInt(w.amount),
            code: 'win',
          }),
          trx,
        );
        if (!r.ok) throw new Error(`lottery: a win of issue ${issue.id} was refused by the ledger`);
        await repo.markPaid(trx, issue.id, w.member_id);
      });
    }
    await refunds.stopOnWin(merchant, game, issue, (code, selection) => exposureOf(spec, code, selection));
    await repo.writeTotals(issue.id);
    const done = await issues.settleIssue(issue.id, deps.clock(), deps.publishSettled);
    if (done && issue.result)
      deps.onDrawn?.(game.merchant_id, {
        game: game.game_code,
        issue: issue.issue_id,
        result: issue.result as unknown as Record<string, unknown>,
        settled: true,
      });
    for (const r of confirmed) if (r.version <= version) await repo.markApplied(issue.id, r.version, deps.clock());
    return done;
  }

  /** A cancelled issue: every placed bet back, a batch of members a transaction, exposure released (refunds.ts). */
  async function refundIssue(issue: FeedIssueRow, game: FeedGameRow): Promise<boolean> {
    const spec = specOf(game);
    return refunds.refundCancelled(await merchantOf(issue.merchant_id), game, issue, (code, selection) =>
      exposureOf(spec, code, selection),
    );
  }

  /** The confirmed result to settle on once the draw is past: confirmed already, or fetched from the feed now. */
  async function awaitResult(issue: FeedIssueRow, game: FeedGameRow, now: Date): Promise<boolean> {
    let confirmed = await repo.confirmed(issue.id);
    if (confirmed.length === 0 && game.source === 'simulated') {
      const r = await feed.fetch(
        { ...specOf(game), secret: game.secret },
        { gameCode: game.game_code, issueId: issue.issue_id, drawsAt: issue.draws_at },
        now,
      );
      if (r === null) return false;
      // A feed answer that is not a full, well-formed result is never settled on.
      if (!checkFeedResult(specOf(game), r))
        throw new Error(`lottery: the ${feed.name} feed answered a partial result`);
      await repo.addFeedResult(issue.id, r, now);
      confirmed = await repo.confirmed(issue.id);
    }
    const latest = confirmed.at(-1);
    if (!latest) return false;
    const done = await issues.transition(issue.id, 'awaiting', 'drawn', { result: latest.result, drawnAt: now });
    if (done)
      deps.onDrawn?.(game.merchant_id, {
        game: game.game_code,
        issue: issue.issue_id,
        result: latest.result as Record<string, unknown>,
        settled: false,
      });
    return done;
  }

  async function step(issue: FeedIssueRow, game: FeedGameRow, now: Date): Promise<boolean> {
    if (issue.status === 'open' && issue.closes_at <= now) return issues.transition(issue.id, 'open', 'closed');
    if (issue.status === 'closed' && issue.draws_at <= now) return issues.transition(issue.id, 'closed', 'awaiting');
    if (issue.status === 'awaiting') return awaitResult(issue, game, now);
    if (issue.status === 'drawn') return settle(issue, game);
    if (issue.status === 'cancelled') return refundIssue(issue, game);
    return false;
  }

  /** The feed job: every due issue moves as far as it can, then confirmed corrections are applied. */
  async function advance(): Promise<{ steps: number; corrections: number; collected: number }> {
    const now = deps.clock();
    const games = new Map<string, FeedGameRow>();
    const gameOfIssue = async (i: FeedIssueRow) => {
      let g = games.get(String(i.game_id));
      if (!g) {
        g = (await repo.gameById(i.game_id))!;
        games.set(String(g.id), g);
      }
      return g;
    };
    let steps = 0;
    for (let issue of await repo.dueIssues(now, 200)) {
      const game = await gameOfIssue(issue);
      for (let i = 0; i < 5 && issue; i++) {
        if (await step(issue, game, now)) steps++;
        const next = await issues.issueById(issue.id);
        if (!next || next.status === issue.status) break;
        issue = next;
      }
    }
    let corrections = 0;
    for (const issue of await repo.correctionsDue(50))
      corrections += await applyCorrections(issue, await gameOfIssue(issue));
    const collected = await collectShortfalls();
    return { steps, corrections, collected };
  }

  return { schedule, settle, refundIssue, advance };
}

export type FeedDraw = ReturnType<typeof createFeedDraw>;
