import type { LotteryIssueCancelState } from '@sea/contracts';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { isFeedKind } from './feed.ts';
import type { LotteryContext } from './lottery-context.ts';
import type { GameRow, IssueRow } from './lottery.repository.ts';

/**
 * An operator cancels a draw from the back office (POST /admin/api/lottery/issues/:id/cancel). A feed game's draw
 * goes to feed-results.ts; a fast game's (ELOTT) issue that has not been drawn — open, or closed and not drawn yet
 * (its draw is late or failed) — is locked, moved to cancelled and audited with the reason in one transaction, then
 * every placed bet is refunded through the ledger (refunds.ts: one journal per member, key
 * lottery:refund:<game>:<issue>:<member>) → refunded. The lock makes a cancel and the draw's compare-and-set take
 * turns: one of them wins, never both. A drawn or settled issue is refused (lottery_issue_drawn); calling again on a
 * cancelled issue finishes a refund a crash left half done, pays nothing twice and is audited once.
 */
export function createLotteryCancel(
  ctx: LotteryContext,
  draw: { refundIssue(issue: IssueRow, game: GameRow): Promise<boolean> },
) {
  const { deps, db, repo } = ctx;

  return async function cancelByOperator(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: { gameCode: string; issueId: string; reason: string },
    ip: string,
  ): Promise<LotteryIssueCancelState> {
    const game = await ctx.gameOf(merchant, req.gameCode);
    if (isFeedKind(game.kind)) return deps.feed.cancelIssue(merchant, admin, req, ip);
    const issue = await repo.issueByPublicId(game.id, req.issueId);
    if (!issue) throw new AppError('not_found', 'No such issue.');
    await db.transaction().execute(async (trx) => {
      const from = await repo.cancelUndrawn(trx, issue.id);
      if (from === 'cancelled' || from === 'refunded') return;
      if (from !== 'open' && from !== 'closed') throw new AppError('lottery_issue_drawn');
      await deps.audit?.recordAction(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'lottery.issue.cancel',
        targetType: 'lottery_issue',
        targetId: issue.issue_id,
        detail: { gameCode: game.game_code, issueId: issue.issue_id, from, reason: req.reason },
        ip,
      });
    });
    const now = (await repo.issueById(issue.id))!;
    if (now.status === 'cancelled') await draw.refundIssue(now, game);
    const [after, totals] = await Promise.all([repo.issueById(issue.id), deps.feed.refundedTotals(issue.id)]);
    return {
      gameCode: game.game_code,
      issueId: issue.issue_id,
      issueStatus: after!.status,
      refundedBets: totals.bets,
      refunded: String(totals.amount),
    };
  };
}
