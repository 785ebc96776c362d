import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../lib/hash.ts';
import type { LaunchContext } from '../games/index.ts';
import { type DemoGame, demoGame, inLanguage } from './demo-vendor.games.ts';
import type { DemoRoundRow, DemoSessionRow } from './demo-vendor.repository.ts';
import { createRoundBooks, LEASE_MS, roundTxIds, type WalletDeps } from './demo-vendor.rounds.ts';
import type { DemoRoundView, DemoSessionView } from './demo-vendor.schemas.ts';
import { type Lang, langOf, TEXTS, wordsOf } from './demo-vendor.texts.ts';
import { createVendorWallet } from './demo-vendor.wallet.ts';

/** The name the vendor shows on its pages (it is a simulation, and says so). */
export const DEMO_VENDOR_NAME = 'Demo vendor';
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

/**
 * The simulated vendor's backend. It keeps its own books (sessions, rounds, an outbox of wallet calls) and
 * moves money only by calling the operator's seamless wallet over HTTP with its signing key, like any real
 * vendor: a bet first (the round opens only once the wallet took it), then the result — at once, or later
 * through the job for matches, fights and draws (a late win, after the session may have expired). A bet that
 * gets no answer is cancelled with a rollback that may overtake it; wins and rollbacks are retried until the
 * wallet gives a final answer. In transfer mode the vendor plays from its own wallet (money the operator
 * deposited) and calls nobody.
 */
export function createDemoVendorService(
  deps: WalletDeps & {
    /** Transfer mode: the most a player may hold at the vendor (a deposit past it is refused); none by default. */
    transferLimit?: () => bigint | undefined;
  },
) {
  const { repo, clock } = deps;
  const ids = roundTxIds;
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
    const pick = demoGame(r.game_code)?.picks.find((p) => p.key === r.pick);
    return {
      id: String(r.id),
      gameCode: r.game_code,
      pick: r.pick,
      pickLabel: pick ? inLanguage(lang, pick.label, pick) : r.pick,
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

  // A round's wallet calls and its result (demo-vendor.rounds.ts).
  const { deliver, settle } = createRoundBooks({ ...deps, gameOf });

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
      // The page follows the player's language at launch: TY (the site's second language), TL or English.
      const lang = langOf(s);
      const { balance, message } = await balanceOf(s);
      return {
        vendorName: DEMO_VENDOR_NAME,
        vendorCode: s.vendor_code,
        walletMode: s.wallet_mode,
        language: lang,
        game: {
          code: game.code,
          name: inLanguage(lang, game.name, game),
          category: game.category,
          blurb: inLanguage(lang, game.blurb, { ty: game.tyBlurb, tl: game.tlBlurb }),
          picks: game.picks.map((p) => ({ key: p.key, label: inLanguage(lang, p.label, p) })),
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

    // ---- transfer mode: the vendor's wallet API for the operator (demo-vendor.wallet.ts) ----
    ...createVendorWallet({ repo, ...(deps.transferLimit && { transferLimit: deps.transferLimit }) }),

    /** The wallet calls made for a round (tests and the operator's reconciliation view). */
    deliveriesOf: (roundId: bigint) => repo.deliveriesOf(roundId),
    ids,
  };
}

export type DemoVendorService = ReturnType<typeof createDemoVendorService>;
