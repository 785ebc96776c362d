import { drawElott, type ElottKind, mixBeacon, settleElottBet } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { SYSTEM_SHARDS } from '../ledger/index.ts';
import type { LotteryChains } from './lottery-chains.ts';
import { BEACON_WAIT_SECONDS } from './lottery-config.ts';
import type { LotteryContext } from './lottery-context.ts';
import type { GameRow, IssueRow, KindOutcome } from './lottery.repository.ts';
import { memberJournal } from './refunds.ts';

/**
 * The fast e-lottery's draw cycle (job lottery-draw): open → closed → drawn (from the chain, with its beacon) →
 * settled set-based and paid one journal per member; cancelled → refunded. Every step a compare-and-set.
 */
export function createLotteryDraw(ctx: LotteryContext, chainsOf: LotteryChains) {
  const { deps, db, repo, payBatch, settleParallel, refunds, merchantOf, gameOf } = ctx;
  const { chainById, beaconOf, hashAt } = chainsOf;

  /**
   * Draws a closed issue from its chain hash — mixed with its beacon round's value on a beacon chain: not before the
   * beacon has published it (the job tries again), and an issue whose round never comes (the source is down for
   * BEACON_WAIT_SECONDS) is cancelled and refunded rather than drawn without it.
   */
  async function draw(issue: IssueRow, game: GameRow, now: Date): Promise<boolean> {
    const chain = await chainById(issue.chain_id!);
    const source = beaconOf(chain);
    let salt = chain.salt;
    let beaconValue: string | undefined;
    if (source) {
      beaconValue = await source.value(Number(issue.beacon_round), now);
      if (!beaconValue) {
        if (now.getTime() - issue.draws_at.getTime() < BEACON_WAIT_SECONDS * 1000) return false;
        return repo.transition(issue.id, 'closed', 'cancelled');
      }
      salt = mixBeacon(chain.salt, beaconValue);
    }
    const hash = await hashAt(chain, issue.chain_index!);
    const result = drawElott(game.kind as ElottKind, hash, salt, issue.issue_id);
    const done = await repo.transition(issue.id, 'closed', 'drawn', {
      hash,
      result,
      beaconValue,
      drawnAt: deps.clock(),
    });
    if (done) deps.onDrawn?.(game.merchant_id, { game: game.game_code, issue: issue.issue_id, result, settled: false });
    return done;
  }

  /** A member's win journal of an issue (key lottery:pay:<game>:<issue>:<member>: the same content on every run). */
  const winJournal = (merchant: Merchant, game: GameRow, issue: IssueRow, memberId: bigint, amount: bigint) =>
    memberJournal(merchant, {
      key: `lottery:pay:${game.game_code}:${issue.issue_id}:${memberId}`,
      kind: 'win',
      memberId,
      ref: { gameCode: game.game_code, issueId: issue.issue_id },
      amount,
      code: 'win',
    });

  /**
   * Settles a drawn issue, set-based, every step safe to run again (a crash, a duplicate delivery, two processes):
   * 1. outcomes: the engine settles each distinct (type, selection, unit stake) of the issue once (its kinds,
   *    written with the bets); no bet row is written (a bet's outcome is its kind's: lottery_bet_outcomes, shown
   *    once the issue is settled); one read of the bets adds them up per member (settleMembers: bets, stake,
   *    payout), the same rows on every run;
   * 2. payouts: one win journal per member, `payBatch` journals per ledger call (postMany), in one transaction
   *    with the members' rows marked paid (the ledger key makes a replay pay nothing twice);
   * 3. stop-on-win chases refunded, the totals from the members' rows, and the issue settled.
   */
  async function settle(issue: IssueRow, game: GameRow): Promise<boolean> {
    const merchant = await merchantOf(issue.merchant_id);
    const result = issue.result!;
    // The engine settles each distinct (type, selection, unit stake) of the draw once.
    const outcomes: KindOutcome[] = (await repo.kindsToSettle(issue.id)).map((k) => {
      const { payout, lines } = settleElottBet(game.kind as ElottKind, k, result, k.unit_stake, game.prize_group);
      return {
        code: k.code,
        selection: k.selection,
        unitStake: k.unit_stake,
        status: payout > 0n ? 'won' : 'lost',
        payout,
        lines: lines.map((l) => ({ line: l.line, times: l.times, amount: String(l.amount) })),
      };
    });
    await repo.writeKindOutcomes(issue.id, outcomes);
    // Every kind has its outcome now (kinds are added only while the issue is open), so every bet has one.
    if ((await repo.kindsToSettle(issue.id)).length > 0)
      throw new Error(`lottery: issue ${issue.id} has bet kinds without an outcome`);
    await repo.settleMembers(issue.id);
    // `settleParallel` payers, each over its own house shards (a ledger call locks the shards of its members).
    const pay = async (shards: number[]) => {
      for (let after = 0n; ;) {
        const unpaid = await repo.unpaidMembers(issue.id, shards, SYSTEM_SHARDS, after, payBatch);
        if (unpaid.length === 0) return;
        await db.transaction().execute(async (trx) => {
          const posted = await deps.ledger.postMany(
            unpaid.map((w) => winJournal(merchant, game, issue, w.member_id, w.payout)),
            trx,
          );
          if (posted.some((p) => !p.ok))
            throw new Error(`lottery: a win of issue ${issue.id} was refused by the ledger`);
          await repo.markMembersPaid(
            trx,
            issue.id,
            unpaid.map((w, i) => ({ memberId: w.member_id, journalId: posted[i]!.journalId })),
          );
        });
        after = unpaid[unpaid.length - 1]!.member_id;
        if (unpaid.length < payBatch) return;
      }
    };
    const payers = Math.min(settleParallel, SYSTEM_SHARDS);
    await allDone(
      Array.from({ length: payers }, (_, w) =>
        pay(Array.from({ length: SYSTEM_SHARDS }, (_, s) => s).filter((s) => s % payers === w)),
      ),
    );
    await refunds.stopOnWin(merchant, game, issue, (code) => [code]);
    await repo.writeTotals(issue.id);
    const done = await repo.settleIssue(issue.id, deps.clock(), deps.publishSettled);
    if (done && issue.result)
      deps.onDrawn?.(game.merchant_id, {
        game: game.game_code,
        issue: issue.issue_id,
        result: issue.result,
        settled: true,
      });
    return done;
  }

  /** A cancelled issue: every placed bet back, `payBatch` members a transaction (refunds.ts). */
  async function refundIssue(issue: IssueRow, game: GameRow): Promise<boolean> {
    return refunds.refundCancelled(await merchantOf(issue.merchant_id), game, issue, (code) => [code]);
  }

  /** One step of an issue (close, draw, settle, refund), each a compare-and-set: false when nothing was due. */
  async function step(issue: IssueRow, game: GameRow, now: Date): Promise<boolean> {
    if (issue.status === 'open' && issue.closes_at <= now) return repo.transition(issue.id, 'open', 'closed');
    if (issue.status === 'closed' && issue.draws_at <= now) return draw(issue, game, now);
    if (issue.status === 'drawn') return settle(issue, game);
    if (issue.status === 'cancelled') return refundIssue(issue, game);
    return false;
  }

  /** The draw job: every due issue moves as far as it can now (missed draws after a restart included). */
  async function advance(): Promise<{ steps: number }> {
    const now = deps.clock();
    const games = new Map<string, GameRow>();
    let steps = 0;
    for (;;) {
      const due = await repo.dueIssues(now, 100);
      let moved = 0;
      for (let issue of due) {
        let game = games.get(String(issue.game_id));
        if (!game) {
          game = (await repo.gameById(issue.game_id))!;
          games.set(String(game.id), game);
        }
        // Follow the issue through its steps; another process may be ahead (a step then does nothing).
        for (let i = 0; i < 4 && issue; i++) {
          if (await step(issue, game, now)) {
            moved++;
            steps++;
          }
          const next = await repo.issueById(issue.id);
          if (!next || next.status === issue.status) break;
          issue = next;
        }
      }
      if (due.length < 100 || moved === 0) break;
    }
    return { steps };
  }

  /**
   * Cancels an issue that has not been drawn (tools and tests; the back office's cancel is lottery-cancel.ts, audited
   * with a reason): the draw job refunds its bets, one journal per member. False when the issue is already drawn.
   */
  async function cancelIssue(merchant: Merchant, gameCode: string, issueId: string): Promise<boolean> {
    const game = await gameOf(merchant, gameCode);
    const issue = await repo.issueByPublicId(game.id, issueId);
    if (!issue) return false;
    return (
      (await repo.transition(issue.id, 'open', 'cancelled')) || (await repo.transition(issue.id, 'closed', 'cancelled'))
    );
  }

  return { settle, advance, cancelIssue, refundIssue };
}

/** Waits for every task (none left running behind a failure), then throws the first failure. */
async function allDone(tasks: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
