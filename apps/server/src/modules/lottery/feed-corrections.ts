import type { LotteryShortfall, LotteryShortfalls } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { memberMain } from '../ledger/index.ts';
import { type FeedContext, iso, specOf } from './feed-context.ts';
import { type FeedGameSpec, type FeedResult, settleFeedBet } from './feed.ts';
import type { FeedGameRow, FeedIssueRow, FeedOutcome, FeedRepository } from './feed.repository.ts';
import { memberJournal } from './refunds.ts';

/** Bets re-settled per read when a correction is applied (each bet is its own transaction). */
const RESETTLE_BATCH = 500;

/**
 * A bet's outcome on a result: the settlement maths of a correction (and of its preview, feed-preview.ts), so what
 * the preview shows is what the correction writes.
 */
export function feedOutcome(
  spec: FeedGameSpec,
  odds: Record<string, string>,
  b: { id: bigint; code: string; selection: unknown; unit_stake: bigint },
  result: FeedResult,
): FeedOutcome {
  const { payout, lines } = settleFeedBet(spec, odds, b, result, b.unit_stake);
  return {
    id: b.id,
    status: payout > 0n ? 'won' : 'lost',
    payout,
    lines: lines.map((l) => ({ line: l.line, times: l.times, amount: String(l.amount) })),
  };
}

/** What a lowered payout (delta < 0) takes back from a member holding `available`: never more than they hold. */
export function takeBack(delta: bigint, available: bigint): bigint {
  if (delta >= 0n) return 0n;
  return available < -delta ? (available > 0n ? available : 0n) : -delta;
}

/**
 * Corrections of a settled feed draw (a new confirmed result version): every bet re-settled by a compensating
 * journal; a reduced payout takes back what the member holds and records the rest as a shortfall, collected later.
 */
export function createFeedCorrections(ctx: FeedContext) {
  const { deps, db, repo, merchantOf } = ctx;

  // ---- corrections

  /** Every confirmed, not yet applied version of a settled issue, in order: each bet re-settled once per version. */
  async function applyCorrections(issue: FeedIssueRow, game: FeedGameRow): Promise<number> {
    const spec = specOf(game);
    const merchant = await merchantOf(issue.merchant_id);
    let applied = 0;
    for (const v of await repo.confirmed(issue.id)) {
      if (v.applied_at || v.version === 1) continue;
      const result = v.result as FeedResult;
      let after = 0n;
      for (;;) {
        const batch = await repo.betsToResettle(issue.id, v.version, after, RESETTLE_BATCH);
        for (const b of batch) await resettle(merchant, game, spec, issue, v.version, result, b);
        if (batch.length < RESETTLE_BATCH) break;
        after = batch[batch.length - 1]!.id;
      }
      await repo.setResult(issue.id, result);
      await repo.writeTotals(issue.id);
      await repo.markApplied(issue.id, v.version, deps.clock());
      applied++;
    }
    return applied;
  }

  class Retry extends Error {}
  /** The member's account was closed after the settlement: a raised payout is recorded as owed instead. */
  class Closed extends Error {}

  /**
   * One bet on a corrected result, in one transaction: its new outcome, the compensating journal
   * (lottery:fix:<bet>:<version>) and the correction row commit together, or not at all (a re-run finds the bet on
   * the version already and does nothing). A smaller payout takes back at most what the member holds now; the
   * rest is the shortfall (a receivable). If the member spends in between, the attempt rolls back and is redone.
   * A raised payout for a member whose account has been closed since is recorded as owed (nothing posted: the
   * ledger refuses a closed account), so the rest of the correction is not held up by it.
   */
  async function resettle(
    merchant: Merchant,
    game: FeedGameRow,
    spec: FeedGameSpec,
    issue: FeedIssueRow,
    version: number,
    result: FeedResult,
    b: Awaited<ReturnType<FeedRepository['betsToResettle']>>[number],
  ): Promise<void> {
    const outcome = feedOutcome(spec, game.odds, b, result);
    const delta = outcome.payout - b.payout;
    const account = memberMain(b.member_id);
    let closed = false;
    for (let attempt = 0; attempt < 5; attempt++) {
      const available =
        delta < 0n ? ((await deps.ledger.balances(merchant.id, [account]))[account]?.available ?? 0n) : 0n;
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.resettleBet(trx, b.id, version, outcome, deps.clock()))) return;
          const take = takeBack(delta, available);
          const amount = delta > 0n ? (closed ? 0n : delta) : take;
          if (amount > 0n) {
            const r = await deps.ledger.post(
              memberJournal(merchant, {
                key: `lottery:fix:${b.reference}:${version}`,
                kind: delta > 0n ? 'win' : 'win_reversal',
                memberId: b.member_id,
                ref: { reference: b.reference, gameCode: game.game_code, issueId: issue.issue_id, version },
                amount,
                code: 'win',
                back: delta < 0n,
              }),
              trx,
            );
            if (!r.ok) {
              if (r.error === 'insufficient_funds') throw new Retry();
              if (r.error === 'account_closed' && delta > 0n) throw new Closed();
              throw new Error(`lottery: a correction of ${b.reference} was refused by the ledger (${r.error})`);
            }
          }
          if (delta !== 0n) {
            await repo.addCorrection(trx, {
              bet_id: b.id,
              version,
              member_id: b.member_id,
              old_payout: b.payout,
              new_payout: outcome.payout,
              posted: delta > 0n ? amount : -take,
              shortfall: delta < 0n ? -delta - take : 0n,
              owed: delta > 0n ? delta - amount : 0n,
            });
            // The engagement features hear of the change once: a new event adjusting the settlement's.
            await deps.publishCorrected?.(trx, [{ merchantId: merchant.id, betId: b.id, version }]);
          }
        });
        return;
      } catch (e) {
        if (e instanceof Closed) closed = true;
        else if (!(e instanceof Retry)) throw e;
      }
    }
    throw new Error(`lottery: the correction of ${b.reference} kept racing the member's spending; it is retried later`);
  }

  // ---- shortfalls: what a correction could not take back, collected once the member has money again

  class Refused extends Error {}

  /**
   * The collection step (run by the feed job after the corrections): each open shortfall, oldest first, whose member
   * has a balance now takes back min(balance, still owed) — partial collections allowed and recorded, a balance never
   * below zero. One transaction per collection with the shortfall locked: the journal
   * (lottery:collect:<bet>:<version>:<seq>, member → house), the collection row and the collected sum commit together
   * (a crash keeps nothing; two collectors take turns and the second sees what the first took). A member spending in
   * between makes the ledger refuse: nothing is written and the next run tries again. The number of collections.
   */
  async function collectShortfalls(batch = 200): Promise<number> {
    let collections = 0;
    for (let after = null; ;) {
      const open = await repo.openShortfalls(after, batch);
      collections += await collectBatch(open);
      if (open.length < batch) return collections;
      after = open[open.length - 1]!;
    }
  }

  /** One page of open shortfalls: the members' balances read once, each shortfall collected as far as they go. */
  async function collectBatch(open: Awaited<ReturnType<FeedRepository['openShortfalls']>>): Promise<number> {
    const byMerchant = new Map<string, typeof open>();
    for (const r of open) byMerchant.set(String(r.merchant_id), [...(byMerchant.get(String(r.merchant_id)) ?? []), r]);
    let collections = 0;
    for (const rows of byMerchant.values()) {
      const merchant = await merchantOf(rows[0]!.merchant_id);
      const accounts = [...new Set(rows.map((r) => memberMain(r.member_id)))];
      const balances = await deps.ledger.balances(merchant.id, accounts);
      const held = new Map(accounts.map((a) => [a, balances[a]?.available ?? 0n]));
      for (const r of rows) {
        const account = memberMain(r.member_id);
        const available = held.get(account)!;
        if (available <= 0n) continue;
        const took = await collectOne(merchant, r, available);
        held.set(account, available - took);
        if (took > 0n) collections++;
      }
    }
    return collections;
  }

  async function collectOne(
    merchant: Merchant,
    r: { bet_id: bigint; version: number; member_id: bigint },
    available: bigint,
  ): Promise<bigint> {
    try {
      return await db.transaction().execute(async (trx) => {
        const s = await repo.lockShortfall(trx, r.bet_id, r.version);
        const owed = s ? BigInt(s.outstanding) : 0n;
        if (!s || owed <= 0n) return 0n;
        const amount = available < owed ? available : owed;
        const posted = await deps.ledger.post(
          memberJournal(merchant, {
            key: `lottery:collect:${s.reference}:${r.version}:${s.seq}`,
            kind: 'win_reversal',
            memberId: r.member_id,
            ref: { reference: s.reference, gameCode: s.game_code, issueId: s.issue_id, version: r.version },
            amount,
            code: 'win',
            back: true,
          }),
          trx,
        );
        if (!posted.ok) {
          if (posted.error === 'insufficient_funds') throw new Refused();
          throw new Error(
            `lottery: a shortfall collection of ${s.reference} was refused by the ledger (${posted.error})`,
          );
        }
        await repo.addCollection(
          trx,
          {
            bet_id: r.bet_id,
            version: r.version,
            seq: s.seq,
            member_id: r.member_id,
            amount,
            journal_id: posted.journalId,
          },
          deps.clock(),
        );
        return amount;
      });
    } catch (e) {
      if (e instanceof Refused) return 0n;
      throw e;
    }
  }

  /**
   * The merchant's shortfalls for operators (GET /admin/api/lottery/shortfalls), newest first, with what is owed to
   * closed accounts (status owed).
   */
  async function shortfalls(
    merchant: Merchant,
    q: { status?: LotteryShortfall['status']; pageNo: number; pageSize: number },
  ): Promise<LotteryShortfalls> {
    const r = await repo.shortfallsPage(merchant.id, q.status, {
      offset: (q.pageNo - 1) * q.pageSize,
      limit: q.pageSize,
    });
    if (!deps.members) throw new Error('lottery: the shortfall list needs the members module (createFeedService deps)');
    const accounts = await deps.members.accountsOf(
      merchant.id,
      r.rows.map((x) => x.member_id),
    );
    return {
      total: r.total,
      items: r.rows.map((x) => ({
        memberId: String(x.member_id),
        memberAccount: accounts.get(x.member_id) ?? '',
        betRef: x.reference,
        gameCode: x.game_code,
        issueId: x.issue_id,
        version: x.version,
        shortfall: String(x.shortfall),
        collected: String(x.collected),
        outstanding: String(x.shortfall - x.collected),
        owedToMember: String(x.owed),
        status:
          x.owed > 0n ? 'owed' : x.collected === 0n ? 'open' : x.collected < x.shortfall ? 'partial' : 'collected',
        createdAt: iso(x.created_at),
        lastCollectedAt: x.collected_at ? iso(x.collected_at) : null,
      })),
    };
  }

  return { applyCorrections, collectShortfalls, shortfalls };
}

export type FeedCorrections = ReturnType<typeof createFeedCorrections>;
