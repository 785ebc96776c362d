import type { LotteryIssueCancelState, LotteryResultEntry, LotteryResultState } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { type FeedContext, specOf } from './feed-context.ts';
import { checkFeedResult, type FeedResult, sameResult } from './feed.ts';
import type { FeedGameRow, FeedIssueRow } from './feed.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';

/**
 * Operators and feed draws: two-person result entry (one enters, a different one confirms by entering it again),
 * discarding a pending entry, and cancelling a draw without a result (its bets refunded). Every step audited.
 */
export function createFeedResults(
  ctx: FeedContext,
  draw: { refundIssue(issue: FeedIssueRow, game: FeedGameRow): Promise<boolean> },
) {
  const { deps, db, repo, issues, gameOf } = ctx;
  const { refundIssue } = draw;

  async function issueFor(merchant: Merchant, gameCode: string, issueId: string) {
    const game = await gameOf(merchant, gameCode);
    const issue = await issues.issueByPublicId(game.id, issueId);
    if (!issue) throw new AppError('not_found', 'No such issue.');
    return { game, issue };
  }

  /**
   * A result entry in the audit log by its public reference — the draw and the entry's version
   * ("vn-mb/20261128-0001 v2"), never the entry's internal row id.
   */
  const entryRef = (game: FeedGameRow, issue: FeedIssueRow, entry: { version: number }) => ({
    gameCode: game.game_code,
    issueId: issue.issue_id,
    entry: `${game.game_code}/${issue.issue_id} v${entry.version}`,
  });

  function checked(game: FeedGameRow, raw: unknown): FeedResult {
    if (!checkFeedResult(specOf(game), raw))
      throw new AppError(
        'lottery_result_invalid',
        game.kind === 'vn'
          ? `A ${game.region} result lists every prize (${game.region === 'MB' ? 'DB, G1–G7' : 'DB, G1–G8'}) with all its numbers and digits.`
          : undefined,
      );
    return raw;
  }

  async function audit(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    action: string,
    issue: FeedIssueRow,
    detail: Record<string, unknown>,
    ip: string,
    trx?: Kysely<LotteryTables>,
  ) {
    await deps.audit?.recordAction(trx, {
      merchantId: merchant.id,
      adminId: admin.id,
      action,
      targetType: 'lottery_issue',
      targetId: issue.issue_id,
      detail,
      ip,
    });
  }

  const stateOf = (
    game: FeedGameRow,
    issue: FeedIssueRow,
    row: {
      version: number;
      status: LotteryResultState['status'];
      entered_by: bigint | null;
      confirmed_by: bigint | null;
    },
  ): LotteryResultState => ({
    gameCode: game.game_code,
    issueId: issue.issue_id,
    issueStatus: issue.status,
    version: row.version,
    status: row.status,
    correction: row.version > 1,
    enteredBy: row.entered_by === null ? null : String(row.entered_by),
    confirmedBy: row.confirmed_by === null ? null : String(row.confirmed_by),
  });

  /** The first operator enters a result: it waits (pending) for a different admin to confirm it. Audited. */
  async function enterResult(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: LotteryResultEntry,
    ip: string,
  ): Promise<LotteryResultState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    if (issue.status === 'cancelled' || issue.status === 'refunded')
      throw new AppError('state_invalid', 'This draw was cancelled.');
    if (issue.draws_at > deps.clock()) throw new AppError('lottery_result_early');
    const result = checked(game, req.result);
    if (await repo.pendingEntry(issue.id)) throw new AppError('lottery_result_pending');
    const confirmed = await repo.confirmed(issue.id);
    const latest = confirmed.at(-1);
    if (latest && sameResult(specOf(game), latest.result as FeedResult, result))
      throw new AppError('lottery_result_unchanged');
    const version = (latest?.version ?? 0) + 1;
    try {
      await db.transaction().execute(async (trx) => {
        await notCancelled(trx, issue.id);
        await repo.insertResult(trx, {
          issue_pk: issue.id,
          version,
          source: 'manual',
          result: JSON.stringify(result),
          status: 'pending',
          entered_by: admin.id,
          entered_at: deps.clock(),
        });
        await audit(
          merchant,
          admin,
          'lottery.result.enter',
          issue,
          { gameCode: game.game_code, issueId: issue.issue_id, version, result },
          ip,
          trx,
        );
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('lottery_result_pending');
      throw e;
    }
    return stateOf(game, issue, { version, status: 'pending', entered_by: admin.id, confirmed_by: null });
  }

  /**
   * A different admin confirms by entering the same result again (blind double entry). The same admin, or a
   * different result, is refused (audited) and the pending entry stays as it was. On confirmation the draw job
   * settles the issue (first result) or re-settles it (a correction).
   */
  async function confirmResult(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: LotteryResultEntry,
    ip: string,
  ): Promise<LotteryResultState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    const pending = await repo.pendingEntry(issue.id);
    if (!pending) throw new AppError('not_found', 'No result of this draw is waiting for confirmation.');
    if (pending.entered_by === admin.id) {
      await audit(
        merchant,
        admin,
        'lottery.result.refused',
        issue,
        { reason: 'same_admin', ...entryRef(game, issue, pending) },
        ip,
      );
      throw new AppError('lottery_result_same_admin');
    }
    const result = checked(game, req.result);
    if (!sameResult(specOf(game), pending.result as FeedResult, result)) {
      await audit(
        merchant,
        admin,
        'lottery.result.refused',
        issue,
        { reason: 'mismatch', ...entryRef(game, issue, pending), result },
        ip,
      );
      throw new AppError('lottery_result_mismatch');
    }
    const version = ((await repo.confirmed(issue.id)).at(-1)?.version ?? 0) + 1;
    try {
      await db.transaction().execute(async (trx) => {
        await notCancelled(trx, issue.id);
        if (!(await repo.confirmEntry(trx, pending.id, admin.id, version, deps.clock())))
          throw new AppError('state_invalid', 'This entry was confirmed or discarded meanwhile.');
        await audit(
          merchant,
          admin,
          'lottery.result.confirm',
          issue,
          { ...entryRef(game, issue, pending), version },
          ip,
          trx,
        );
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('state_invalid', 'Confirmed meanwhile.');
      throw e;
    }
    return stateOf(game, issue, {
      version,
      status: 'confirmed',
      entered_by: pending.entered_by,
      confirmed_by: admin.id,
    });
  }

  /** Locks the issue for an operator's result entry: a cancelled draw takes no result (a cancel waits, or won). */
  async function notCancelled(trx: Kysely<LotteryTables>, issuePk: bigint): Promise<void> {
    const status = await repo.lockIssue(trx, issuePk);
    if (status === 'cancelled' || status === 'refunded')
      throw new AppError('state_invalid', 'This draw was cancelled.');
  }

  /**
   * An operator cancels a draw that has no result (the draw did not take place, a station was cancelled): open,
   * closed or awaiting its result → cancelled, audited with the reason, then every placed bet is refunded (a batch
   * of members a transaction, exposure released, one journal per member; chases go on with their next issues) →
   * refunded. A draw with a confirmed result is refused (lottery_result_confirmed: correct it instead), one with a
   * result waiting for confirmation too (lottery_result_pending: discard it first). Repeating the call on a
   * cancelled draw finishes a refund a crash left half done and pays nothing twice; it is audited once.
   */
  async function cancelIssue(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: { gameCode: string; issueId: string; reason: string },
    ip: string,
  ): Promise<LotteryIssueCancelState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    await db.transaction().execute(async (trx) => {
      const status = await repo.lockIssue(trx, issue.id);
      if (status === 'cancelled' || status === 'refunded') return;
      const results = await repo.resultStates(trx, issue.id);
      if (results.confirmed || status === 'drawn' || status === 'settled')
        throw new AppError('lottery_result_confirmed');
      if (results.pending)
        throw new AppError(
          'lottery_result_pending',
          'A result of this draw is waiting for confirmation: discard it before cancelling the draw.',
        );
      if (!(await repo.cancelIn(trx, issue.id))) throw new AppError('state_invalid');
      await audit(
        merchant,
        admin,
        'lottery.issue.cancel',
        issue,
        { gameCode: game.game_code, issueId: issue.issue_id, from: status ?? null, reason: req.reason },
        ip,
        trx,
      );
    });
    await refundIssue(issue, game);
    const [now, totals] = await Promise.all([issues.issueById(issue.id), repo.refundedTotals(issue.id)]);
    return {
      gameCode: game.game_code,
      issueId: issue.issue_id,
      issueStatus: now!.status,
      refundedBets: totals.bets,
      refunded: String(totals.amount),
    };
  }

  /** Throws away a pending entry (e.g. a typing mistake found by the confirmer). Audited. */
  async function discardResult(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: { gameCode: string; issueId: string },
    ip: string,
  ): Promise<LotteryResultState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    const pending = await repo.pendingEntry(issue.id);
    if (!pending) throw new AppError('not_found', 'No result of this draw is waiting for confirmation.');
    await db.transaction().execute(async (trx) => {
      if (!(await repo.discardEntry(trx, pending.id))) throw new AppError('state_invalid');
      await audit(merchant, admin, 'lottery.result.discard', issue, entryRef(game, issue, pending), ip, trx);
    });
    return stateOf(game, issue, { ...pending, status: 'discarded' });
  }

  return { issueFor, checked, enterResult, confirmResult, discardResult, cancelIssue };
}

export type FeedResults = ReturnType<typeof createFeedResults>;
