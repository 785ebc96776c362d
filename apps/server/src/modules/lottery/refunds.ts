import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import type { LedgerModule, PostRequest } from '../ledger/index.ts';
import { memberMain, systemAccount } from '../ledger/index.ts';
import type { LotteryRepository } from './lottery.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';

/** Ledger idempotency namespace of every lottery journal (LOTTERY_SCOPE of lottery.service.ts). */
const SCOPE = 'lottery';

/**
 * A lottery journal between the house and a member's main account (a win, a refund; `back`: a member's money back to
 * the house, e.g. a correction's clawback). The content depends on its arguments only, so a replay of the key is a
 * replay, never a conflict.
 */
export function memberJournal(
  merchant: Pick<Merchant, 'id' | 'currency'>,
  j: {
    key: string;
    kind: string;
    memberId: bigint;
    ref: Record<string, string | number>;
    amount: bigint;
    code: 'win' | 'bet';
    back?: boolean;
  },
): PostRequest {
  const house = systemAccount('house', j.memberId);
  const member = memberMain(j.memberId);
  return {
    merchantId: merchant.id,
    currency: merchant.currency,
    scope: SCOPE,
    key: j.key,
    kind: j.kind,
    memberId: j.memberId,
    ref: j.ref,
    legs: [{ debit: j.back ? member : house, credit: j.back ? house : member, amount: j.amount, code: j.code }],
  };
}

/** The exposure keys a bet's unit stake counts against (ELOTT: its bet type; feed games: each number it names). */
export type ExposureKeys = (code: string, selection: unknown) => string[];

/**
 * The refunds both lottery services share (the fast games' lottery.service and the feed games' feed.service):
 * stop-on-win chases once an issue won, and every placed bet of a cancelled issue. Each refund moves the bets,
 * takes their stake off the exposure and posts the ledger journal in one transaction (a re-run finds nothing left
 * to refund, and the ledger key would refuse a second journal anyway).
 */
export function createLotteryRefunds(deps: {
  db: Kysely<LotteryTables>;
  repo: Pick<
    LotteryRepository,
    'stopOnWinOrders' | 'refundOrderAfter' | 'releaseExposure' | 'refundIssueBatch' | 'transition'
  >;
  ledger: Pick<LedgerModule, 'post' | 'postMany'>;
  clock: () => Date;
  /** Members refunded per transaction when an issue is cancelled (one journal each, one ledger call). */
  batch: number;
}) {
  const { db, repo } = deps;

  /** Chase orders with stop-on-win that won on `issue`: their bets on later issues back, one journal per order. */
  async function stopOnWin(
    merchant: Merchant,
    game: { game_code: string },
    issue: { id: bigint; draws_at: Date },
    exposureOf: ExposureKeys,
  ): Promise<void> {
    for (const order of await repo.stopOnWinOrders(issue.id)) {
      await db.transaction().execute(async (trx) => {
        const refunded = await repo.refundOrderAfter(trx, order.id, issue.draws_at, deps.clock());
        if (refunded.length === 0) return;
        await repo.releaseExposure(
          trx,
          refunded.flatMap((b) =>
            exposureOf(b.code, b.selection).map((code) => ({ issuePk: b.issue_pk, code, amount: b.unit_stake })),
          ),
        );
        const amount = refunded.reduce((s, b) => s + b.charge, 0n);
        const r = await deps.ledger.post(
          memberJournal(merchant, {
            key: `lottery:stop:${order.reference}:${issue.id}`,
            kind: 'bet_refund',
            memberId: order.member_id,
            ref: { reference: order.reference, gameCode: game.game_code },
            amount,
            code: 'bet',
          }),
          trx,
        );
        if (!r.ok) throw new Error('lottery: a stop-on-win refund was refused by the ledger');
      });
    }
  }

  /**
   * A cancelled issue: every placed bet back, `batch` members a transaction (their bets refunded, their stake off
   * the exposure, one journal each — lottery:refund:<game>:<issue>:<member>), then the issue moves to refunded.
   * A crash between batches keeps the batches done; the next run refunds the rest. Chases go on: only this issue's
   * bets are refunded. False when the issue was no longer cancelled (refunded by another run).
   */
  async function refundCancelled(
    merchant: Merchant,
    game: { game_code: string },
    issue: { id: bigint; issue_id: string },
    exposureOf: ExposureKeys,
  ): Promise<boolean> {
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const rows = await repo.refundIssueBatch(trx, issue.id, deps.batch, deps.clock());
        if (rows === null) return 'gone' as const;
        if (rows.length === 0) return 'empty' as const;
        await repo.releaseExposure(
          trx,
          rows.flatMap((r) =>
            exposureOf(r.code, r.selection).map((code) => ({
              issuePk: issue.id,
              code,
              amount: BigInt(r.unit_stake) * BigInt(r.bets),
            })),
          ),
        );
        const perMember = new Map<bigint, bigint>();
        for (const r of rows) perMember.set(r.member_id, (perMember.get(r.member_id) ?? 0n) + BigInt(r.amount));
        const posted = await deps.ledger.postMany(
          [...perMember].map(([memberId, amount]) =>
            memberJournal(merchant, {
              key: `lottery:refund:${game.game_code}:${issue.issue_id}:${memberId}`,
              kind: 'bet_refund',
              memberId,
              ref: { gameCode: game.game_code, issueId: issue.issue_id },
              amount,
              code: 'bet',
            }),
          ),
          trx,
        );
        if (posted.some((p) => !p.ok)) throw new Error('lottery: a refund was refused by the ledger');
        return 'more' as const;
      });
      if (done === 'gone') return false;
      if (done === 'empty') break;
    }
    return repo.transition(issue.id, 'cancelled', 'refunded');
  }

  return { stopOnWin, refundCancelled };
}

export type LotteryRefunds = ReturnType<typeof createLotteryRefunds>;
