import {
  type HouseGameId,
  type HouseRound,
  type HouseRoundResult,
  type HouseSeedResult,
  type HouseSession,
  houseGameId,
} from '@sea/contracts';
import {
  dealVideoPoker,
  gameConfig,
  gameKind,
  GameInputError,
  playRound,
  type RoundOutcome,
  stakeOf,
  videoPokerMath,
  type VideoPokerBet,
} from '@sea/games';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { hashSessionToken } from '../../lib/session-tokens.ts';
import { type LedgerModule, memberBonus, memberMain } from '../ledger/index.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import type { HouseRepository, HouseRoundRow } from './house.repository.ts';
import { createRoundSteps, HOUSE_VENDOR, type HouseGames } from './house-rounds.ts';
import { createSeedPairs, FIRST_SEED_MESSAGE } from './house-seeds.ts';
import type { HouseTables } from './house.tables.ts';

export { HOUSE_VENDOR } from './house-rounds.ts';

/** A dealt video-poker hand nobody draws is completed with the best hold after this long. */
export const ABANDONED_HAND_HOURS = 24;
/** A round still unconfirmed after this long is finished by the recovery job. */
export const RECOVER_AFTER_SECONDS = 60;
/** Rounds the recovery job reads at a time (it goes on until none is due). */
export const RECOVER_BATCH = 200;

type GameSession = NonNullable<Awaited<ReturnType<HouseGames['sessionByToken']>>>;

/** One credit is one major unit of the merchant's currency (1.00 PHP, 1 VND…). */
const creditValueOf = (merchant: Pick<Merchant, 'currencyExponent'>) => 10n ** BigInt(merchant.currencyExponent);

const gameInput = (err: unknown): never => {
  if (err instanceof GameInputError)
    throw new AppError('validation_failed', err.message, {
      in: 'body',
      fields: [{ field: err.code === 'invalid_holds' ? 'holds' : 'bet', reason: err.code, message: err.message }],
    });
  throw err;
};

/**
 * Our own provably-fair games. A round: take the member's next nonce with the round row (one transaction) — the
 * outcome is then fixed — post the bet through the seamless wallet exactly as an outside vendor would (tx
 * h<round>:bet), then the win (h<round>:win) and mark it settled. Video poker stops after the bet ('dealt')
 * until the draw. A retry of the same request finishes the same round; the recovery job finishes what a crash
 * interrupted: a bet the wallet took gets its win (the committed outcome), a bet it never took is cancelled with
 * a rollback (a tombstone, so a late bet cannot land). Free trials move the session's play money in the same
 * transaction as the round and never touch the ledger.
 */
export function createHouseService(deps: {
  db: Kysely<HouseTables>;
  repo: HouseRepository;
  games: HouseGames;
  ledger: Pick<LedgerModule, 'balances'>;
  /** Responsible gaming: a stake refused (break, limits) says why before a round is recorded. */
  rg?: Pick<RgGuard, 'precheckStake'>;
  clock: () => Date;
}) {
  const { db, repo, games } = deps;
  const { vendorOf, seedsOf, finishFreeHand, settle, complete, recoverRound } = createRoundSteps(deps);

  /** The launch session behind a game page's token, for this merchant; `live`: not expired (new rounds). */
  async function sessionOf(merchant: Merchant, token: string | undefined, live: boolean): Promise<GameSession> {
    const s =
      token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await games.sessionByToken(hashSessionToken(token)) : undefined;
    if (!s || s.merchant_id !== merchant.id || s.vendor_code !== HOUSE_VENDOR)
      throw new AppError('unauthorized', 'This game session is not valid. Open the game again from the site.');
    if (live && s.expires_at <= deps.clock())
      throw new AppError('unauthorized', 'This game session has ended. Open the game again from the site.');
    return s;
  }

  async function gameIdOf(merchant: Merchant, s: GameSession): Promise<HouseGameId> {
    const game = await games.findGame(merchant.id, s.game_id);
    const parsed = houseGameId.safeParse(game?.game_code);
    if (!game || !parsed.success) throw new AppError('not_found', 'No such game.');
    if (game.status === 'maintenance' || game.vendor_maintenance) throw new AppError('game_maintenance');
    return parsed.data;
  }

  async function balanceOf(merchant: Merchant, s: GameSession): Promise<bigint> {
    if (s.free_play) return (await games.sessionByToken(s.token_hash))?.fun_balance ?? 0n;
    // Main + bonus (modules/bonus): what a stake can spend, as the seamless wallet counts it.
    const main = memberMain(s.member_id);
    const bonus = memberBonus(s.member_id);
    const b = await deps.ledger.balances(merchant.id, [main, bonus]);
    return b[main]!.available + b[bonus]!.available;
  }

  const seeds = createSeedPairs({ db, repo, clock: deps.clock, finishFreeHand: (trx, r) => finishFreeHand(trx, r) });
  const { committedSeed, seedForRound, fairnessOf } = seeds;

  async function present(round: HouseRoundRow): Promise<HouseRound> {
    const seed = await repo.seed(round.seed_id);
    const cv = round.credit_value;
    return {
      id: String(round.id),
      gameId: round.game_id as HouseGameId,
      mathVersion: round.math_version,
      status: round.status,
      freePlay: round.free_play,
      bet: round.bet,
      holds: round.holds,
      stakeCredits: round.stake_credits,
      winCredits: round.win_credits,
      stake: String(BigInt(round.stake_credits) * cv),
      win: String(BigInt(round.win_credits) * cv),
      // The outcome is fixed when the round is recorded, but shown only once the bet is in: never while the
      // wallet has not taken it (a pending round), nor for a round that never took money.
      result: round.status === 'settled' || round.status === 'dealt' ? round.result : {},
      nonce: round.nonce,
      clientSeed: seed.client_seed,
      serverSeedHash: seed.server_seed_hash,
      serverSeed: seed.status === 'revealed' ? seed.server_seed : null,
      createdAt: round.created_at.toISOString(),
      settledAt: round.settled_at?.toISOString() ?? null,
    };
  }

  async function result(merchant: Merchant, s: GameSession, round: HouseRoundRow): Promise<HouseRoundResult> {
    return {
      round: await present(round),
      balance: String(await balanceOf(merchant, s)),
      fairness: (await fairnessOf(s.member_id))!,
    };
  }

  /** Free trial: the round and its play money in one transaction; nothing reaches the wallet. */
  async function playForFun(
    merchant: Merchant,
    s: GameSession,
    gameId: HouseGameId,
    req: { requestId: string; bet: Record<string, number> },
    stakeCredits: number,
  ): Promise<HouseRoundRow> {
    const cv = creditValueOf(merchant);
    return db.transaction().execute(async (trx) => {
      const seed = await seedForRound(trx, s.member_id);
      const vp = gameKind(gameId) === 'video-poker';
      // Finish your hand first, in play money too (the seed is locked: one deal at a time).
      if (vp && (await repo.openDeal(trx, s.member_id, gameId, true)))
        throw new AppError('state_invalid', 'Finish the hand on the table first.');
      const nonce = await repo.takeNonce(trx, seed.id);
      const seeds = { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce };
      const outcome = vp ? undefined : playRound({ gameId, seeds, bet: req.bet as never });
      const deal = vp
        ? dealVideoPoker(videoPokerMath(gameId), { seeds, bet: req.bet as unknown as VideoPokerBet })
        : undefined;
      const delta = BigInt((outcome?.win ?? 0) - stakeCredits) * cv;
      if ((await games.moveFunBalance(s.id, -BigInt(stakeCredits) * cv, trx)) === undefined)
        throw new AppError('insufficient_funds');
      if (outcome) await games.moveFunBalance(s.id, delta + BigInt(stakeCredits) * cv, trx);
      const row = await repo.insertRound(trx, {
        merchantId: merchant.id,
        memberId: s.member_id,
        sessionId: s.id,
        gameId,
        mathVersion: (outcome ?? deal)!.mathVersion,
        seedId: seed.id,
        nonce,
        requestId: req.requestId,
        bet: req.bet,
        creditValue: cv,
        stakeCredits,
        winCredits: outcome?.win ?? 0,
        freePlay: true,
        status: vp ? 'dealt' : 'settled',
        result: (outcome?.result ?? deal) as unknown as Record<string, unknown>,
        settledAt: vp ? null : deps.clock(),
      });
      if (!row) throw new AppError('idempotency_conflict');
      return row;
    });
  }

  return {
    /**
     * GET /house/v1/session. `language`: the game page's (its Language header, from the launch URL's lang); the
     * game's name follows it when the merchant offers it, else the merchant's default language.
     */
    async session(merchant: Merchant, token: string | undefined, requested?: string): Promise<HouseSession> {
      const s = await sessionOf(merchant, token, false);
      const gameId = await gameIdOf(merchant, s);
      const game = (await games.findGame(merchant.id, s.game_id))!;
      await db.transaction().execute((trx) => committedSeed(trx, merchant, s.member_id));
      // The member's open hand of this game, whichever session dealt it (the page resumes it).
      const open = await repo.openDeal(db, s.member_id, gameId, s.free_play);
      const language = requested && merchant.languages.includes(requested) ? requested : merchant.defaultLanguage;
      return {
        gameId,
        config: gameConfig(gameId) as unknown as Record<string, unknown>,
        displayName: game.display_names?.[language] ?? game.name,
        language,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        creditValue: String(creditValueOf(merchant)),
        balance: String(await balanceOf(merchant, s)),
        freePlay: s.free_play,
        fairness: (await fairnessOf(s.member_id))!,
        openRound: open ? await present(open) : null,
      };
    },

    /** POST /house/v1/rounds: a slot spin or a scratch ticket (settled), or a video-poker deal (dealt). */
    async play(
      merchant: Merchant,
      token: string | undefined,
      req: { requestId: string; bet: Record<string, number> },
    ): Promise<HouseRoundResult> {
      const s = await sessionOf(merchant, token, true);
      const gameId = await gameIdOf(merchant, s);
      let stakeCredits = 0;
      try {
        stakeCredits = stakeOf(gameId, req.bet as never);
      } catch (err) {
        gameInput(err);
      }
      const earlier = await repo.byRequest(s.member_id, req.requestId);
      if (earlier) {
        if (earlier.game_id !== gameId || JSON.stringify(earlier.bet) !== JSON.stringify(req.bet))
          throw new AppError('idempotency_conflict');
        return result(merchant, s, earlier.free_play ? earlier : await complete(merchant, earlier, token!));
      }
      if (!(await repo.activeSeed(s.member_id))) {
        // An API-only client that never asked for the commitment: it is made now, the round is not played.
        await db.transaction().execute((trx) => committedSeed(trx, merchant, s.member_id));
        throw new AppError('state_invalid', FIRST_SEED_MESSAGE);
      }
      if (s.free_play) return result(merchant, s, await playForFun(merchant, s, gameId, req, stakeCredits));

      // The clear refusal of a break or a limit (the seamless bet checks again under the member's lock).
      await deps.rg?.precheckStake(merchant, s.member_id, BigInt(stakeCredits) * creditValueOf(merchant));
      const round = await db.transaction().execute(async (trx) => {
        const seed = await seedForRound(trx, s.member_id);
        // Finish your hand first, from whichever session dealt it (checked under the seed's lock).
        if (gameKind(gameId) === 'video-poker' && (await repo.openDeal(trx, s.member_id, gameId, false)))
          throw new AppError('state_invalid', 'Finish the hand on the table first.');
        const nonce = await repo.takeNonce(trx, seed.id);
        const seeds = { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce };
        // The outcome is fixed now (before the bet, whatever its amount); the player sees it once the bet is in.
        const stored =
          gameKind(gameId) === 'video-poker'
            ? dealVideoPoker(videoPokerMath(gameId), { seeds, bet: req.bet as unknown as VideoPokerBet })
            : playRound({ gameId, seeds, bet: req.bet as never }).result;
        const row = await repo.insertRound(trx, {
          merchantId: merchant.id,
          memberId: s.member_id,
          sessionId: s.id,
          gameId,
          mathVersion: (stored as { mathVersion: number }).mathVersion,
          seedId: seed.id,
          nonce,
          requestId: req.requestId,
          bet: req.bet,
          creditValue: creditValueOf(merchant),
          stakeCredits,
          winCredits: 0,
          freePlay: false,
          status: 'pending',
          result: stored as unknown as Record<string, unknown>,
          settledAt: null,
        });
        if (!row) throw new AppError('conflict', 'Please try again.'); // a concurrent twin with this request id
        return row;
      });
      return result(merchant, s, await complete(merchant, round, token!));
    },

    /** POST /house/v1/rounds/:id/draw (video poker): the held cards stay, the others are replaced; settled. */
    async draw(merchant: Merchant, token: string | undefined, id: bigint, holds: boolean[]): Promise<HouseRoundResult> {
      const s = await sessionOf(merchant, token, false);
      const round = await repo.find(merchant.id, s.member_id, id);
      // Any session of the member finishes the hand (one closed or expired cannot block it), real or play money
      // as it was dealt.
      if (!round || round.free_play !== s.free_play) throw new AppError('not_found', 'No such hand.');
      if (round.status === 'settled' && JSON.stringify(round.holds) === JSON.stringify(holds))
        return result(merchant, s, round); // a retry of the draw
      if (round.status !== 'dealt' || (round.holds && JSON.stringify(round.holds) !== JSON.stringify(holds)))
        throw new AppError('state_invalid', 'This hand is already finished.');
      let outcome: RoundOutcome;
      try {
        outcome = playRound({
          gameId: round.game_id,
          mathVersion: round.math_version,
          seeds: await seedsOf(round),
          bet: round.bet as never,
          holds,
        });
      } catch (err) {
        return gameInput(err);
      }
      if (round.free_play) {
        const settled = await db.transaction().execute(async (trx) => {
          const r = await repo.transition(trx, round.id, ['dealt'], 'settled', {
            holds,
            winCredits: outcome.win,
            result: outcome.result as unknown as Record<string, unknown>,
            settledAt: deps.clock(),
            holdsIsNull: true,
          });
          if (!r) throw new AppError('state_invalid', 'This hand is already finished.');
          await games.moveFunBalance(round.session_id, BigInt(outcome.win) * round.credit_value, trx);
          return r;
        });
        return result(merchant, s, settled);
      }
      // The holds are recorded first, so a crash before the win leaves what the recovery job needs.
      await repo.transition(db, round.id, ['dealt'], 'dealt', { holds, holdsIsNull: true });
      return result(merchant, s, await settle(merchant, await vendorOf(merchant), round, outcome, holds));
    },

    /** Reveals the active server seed and starts a new pair (house-seeds.ts). */
    rotateSeed: (merchant: Merchant, memberId: bigint, clientSeed?: string): Promise<HouseSeedResult> =>
      seeds.rotate(merchant, memberId, clientSeed),

    /** The same from a game page (its session names the member). */
    async rotateSeedFromGame(
      merchant: Merchant,
      token: string | undefined,
      clientSeed?: string,
    ): Promise<HouseSeedResult> {
      const s = await sessionOf(merchant, token, false);
      return this.rotateSeed(merchant, s.member_id, clientSeed);
    },

    /** The member's current seed pair (fairness page). */
    async fairness(merchant: Merchant, memberId: bigint) {
      await db.transaction().execute((trx) => committedSeed(trx, merchant, memberId));
      return (await fairnessOf(memberId))!;
    },

    /** One of the member's rounds with what recomputes it (the server seed once revealed). */
    async round(merchant: Merchant, memberId: bigint, id: bigint): Promise<HouseRound> {
      const round = await repo.find(merchant.id, memberId, id);
      if (!round) throw new AppError('not_found', 'No such round.');
      return present(round);
    },

    /**
     * The recovery job: rounds a crash or a closed page left unfinished, real money first, oldest first, every due
     * round of this run (batches of RECOVER_BATCH until none is left; one that fails is skipped until the next run).
     * A bet the wallet took gets the win of its committed outcome; a bet it never took — or any pending round of a
     * revealed seed — is cancelled (rollback → tombstone, a taken stake returns). A video-poker hand dealt and
     * never drawn is completed with the best hold after ABANDONED_HAND_HOURS, in play money too.
     */
    async recover(
      merchantOf: (id: bigint) => Promise<Merchant | undefined>,
    ): Promise<{ settled: number; cancelled: number; failed: number }> {
      const now = deps.clock().getTime();
      const at = {
        stale: new Date(now - RECOVER_AFTER_SECONDS * 1000),
        abandoned: new Date(now - ABANDONED_HAND_HOURS * 3_600_000),
      };
      const tally = { settled: 0, cancelled: 0, failed: 0 };
      for (let after: { freePlay: boolean; createdAt: Date; id: bigint } | undefined; ;) {
        const batch = await repo.due(at, after, RECOVER_BATCH);
        for (const round of batch) {
          try {
            const r = await recoverRound(merchantOf, round);
            if (r) tally[r]++;
          } catch {
            tally.failed++; // a merchant under maintenance, a wallet down: the next run tries again
          }
        }
        if (batch.length < RECOVER_BATCH) return tally;
        const last = batch[batch.length - 1]!;
        after = { freePlay: last.free_play, createdAt: last.created_at, id: last.id };
      }
    },
  };
}

export type HouseService = ReturnType<typeof createHouseService>;
