import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../lib/hash.ts';
import type { LaunchContext } from '../games/index.ts';
import type { WalletClient, WalletReply, WalletTarget } from './demo-vendor.client.ts';
import { type DemoGame, demoGame, payoutOf } from './demo-vendor.games.ts';
import type { DeliveryRow, DemoRoundRow, DemoSessionRow, DemoVendorRepository } from './demo-vendor.repository.ts';
import type { DemoRoundView, DemoSessionView } from './demo-vendor.schemas.ts';
import type { DeliveryOp } from './demo-vendor.tables.ts';

/** The name the vendor shows on its pages (it is a simulation, and says so). */
export const DEMO_VENDOR_NAME = 'Demo vendor';
/** A caller delivering a wallet call holds it this long before the job may take it over. */
const LEASE_MS = 60_000;
/** Back-off of a delivery that got no final answer: 2^attempts seconds, at most this. */
const MAX_BACKOFF_MS = 5 * 60_000;
/** Largest stake the vendor takes, in major units. */
const MAX_BET = 1_000_000n;

/** A refusal of the vendor's page API (HTTP status, code, text). */
export class DemoVendorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The language of a session's texts: TY (the site's second language) when launched in it, else English. */
type Lang = 'en' | 'ty';
const langOf = (s: Pick<DemoSessionRow, 'language'>): Lang => (s.language === 'ty' ? 'ty' : 'en');

/** What the vendor tells the player, in the session's language (numbers and wallet codes stay as they are). */
const TEXTS = {
  en: {
    refusals: {
      INSUFFICIENT_FUNDS: 'Not enough balance for this bet.',
      TOKEN_EXPIRED: 'Your game session has ended. Open the game again from the site.',
      INVALID_TOKEN: 'This game session is not valid. Open the game again from the site.',
      PLAYER_BLOCKED: 'Your account cannot bet at the moment.',
      ALREADY_SETTLED: 'This round is already settled.',
      GAME_NOT_FOUND: 'This game is not available on the site.',
      BET_LIMIT: 'This stake is outside the limits the site sets for this game.',
    } as Record<string, string>,
    refusedOther: (status: string) => `The site refused the bet (${status}).`,
    noAnswer: 'The bet got no answer in time and is being cancelled.',
    resultRefused: (status: string, op: DeliveryOp) => `The site answered ${status} to the ${op}.`,
    walletSilent: 'The site’s wallet did not answer.',
    pickInvalid: 'Choose one of the offered bets.',
    amountInvalid: (min: number, max: bigint) => `Bet between ${min} and ${max} per round.`,
    roundNotFound: 'No such round.',
  },
  ty: {
    refusals: {
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho cược này.',
      TOKEN_EXPIRED: 'Phiên chơi của bạn đã kết thúc. Hãy mở lại trò chơi từ trang.',
      INVALID_TOKEN: 'Phiên chơi này không hợp lệ. Hãy mở lại trò chơi từ trang.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể đặt cược.',
      ALREADY_SETTLED: 'Ván này đã được kết toán.',
      GAME_NOT_FOUND: 'Trò chơi này không có trên trang.',
      BET_LIMIT: 'Tiền cược nằm ngoài giới hạn trang đặt cho trò chơi này.',
    } as Record<string, string>,
    refusedOther: (status: string) => `Trang đã từ chối cược (${status}).`,
    noAnswer: 'Cược không được trả lời kịp thời và đang được hủy.',
    resultRefused: (status: string, op: DeliveryOp) =>
      `Trang đã trả lời ${status} cho ${{ bet: 'lệnh cược', win: 'lệnh trả thưởng', rollback: 'lệnh hủy cược' }[op]}.`,
    walletSilent: 'Ví của trang không trả lời.',
    pickInvalid: 'Hãy chọn một trong các cửa cược được đưa ra.',
    amountInvalid: (min: number, max: bigint) => `Mỗi ván cược từ ${min} đến ${max}.`,
    roundNotFound: 'Không có ván này.',
  },
} satisfies Record<Lang, unknown>;
const wordsOf = (status: string, lang: Lang) => TEXTS[lang].refusals[status] ?? TEXTS[lang].refusedOther(status);

/**
 * The simulated vendor's backend. It keeps its own books (sessions, rounds, an outbox of wallet calls) and
 * moves money only by calling the operator's seamless wallet over HTTP with its signing key, like any real
 * vendor: a bet first (the round opens only once the wallet took it), then the result — at once, or later
 * through the job for matches, fights and draws (a late win, after the session may have expired). A bet that
 * gets no answer is cancelled with a rollback that may overtake it; wins and rollbacks are retried until the
 * wallet gives a final answer. In transfer mode the vendor plays from its own wallet (money the operator
 * deposited) and calls nobody.
 */
export function createDemoVendorService(deps: {
  repo: DemoVendorRepository;
  client: WalletClient;
  target: (session: DemoSessionRow) => Promise<WalletTarget>;
  clock: () => Date;
  random: () => number;
  /** Transfer mode: the most a player may hold at the vendor (a deposit past it is refused); none by default. */
  transferLimit?: () => bigint | undefined;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { repo, clock } = deps;
  const ids = (roundId: bigint) => ({
    round: `dv${roundId}`,
    bet: `dv${roundId}:bet`,
    win: `dv${roundId}:win`,
    rollback: `dv${roundId}:rollback`,
  });
  const later = (ms: number) => new Date(clock().getTime() + ms);

  function gameOf(code: string): DemoGame {
    const g = demoGame(code);
    if (!g) throw new DemoVendorError(404, 'game_not_found', 'This game does not exist at the demo vendor.');
    return g;
  }

  async function sessionOf(token: string | undefined): Promise<DemoSessionRow> {
    const s = token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await repo.sessionByHash(sha256Hex(token)) : undefined;
    if (!s) throw new DemoVendorError(401, 'session_invalid', 'This game session is not valid. Open the game again.');
    return s;
  }

  function present(r: DemoRoundRow, lang: Lang): DemoRoundView {
    const ty = lang === 'ty';
    const pick = demoGame(r.game_code)?.picks.find((p) => p.key === r.pick);
    return {
      id: String(r.id),
      gameCode: r.game_code,
      pick: r.pick,
      pickLabel: (ty && pick?.ty) || pick?.label || r.pick,
      stake: String(r.stake),
      status: r.status,
      payout: r.payout === null ? null : String(r.payout),
      summary: r.summary,
      message: r.message,
      settleAt: r.settle_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      settledAt: r.settled_at?.toISOString() ?? null,
    };
  }

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
      const ty = langOf(session) === 'ty';
      const text = ty ? outcome.ty : outcome.text;
      const pickLabel = (ty && pick.ty) || pick.label;
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

  async function balanceOf(s: DemoSessionRow): Promise<{ balance: string | null; message: string | null }> {
    if (s.wallet_mode === 'transfer')
      return {
        balance: String((await repo.walletOf(s.merchant_id, s.vendor_code, s.player_id)).balance),
        message: null,
      };
    const reply = await deps.client.call(await deps.target(s), 'balance', {
      request_id: `dvb${randomBytes(8).toString('hex')}`,
      player_id: s.player_id,
      session_token: s.wallet_token,
      currency: s.currency,
      game_code: s.game_code,
    });
    if (reply.answered && reply.body.status === 'OK') return { balance: reply.body.balance ?? null, message: null };
    return {
      balance: null,
      message: reply.answered ? wordsOf(reply.body.status, langOf(s)) : TEXTS[langOf(s)].walletSilent,
    };
  }

  return {
    DEMO_VENDOR_NAME,

    /** A launch from the operator: the vendor's own session and page token (we keep only its hash). */
    async openSession(ctx: LaunchContext): Promise<string> {
      gameOf(ctx.game.game_code);
      const token = randomBytes(24).toString('base64url');
      await repo.insertSession({
        token_hash: sha256Hex(token),
        merchant_id: ctx.merchant.id,
        operator_code: ctx.merchant.code,
        vendor_code: ctx.vendor.code,
        wallet_mode: ctx.vendor.wallet_mode,
        player_id: ctx.playerId,
        wallet_token: ctx.sessionToken,
        game_code: ctx.game.game_code,
        currency: ctx.merchant.currency,
        currency_exponent: ctx.merchant.currencyExponent,
        language: ctx.language,
      });
      return token;
    },

    async session(token: string | undefined): Promise<DemoSessionView> {
      const s = await sessionOf(token);
      const game = gameOf(s.game_code);
      // The page follows the player's language at launch: TY (the site's second language) or English.
      const lang = langOf(s);
      const ty = lang === 'ty';
      const { balance, message } = await balanceOf(s);
      return {
        vendorName: DEMO_VENDOR_NAME,
        vendorCode: s.vendor_code,
        walletMode: s.wallet_mode,
        language: ty ? 'ty' : 'en',
        game: {
          code: game.code,
          name: ty ? game.ty : game.name,
          category: game.category,
          blurb: ty ? game.tyBlurb : game.blurb,
          picks: game.picks.map((p) => ({ key: p.key, label: (ty && p.ty) || p.label })),
          settleAfterSeconds: game.settleAfterSeconds,
          minBet: String(BigInt(game.minBet) * 10n ** BigInt(s.currency_exponent)),
        },
        currency: s.currency,
        exponent: s.currency_exponent,
        balance,
        balanceMessage: message,
        rounds: (await repo.recentRounds(s.id, 10)).map((r) => present(r, lang)),
      };
    },

    /** A bet from the game page; a retry of the same request id returns the round as it stands. */
    async bet(
      token: string | undefined,
      req: { requestId: string; pick: string; amount: string },
    ): Promise<DemoRoundView> {
      const s = await sessionOf(token);
      const lang = langOf(s);
      const game = gameOf(s.game_code);
      const pick = game.picks.find((p) => p.key === req.pick);
      if (!pick) throw new DemoVendorError(400, 'pick_invalid', TEXTS[lang].pickInvalid);
      const unit = 10n ** BigInt(s.currency_exponent);
      const stake = BigInt(req.amount);
      if (stake < BigInt(game.minBet) * unit || stake > MAX_BET * unit)
        throw new DemoVendorError(400, 'amount_invalid', TEXTS[lang].amountInvalid(game.minBet, MAX_BET));
      const now = clock();
      const transfer = s.wallet_mode === 'transfer';

      const created = await repo.db.transaction().execute(async (trx) => {
        const round = await repo.insertRound(trx, {
          session_id: s.id,
          merchant_id: s.merchant_id,
          vendor_code: s.vendor_code,
          player_id: s.player_id,
          game_code: s.game_code,
          request_id: req.requestId,
          pick: pick.key,
          odds_bp: pick.oddsBp,
          stake,
          ...(transfer && { status: 'open', settle_at: new Date(now.getTime() + game.settleAfterSeconds * 1000) }),
        });
        if (!round) return undefined;
        if (transfer) {
          const paid = await repo.moveWallet(trx, {
            merchantId: s.merchant_id,
            vendorCode: s.vendor_code,
            playerId: s.player_id,
            delta: -stake,
          });
          if (!paid)
            await repo.updateRound(trx, round.id, {
              status: 'refused',
              message: wordsOf('INSUFFICIENT_FUNDS', lang),
              settled_at: now,
            });
          return { round, delivery: undefined, paid };
        }
        const i = ids(round.id);
        const delivery = await repo.insertDelivery(trx, {
          roundId: round.id,
          op: 'bet',
          txId: i.bet,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          body: JSON.stringify({
            request_id: i.bet,
            player_id: s.player_id,
            session_token: s.wallet_token,
            currency: s.currency,
            game_code: s.game_code,
            round_id: i.round,
            tx_id: i.bet,
            amount: String(stake),
            round_closed: false,
          }),
        });
        return { round, delivery, paid: true };
      });
      if (!created) return present((await repo.roundByRequest(s.id, req.requestId))!, lang);
      if (created.delivery) await deliver(created.delivery);
      else if (created.paid && game.settleAfterSeconds === 0) await settle(created.round.id);
      return present((await repo.round(created.round.id))!, lang);
    },

    async round(token: string | undefined, id: string): Promise<DemoRoundView> {
      const s = await sessionOf(token);
      const r = /^\d{1,18}$/.test(id) ? await repo.round(BigInt(id)) : undefined;
      if (!r || r.session_id !== s.id)
        throw new DemoVendorError(404, 'round_not_found', TEXTS[langOf(s)].roundNotFound);
      return present(r, langOf(s));
    },

    /**
     * The vendor's background work (the scheduled job): results that are due (matches ended, draws drawn), then
     * wallet calls that are still owed (wins and rollbacks are retried until final). Returns what it did.
     */
    async work(limit = 100): Promise<{ settled: number; delivered: number }> {
      const now = clock();
      const due = await repo.dueRounds(now, limit);
      for (const r of due) await settle(r.id);
      const owed = await repo.leaseDue(now, later(LEASE_MS), limit);
      for (const d of owed) await deliver(d);
      return { settled: due.length, delivered: owed.length };
    },

    // ---- transfer mode: the vendor's wallet API for the operator (idempotent per transfer id) ----

    /** A player's balance at the vendor, with the version of that state. */
    transferBalance: (merchantId: bigint, vendorCode: string, playerId: string) =>
      repo.walletOf(merchantId, vendorCode, playerId),

    /**
     * The operator sends money for a player, once per transfer id: 'applied', or 'refused' when the player would
     * hold more than the vendor allows. A repeat of the id gets the first answer (a refusal is remembered too).
     */
    deposit(t: {
      merchantId: bigint;
      vendorCode: string;
      playerId: string;
      transferId: string;
      amount: bigint;
    }): Promise<'applied' | 'refused'> {
      return repo.db.transaction().execute(async (trx) => {
        if (!(await repo.claimTransfer(trx, { ...t, direction: 'deposit' }))) {
          const done = await repo.transfer(t.merchantId, t.vendorCode, t.transferId, trx);
          return done?.direction === 'deposit' && done.amount === t.amount && !done.refused ? 'applied' : 'refused';
        }
        const limit = deps.transferLimit?.();
        const held = (await repo.walletOf(t.merchantId, t.vendorCode, t.playerId, trx)).balance;
        if (limit !== undefined && held + t.amount > limit) {
          await repo.refuseTransfer(trx, t);
          return 'refused';
        }
        await repo.moveWallet(trx, { ...t, delta: t.amount });
        return 'applied';
      });
    },

    /**
     * The operator takes money back, once per transfer id: 'refused' when the player holds less at the vendor
     * (remembered: a repeat of the id is refused again, even after the player won more).
     */
    withdraw(t: {
      merchantId: bigint;
      vendorCode: string;
      playerId: string;
      transferId: string;
      amount: bigint;
    }): Promise<'applied' | 'refused'> {
      return repo.db.transaction().execute(async (trx) => {
        // The claim first: a concurrent copy of this transfer waits on it, then sees it done.
        if (!(await repo.claimTransfer(trx, { ...t, direction: 'withdraw' }))) {
          const done = await repo.transfer(t.merchantId, t.vendorCode, t.transferId, trx);
          return done?.direction === 'withdraw' && done.amount === t.amount && !done.refused ? 'applied' : 'refused';
        }
        if (await repo.moveWallet(trx, { ...t, delta: -t.amount })) return 'applied';
        await repo.refuseTransfer(trx, t);
        return 'refused';
      });
    },

    /** The wallet calls made for a round (tests and the operator's reconciliation view). */
    deliveriesOf: (roundId: bigint) => repo.deliveriesOf(roundId),
    ids,
  };
}

export type DemoVendorService = ReturnType<typeof createDemoVendorService>;
