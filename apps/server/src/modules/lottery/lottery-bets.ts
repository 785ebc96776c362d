import type { LotteryMyBet, LotteryMyBets, LotteryPlaceRequest, LotteryPlaceResult } from '@sea/contracts';
import { elottBetTypes, type ElottKind, GameInputError } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { isReferenceClash, newReference } from '../../lib/reference.ts';
import type { BetRecordSource } from '../games/index.ts';
import { memberMain, systemAccount } from '../ledger/index.ts';
import { isFeedKind } from './feed.ts';
import { LOTTERY_SCOPE, LOTTERY_VENDOR } from './lottery-config.ts';
import { type LotteryContext, iso } from './lottery-context.ts';
import type { BetView } from './lottery.repository.ts';
import type { LotteryBetStatus, LotteryGameKind } from './lottery.tables.ts';

/**
 * A member's lottery bets on every kind of game: place (one journal per order, exposure limits, chases), cancel
 * while the issue is open, the member's list, and the games face's bet records.
 */
export function createLotteryBets(ctx: LotteryContext) {
  const { deps, db, repo, gameOf } = ctx;

  function present(b: BetView): LotteryMyBet {
    return {
      ref: b.reference,
      orderRef: b.order_ref,
      gameCode: b.game_code,
      issueId: b.public_issue_id,
      code: b.code,
      selection: b.selection,
      describe: b.describe,
      units: b.units,
      unitStake: String(b.unit_stake),
      charge: String(b.charge),
      status: b.status,
      payout: String(b.payout),
      lines: b.lines.map((l) => ({ line: l.line, times: l.times, amount: l.amount })),
      createdAt: iso(b.created_at),
      settledAt: b.settled_at ? iso(b.settled_at) : null,
    };
  }

  async function orderAnswer(merchant: Merchant, orderId: bigint, memberId: bigint): Promise<LotteryPlaceResult> {
    const [order, bets, balances] = await Promise.all([
      repo.orderById(orderId),
      repo.betsOfOrder(orderId),
      deps.ledger.balances(merchant.id, [memberMain(memberId)]),
    ]);
    return {
      orderRef: order!.reference,
      charge: String(order!.charge),
      balance: String(balances[memberMain(memberId)]?.available ?? 0n),
      bets: bets.map(present),
    };
  }

  const fieldError = (field: string, message: string) => ({ field, reason: 'invalid_bet', message });

  async function placeBets(
    merchant: Merchant,
    memberId: bigint,
    req: LotteryPlaceRequest,
  ): Promise<LotteryPlaceResult> {
    const game = await gameOf(merchant, req.gameCode);
    const replay = await repo.findOrder(merchant.id, memberId, req.requestId);
    if (replay) return orderAnswer(merchant, replay.id, memberId);

    const errors: ReturnType<typeof fieldError>[] = [];
    // ELOTT games check with their engine (exposure per bet type); feed games (VN/Thai/4D) per number (feed.service).
    const [checkBet, codes] = await Promise.all([deps.feed.checkerOf(game), deps.feed.betCodesOf(game)]);
    const checked = req.bets.map((bet, i) => {
      const unitStake = BigInt(bet.unitStake);
      if (unitStake < game.min_unit_stake || unitStake > game.max_unit_stake || unitStake % game.min_unit_stake !== 0n)
        errors.push(
          fieldError(
            `bets.${i}.unitStake`,
            `The unit stake is a multiple of ${game.min_unit_stake} from ${game.min_unit_stake} to ${game.max_unit_stake} (minor units).`,
          ),
        );
      try {
        return { ...checkBet(bet.code, bet.selection, unitStake), unitStake };
      } catch (e) {
        if (!(e instanceof GameInputError)) throw e;
        const known = isFeedKind(game.kind)
          ? codes.includes(bet.code)
          : elottBetTypes(game.kind as ElottKind).some((t) => t.code === bet.code);
        errors.push(fieldError(`bets.${i}.${known ? 'selection' : 'code'}`, e.message));
        return undefined;
      }
    });
    if (errors.length > 0)
      throw new AppError('invalid_bet', `Bet ${errors[0]!.field.split('.')[1]}: ${errors[0]!.message}`, {
        in: 'body',
        fields: errors,
      });
    const bets = checked.map((c) => c!);

    const count = req.chase?.issues ?? 1;
    const issues = await repo.issuesFrom(game.id, req.issueId, count);
    if (issues.length === 0) throw new AppError('not_found', 'No such issue.');
    if (issues.length < count)
      throw new AppError('validation_failed', undefined, {
        in: 'body',
        fields: [{ field: 'chase.issues', reason: 'too_big', message: `Only ${issues.length} issues are scheduled.` }],
      });
    const now = deps.clock();
    if (issues.some((i) => i.status !== 'open' || i.closes_at <= now)) throw new AppError('lottery_closed');

    const perIssue = bets.reduce((s, b) => s + b.charge, 0n);
    const total = perIssue * BigInt(count);
    const perCode = new Map<string, bigint>();
    for (const b of bets) for (const key of b.exposure) perCode.set(key, (perCode.get(key) ?? 0n) + b.unitStake);

    try {
      // A clash of a random order or bet reference (1M bets make one likely) retries the whole order with new ones.
      const placeOnce = (orderRef: string) =>
        db.transaction().execute(async (trx) => {
          const open = await repo.lockOpenIssues(
            trx,
            issues.map((i) => i.id),
            deps.clock(),
          );
          if (open.length < issues.length) throw new AppError('lottery_closed');
          const exposure = issues.flatMap((issue) =>
            [...perCode].map(([code, amount]) => ({ issuePk: issue.id, code, amount })),
          );
          if (!(await repo.addExposures(trx, exposure, game.max_number_stake))) throw new AppError('lottery_limit');
          await deps.rg?.assertStake(trx, merchant, memberId, total);
          const posted = await deps.ledger.post(
            {
              merchantId: merchant.id,
              currency: merchant.currency,
              scope: LOTTERY_SCOPE,
              key: `lottery:order:${memberId}:${req.requestId}`,
              kind: 'bet',
              memberId,
              // content fixed by the request alone: a concurrent replay of the same requestId is a replay, not a conflict
              ref: { requestId: req.requestId, gameCode: game.game_code, issueId: req.issueId },
              legs: [
                { debit: memberMain(memberId), credit: systemAccount('house', memberId), amount: total, code: 'bet' },
              ],
            },
            trx,
          );
          if (!posted.ok)
            throw new AppError(posted.error === 'insufficient_funds' ? 'insufficient_funds' : 'state_invalid');
          const id = await repo.insertOrder(trx, {
            merchant_id: merchant.id,
            member_id: memberId,
            reference: orderRef,
            request_id: req.requestId,
            game_id: game.id,
            issues: count,
            stop_on_win: req.chase?.stopOnWin ?? false,
            charge: total,
            journal_id: posted.journalId,
          });
          const inserted = await repo.insertBets(
            trx,
            issues.flatMap((issue) =>
              bets.map((b) => ({
                merchant_id: merchant.id,
                member_id: memberId,
                order_id: id,
                issue_pk: issue.id,
                reference: newReference('LB'),
                code: b.code,
                selection: JSON.stringify(b.selection),
                describe: b.describe,
                units: b.units,
                unit_stake: b.unitStake,
                charge: b.charge,
                stop_on_win: (req.chase?.stopOnWin ?? false) && count > 1,
              })),
            ),
          );
          return { orderRef, inserted, balance: posted.balances[memberMain(memberId)]?.available ?? 0n };
        });
      let placed: Awaited<ReturnType<typeof placeOnce>> | undefined;
      for (let attempt = 1; !placed; attempt++) {
        try {
          placed = await placeOnce(newReference('LO'));
        } catch (e) {
          if (!isReferenceClash(e) || attempt >= 5) throw e;
        }
      }
      const { orderRef } = placed;
      // The answer from what the transaction wrote (no read back): the bets as inserted, the balance after the charge.
      const publicIssue = new Map(issues.map((i) => [String(i.id), i.issue_id]));
      return {
        orderRef,
        charge: String(total),
        balance: String(placed.balance),
        bets: placed.inserted.map((b) =>
          present({
            ...b,
            order_ref: orderRef,
            game_code: game.game_code,
            public_issue_id: publicIssue.get(String(b.issue_pk))!,
          }),
        ),
      };
    } catch (e) {
      // The same requestId placed concurrently: the first order is the answer.
      const existing =
        (e as { code?: string }).code === '23505' && (await repo.findOrder(merchant.id, memberId, req.requestId));
      if (existing) return orderAnswer(merchant, existing.id, memberId);
      throw e;
    }
  }

  async function cancelBet(merchant: Merchant, memberId: bigint, ref: string): Promise<LotteryMyBet> {
    const bet = await repo.betByRef(merchant.id, memberId, ref);
    if (!bet) throw new AppError('not_found', 'No such bet.');
    const exposure = await deps.feed.exposureOf(await gameOf(merchant, bet.game_code), bet.code, bet.selection);
    await db.transaction().execute(async (trx) => {
      const open = await repo.lockOpenIssues(trx, [bet.issue_pk], deps.clock());
      if (open.length === 0) throw new AppError('lottery_closed');
      if (!(await repo.markBetRefunded(trx, bet.id, deps.clock()))) throw new AppError('state_invalid');
      await repo.releaseExposure(
        trx,
        exposure.map((code) => ({ issuePk: bet.issue_pk, code, amount: bet.unit_stake })),
      );
      const r = await deps.ledger.post(
        {
          merchantId: merchant.id,
          currency: merchant.currency,
          scope: LOTTERY_SCOPE,
          key: `lottery:cancel:${bet.reference}`,
          kind: 'bet_refund',
          memberId,
          ref: { reference: bet.reference, gameCode: bet.game_code, issueId: bet.public_issue_id },
          legs: [
            { debit: systemAccount('house', memberId), credit: memberMain(memberId), amount: bet.charge, code: 'bet' },
          ],
        },
        trx,
      );
      if (!r.ok) throw new AppError('state_invalid');
    });
    return present((await repo.betByRef(merchant.id, memberId, ref))!);
  }

  async function myBets(
    merchant: Merchant,
    memberId: bigint,
    q: { gameCode?: string; status?: LotteryMyBet['status']; page: number; pageSize: number },
  ): Promise<LotteryMyBets> {
    const r = await repo.myBets(
      { merchantId: merchant.id, memberId, gameCode: q.gameCode, status: q.status },
      { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
    );
    return {
      page: q.page,
      pageSize: q.pageSize,
      total: r.total,
      list: r.rows.map(present),
      totals: { charge: String(r.charge), payout: String(r.payout) },
    };
  }
  /**
   * The games module's bet records read the lottery's bets through this (category ELOTT, vendor SEA): placed =
   * open, won/lost = settled, refunded = rolled_back; the stake of a refunded bet counts as nothing.
   */
  const betRecords: BetRecordSource = {
    async records(f, limit) {
      const none = { rows: [], total: 0, stake: 0n, payout: 0n };
      // ELOTT: the fast games (chain); LOTT: the feed games (VN, Thai, 4D).
      const kindsOf: Record<string, LotteryGameKind[]> = { ELOTT: ['ssc', 'k3'], LOTT: ['vn', 'thai', '4d'] };
      if ((f.category && !kindsOf[f.category]) || (f.vendorCode && f.vendorCode !== LOTTERY_VENDOR)) return none;
      const statuses: Record<string, LotteryBetStatus[]> = {
        open: ['placed'],
        settled: ['won', 'lost'],
        rolled_back: ['refunded'],
      };
      const r = await repo.records(
        {
          merchantId: f.merchantId,
          memberId: f.memberId,
          kinds: f.category ? kindsOf[f.category] : undefined,
          statuses: f.status ? statuses[f.status] : undefined,
          from: f.from,
          to: f.to,
          timezone: f.timezone,
        },
        limit,
      );
      return {
        total: r.total,
        stake: r.stake,
        payout: r.payout,
        rows: r.rows.map((b) => ({
          id: b.reference,
          roundRef: b.reference,
          vendorCode: LOTTERY_VENDOR,
          gameCode: b.game_code,
          category: isFeedKind(b.kind) ? ('LOTT' as const) : ('ELOTT' as const),
          stake: b.status === 'refunded' ? 0n : b.charge,
          payout: b.payout,
          status: b.status === 'placed' ? 'open' : b.status === 'refunded' ? 'rolled_back' : 'settled',
          summary: `${b.issue_id} · ${b.code} ${b.describe}`,
          startedAt: b.created_at,
          settledAt: b.settled_at,
        })),
      };
    },
  };

  return { placeBets, cancelBet, myBets, betRecords };
}
