import type { WalletClient, WalletReply, WalletTarget } from './demo-vendor.client.ts';
import { type DemoGame, inLanguage, payoutOf } from './demo-vendor.games.ts';
import type { DeliveryRow, DemoRoundRow, DemoSessionRow, DemoVendorRepository } from './demo-vendor.repository.ts';
import type { DeliveryOp } from './demo-vendor.tables.ts';
import { langOf, TEXTS, wordsOf } from './demo-vendor.texts.ts';

/** A caller delivering a wallet call holds it this long before the job may take it over. */
export const LEASE_MS = 60_000;
/** Back-off of a delivery that got no final answer: 2^attempts seconds, at most this. */
const MAX_BACKOFF_MS = 5 * 60_000;

/** The vendor's ids of a round and of its wallet calls (the tx ids the operator's wallet is idempotent on). */
export const roundTxIds = (roundId: bigint) => ({
  round: `dv${roundId}`,
  bet: `dv${roundId}:bet`,
  win: `dv${roundId}:win`,
  rollback: `dv${roundId}:rollback`,
});

/** How the vendor reaches the operator's wallet, and its clock and dice. */
export interface WalletDeps {
  repo: DemoVendorRepository;
  client: WalletClient;
  target: (session: DemoSessionRow) => Promise<WalletTarget>;
  clock: () => Date;
  random: () => number;
  log?: { warn(obj: object, msg: string): void };
}

interface RoundBooksDeps extends WalletDeps {
  /** The round's game (a refusal of the page API when the vendor does not have it). */
  gameOf: (code: string) => DemoGame;
}

/**
 * A round's wallet calls after its bet was written: each call is a delivery row (the vendor's outbox), sent over
 * HTTP and booked by its answer — a bet taken opens the round, refused closes it, unanswered is cancelled with a
 * rollback; wins and rollbacks are retried with back-off until the wallet gives a final answer. And the result:
 * decided once per round, paid through the wallet (seamless) or the vendor's own wallet (transfer mode).
 */
export function createRoundBooks(deps: RoundBooksDeps) {
  const { repo, clock, gameOf } = deps;
  const ids = roundTxIds;

  /** Sends one wallet call (retrying inside the client) and books the answer. */
  async function deliver(d: DeliveryRow): Promise<void> {
    const round = (await repo.round(d.round_id))!;
    const session = await repo.session(round.session_id);
    let reply: WalletReply;
    try {
      reply = await deps.client.call(await deps.target(session), d.op, JSON.parse(d.body) as Record<string, unknown>);
    } catch (err) {
      reply = { answered: false, error: err instanceof Error ? err.message : String(err), attempts: 1 };
    }
    await book(d, round, session, reply);
  }

  /** What an answer (or its absence) means for the delivery and its round. */
  async function book(d: DeliveryRow, round: DemoRoundRow, session: DemoSessionRow, reply: WalletReply): Promise<void> {
    const now = clock();
    const status = reply.answered ? reply.body.status : 'NO_ANSWER';
    const T = TEXTS[langOf(session)];
    const retryLater = async () => {
      const wait = Math.min(2 ** (d.attempts + 1) * 1000, MAX_BACKOFF_MS);
      await repo.db.transaction().execute((trx) =>
        repo.finishDelivery(trx, d.id, {
          status: 'pending',
          lastStatus: status,
          answer: reply.answered ? reply.text : null,
          at: now,
          nextAttemptAt: new Date(now.getTime() + wait),
        }),
      );
    };
    const final = (trx: Parameters<typeof repo.finishDelivery>[0], ok: boolean) =>
      repo.finishDelivery(trx, d.id, {
        status: ok ? 'done' : 'refused',
        lastStatus: status,
        answer: reply.answered ? reply.text : null,
        at: now,
      });

    if (d.op === 'bet') {
      if (status === 'OK') {
        const game = gameOf(round.game_code);
        await repo.db.transaction().execute(async (trx) => {
          await final(trx, true);
          const r = await repo.lockRound(trx, round.id);
          if (r.status === 'placing')
            await repo.updateRound(trx, round.id, {
              status: 'open',
              settle_at: new Date(now.getTime() + game.settleAfterSeconds * 1000),
            });
        });
        if (game.settleAfterSeconds === 0) await settle(round.id);
        return;
      }
      if (reply.answered) {
        await repo.db.transaction().execute(async (trx) => {
          await final(trx, false);
          await repo.updateRound(trx, round.id, {
            status: 'refused',
            message: wordsOf(status, langOf(session)),
            settled_at: now,
          });
        });
        return;
      }
      // No answer: the bet may or may not have landed. Cancel it (the rollback may even arrive first).
      const rollback = await repo.db.transaction().execute(async (trx) => {
        await final(trx, false);
        await repo.updateRound(trx, round.id, {
          message: T.noAnswer,
        });
        return repo.insertDelivery(trx, rollbackDelivery(round, session, now));
      });
      if (rollback) await deliver(rollback);
      return;
    }

    if (status === 'OK') {
      await repo.db.transaction().execute(async (trx) => {
        await final(trx, true);
        await repo.updateRound(trx, round.id, {
          status: d.op === 'win' ? 'settled' : 'cancelled',
          settled_at: now,
          ...(d.op === 'rollback' && { payout: 0n }),
        });
      });
      return;
    }
    // A win for a bet the wallet has not seen yet, no answer, or a temporary error: try again later.
    if (!reply.answered || (d.op === 'win' && status === 'TX_NOT_FOUND')) return retryLater();
    deps.log?.warn({ txId: d.tx_id, status }, 'demo vendor: the wallet refused a result');
    await repo.db.transaction().execute(async (trx) => {
      await final(trx, false);
      await repo.updateRound(trx, round.id, { message: T.resultRefused(status, d.op) });
    });
  }

  function rollbackDelivery(round: DemoRoundRow, session: DemoSessionRow, now: Date) {
    const i = ids(round.id);
    return {
      roundId: round.id,
      op: 'rollback' as DeliveryOp,
      txId: i.rollback,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      body: JSON.stringify({
        request_id: i.rollback,
        player_id: round.player_id,
        currency: session.currency,
        round_id: i.round,
        tx_id: i.rollback,
        original_tx_id: i.bet,
        game_code: round.game_code,
      }),
    };
  }

  /** Decides the round's result and pays it: through the wallet (seamless) or the vendor's own wallet (transfer). */
  async function settle(roundId: bigint): Promise<void> {
    const round = (await repo.round(roundId))!;
    const session = await repo.session(round.session_id);
    const game = gameOf(round.game_code);
    const now = clock();
    const delivery = await repo.db.transaction().execute(async (trx) => {
      const r = await repo.lockRound(trx, roundId);
      if (r.status !== 'open' || r.outcome !== null) return undefined;
      const outcome = game.play(deps.random);
      const pick = game.picks.find((p) => p.key === r.pick)!;
      const payout = payoutOf(outcome, pick, r.stake);
      // The round's summary in the session's language, as a real vendor writes it (and sends it with the win).
      const lang = langOf(session);
      const text = inLanguage(lang, outcome.text, outcome);
      const pickLabel = inLanguage(lang, pick.label, pick);
      const stored = { text, detail: outcome.detail, void: payout === 'void' };
      await repo.updateRound(trx, r.id, {
        outcome: JSON.stringify(stored),
        summary: text,
        payout: payout === 'void' ? 0n : payout,
      });
      if (session.wallet_mode === 'transfer') {
        const credit = payout === 'void' ? r.stake : payout;
        if (credit > 0n)
          await repo.moveWallet(trx, {
            merchantId: r.merchant_id,
            vendorCode: r.vendor_code,
            playerId: r.player_id,
            delta: credit,
          });
        await repo.updateRound(trx, r.id, { status: payout === 'void' ? 'cancelled' : 'settled', settled_at: now });
        return undefined;
      }
      if (payout === 'void') {
        return repo.insertDelivery(trx, rollbackDelivery(r, session, now));
      }
      const i = ids(r.id);
      return repo.insertDelivery(trx, {
        roundId: r.id,
        op: 'win',
        txId: i.win,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        body: JSON.stringify({
          request_id: i.win,
          player_id: r.player_id,
          currency: session.currency,
          game_code: r.game_code,
          round_id: i.round,
          tx_id: i.win,
          bet_tx_id: i.bet,
          amount: String(payout),
          round_closed: true,
          summary: `${pickLabel}: ${text}`.slice(0, 200),
        }),
      });
    });
    if (delivery) await deliver(delivery);
  }

  return { deliver, settle };
}
