import type { LotteryCorrectionPreview, LotteryResultEntry } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { memberMain } from '../ledger/index.ts';
import { feedOutcome, takeBack } from './feed-corrections.ts';
import { type FeedContext, specOf } from './feed-context.ts';
import type { FeedResults } from './feed-results.ts';
import { type FeedResult, sameResult } from './feed.ts';

const READ_BATCH = 2_000;

/**
 * A correction of a settled draw, worked out and written nowhere: every settled bet on the given result through the
 * same maths the correction job runs (feedOutcome, takeBack), summed per member — old payout, new payout, the
 * difference, and what could not be taken back from the member's balance today (a shortfall). What a confirmed
 * correction writes is this, bet by bet (a member spending in between changes only the shortfall).
 */
export function createFeedPreview(ctx: FeedContext, operators: Pick<FeedResults, 'issueFor' | 'checked'>) {
  const { deps, repo } = ctx;

  return async function previewCorrection(
    merchant: Merchant,
    req: LotteryResultEntry,
  ): Promise<LotteryCorrectionPreview> {
    const { game, issue } = await operators.issueFor(merchant, req.gameCode, req.issueId);
    if (issue.status !== 'settled')
      throw new AppError('state_invalid', 'Only a settled draw is corrected: this draw is not settled yet.');
    const result = operators.checked(game, req.result);
    const spec = specOf(game);
    const confirmed = await repo.confirmed(issue.id);
    const latest = confirmed.at(-1);
    if (latest && sameResult(spec, latest.result as FeedResult, result)) throw new AppError('lottery_result_unchanged');
    const version = (latest?.version ?? 0) + 1;

    const byMember = new Map<bigint, { bets: number; old: bigint; next: bigint }>();
    for (let after = 0n; ;) {
      const batch = await repo.betsToResettle(issue.id, version, after, READ_BATCH);
      for (const b of batch) {
        const { payout } = feedOutcome(spec, game.odds, b, result);
        const m = byMember.get(b.member_id) ?? { bets: 0, old: 0n, next: 0n };
        m.bets++;
        m.old += b.payout;
        m.next += payout;
        byMember.set(b.member_id, m);
      }
      if (batch.length < READ_BATCH) break;
      after = batch[batch.length - 1]!.id;
    }

    const ids = [...byMember.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const accounts = ids.map(memberMain);
    const [balances, names] = await Promise.all([
      ids.length ? deps.ledger.balances(merchant.id, accounts) : Promise.resolve({}),
      deps.members ? deps.members.accountsOf(merchant.id, ids) : Promise.resolve(new Map<bigint, string>()),
    ]);
    const totals = { bets: 0, gainers: 0, losers: 0, old: 0n, next: 0n, shortfall: 0n };
    const members = ids.map((id) => {
      const m = byMember.get(id)!;
      const difference = m.next - m.old;
      const available = (balances as Record<string, { available: bigint }>)[memberMain(id)]?.available ?? 0n;
      const shortfall = difference < 0n ? -difference - takeBack(difference, available) : 0n;
      totals.bets += m.bets;
      totals.old += m.old;
      totals.next += m.next;
      totals.shortfall += shortfall;
      if (difference > 0n) totals.gainers++;
      if (difference < 0n) totals.losers++;
      return {
        memberId: String(id),
        memberAccount: names.get(id) ?? '',
        bets: m.bets,
        oldPayout: String(m.old),
        newPayout: String(m.next),
        difference: String(difference),
        available: String(available),
        shortfall: String(shortfall),
      };
    });
    // Who gains or loses most first; unchanged members last.
    members.sort((a, b) => {
      const d = (x: typeof a) => (BigInt(x.difference) < 0n ? -BigInt(x.difference) : BigInt(x.difference));
      return d(a) === d(b) ? 0 : d(a) > d(b) ? -1 : 1;
    });
    return {
      gameCode: game.game_code,
      issueId: issue.issue_id,
      version,
      members,
      totals: {
        members: members.length,
        bets: totals.bets,
        gainers: totals.gainers,
        losers: totals.losers,
        oldPayout: String(totals.old),
        newPayout: String(totals.next),
        difference: String(totals.next - totals.old),
        shortfall: String(totals.shortfall),
      },
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
    };
  };
}
