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
  optimalHold,
  parseCard,
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
import type { GamesModule, VendorRow } from '../games/index.ts';
import { type LedgerModule, memberMain } from '../ledger/index.ts';
import type { HouseRepository, HouseRoundRow } from './house.repository.ts';
import { createSeedPairs, FIRST_SEED_MESSAGE } from './house-seeds.ts';
import type { HouseTables } from './house.tables.ts';

/** Our own games are vendor SEA (adapter 'house'). */
export const HOUSE_VENDOR = 'SEA';
/** A dealt video-poker hand nobody draws is completed with the best hold after this long. */
export const ABANDONED_HAND_HOURS = 24;
/** A round still unconfirmed after this long is finished by the recovery job. */
export const RECOVER_AFTER_SECONDS = 60;
/** Rounds the recovery job reads at a time (it goes on until none is due). */
export const RECOVER_BATCH = 200;

type Games = Pick<
  GamesModule,
  'wallet' | 'vendor' | 'sessionByToken' | 'moveFunBalance' | 'findGame' | 'walletTxStatus'
>;
type GameSession = NonNullable<Awaited<ReturnType<Games['sessionByToken']>>>;

/** One credit is one major unit of the merchant's currency (1.00 PHP, 1 VND…). */
const creditValueOf = (merchant: Pick<Merchant, 'currencyExponent'>) => 10n ** BigInt(merchant.currencyExponent);

const VOIDED_MESSAGE =
  'This round was voided: its server seed was revealed before the bet was confirmed. Your stake was returned.';

const HAND_WORDS: Record<string, string> = {
  nothing: 'No win',
  jacksOrBetter: 'Jacks or better',
  twoPair: 'Two pair',
  threeOfAKind: 'Three of a kind',
  straight: 'Straight',
  flush: 'Flush',
  fullHouse: 'Full house',
  fourOfAKind: 'Four of a kind',
  straightFlush: 'Straight flush',
  royalFlush: 'Royal flush',
};

/** Words for the bet records. */
function summaryOf(outcome: RoundOutcome): string {
  const r = outcome.result as unknown as Record<string, unknown>;
  if (outcome.kind === 'video-poker') return `${HAND_WORDS[String(r.hand)] ?? String(r.hand)} · ${outcome.win} credits`;
  if (outcome.kind === 'scratch')
    return outcome.win > 0 ? `Match 3 × ${String(r.prize)} · ${outcome.win} credits` : 'No win';
  const spins = r.spins as Array<{ lineWins: unknown[] }>;
  const free = (r.freeSpins as { played: number }).played;
  if (outcome.win === 0) return 'No win';
  const lines = spins.reduce((n, s) => n + s.lineWins.length, 0);
  return `${outcome.win} credits · ${lines} line win${lines === 1 ? '' : 's'}${free ? ` · ${free} free spins` : ''}`;
}

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
  games: Games;
  ledger: Pick<LedgerModule, 'balances'>;
  clock: () => Date;
}) {
  const { db, repo, games } = deps;

  async function vendorOf(merchant: Merchant): Promise<VendorRow> {
    const v = await games.vendor(merchant.id, HOUSE_VENDOR);
    if (!v || v.status !== 'active') throw new AppError('game_maintenance');
    return v;
  }

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
    const main = memberMain(s.member_id);
    return (await deps.ledger.balances(merchant.id, [main]))[main]!.available;
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

  // ---- the wallet calls of a round (idempotent: same tx ids every time) ----

  const ids = (round: HouseRoundRow) => ({
    player_id: String(round.member_id),
    round_id: `h${round.id}`,
    bet: `h${round.id}:bet`,
    win: `h${round.id}:win`,
    rollback: `h${round.id}:rollback`,
  });

  async function postBet(merchant: Merchant, vendor: VendorRow, round: HouseRoundRow, token: string) {
    const i = ids(round);
    const a = await games.wallet.bet({
      merchant,
      vendor,
      body: {
        request_id: i.bet,
        player_id: i.player_id,
        session_token: token,
        currency: merchant.currency,
        game_code: round.game_id,
        round_id: i.round_id,
        tx_id: i.bet,
        amount: String(BigInt(round.stake_credits) * round.credit_value),
        round_closed: false,
      },
    });
    return a.status;
  }

  async function postWin(
    merchant: Merchant,
    vendor: VendorRow,
    round: HouseRoundRow,
    winCredits: number,
    summary: string,
  ) {
    const i = ids(round);
    const a = await games.wallet.win({
      merchant,
      vendor,
      body: {
        request_id: i.win,
        player_id: i.player_id,
        currency: merchant.currency,
        game_code: round.game_id,
        round_id: i.round_id,
        tx_id: i.win,
        bet_tx_id: i.bet,
        amount: String(BigInt(winCredits) * round.credit_value),
        round_closed: true,
        summary,
      },
    });
    // OK, or the stored answer of an earlier identical call: the win is in the books either way.
    if (a.status !== 'OK') throw new Error(`house round ${round.id}: the wallet refused the win (${a.status})`);
  }

  /** Cancels a pending round: rollback (a taken bet returns; a late one cannot land), then rolled_back or refused. */
  async function voidRound(merchant: Merchant, vendor: VendorRow, round: HouseRoundRow): Promise<void> {
    const i = ids(round);
    const bet = await games.walletTxStatus(merchant.id, HOUSE_VENDOR, round.member_id, i.bet);
    await games.wallet.rollback({
      merchant,
      vendor,
      body: {
        request_id: i.rollback,
        player_id: i.player_id,
        currency: merchant.currency,
        round_id: i.round_id,
        tx_id: i.rollback,
        original_tx_id: i.bet,
      },
    });
    await repo.transition(db, round.id, ['pending'], bet === 'refused' ? 'refused' : 'rolled_back', {
      settledAt: deps.clock(),
    });
  }

  /** The best hold of a dealt hand (a hand nobody draws is finished with it). */
  function bestHoldOf(round: HouseRoundRow, seeds: { serverSeed: string; clientSeed: string; nonce: number }) {
    const math = videoPokerMath(round.game_id, round.math_version);
    const deal = dealVideoPoker(math, { seeds, bet: round.bet as unknown as VideoPokerBet });
    return optimalHold(math, deal.dealt.map(parseCard), (round.bet as { coins: number }).coins).holds;
  }

  /** A free-play hand nobody drew: the best hold, its win back in its own session's play money. */
  async function finishFreeHand(trx: Kysely<HouseTables>, round: HouseRoundRow): Promise<boolean> {
    const seeds = await seedsOf(round, trx);
    const holds = bestHoldOf(round, seeds);
    const outcome = playRound({
      gameId: round.game_id,
      mathVersion: round.math_version,
      seeds,
      bet: round.bet as never,
      holds,
    });
    const done = await repo.transition(trx, round.id, ['dealt'], 'settled', {
      holds,
      winCredits: outcome.win,
      result: outcome.result as unknown as Record<string, unknown>,
      settledAt: deps.clock(),
      holdsIsNull: true,
    });
    if (done) await games.moveFunBalance(round.session_id, BigInt(outcome.win) * round.credit_value, trx);
    return Boolean(done);
  }

  /** After the wallet took the bet: the win of the committed outcome, then the round is settled. */
  async function settle(
    merchant: Merchant,
    vendor: VendorRow,
    round: HouseRoundRow,
    outcome: RoundOutcome,
    holds?: boolean[],
  ) {
    await postWin(merchant, vendor, round, outcome.win, summaryOf(outcome));
    const done = await repo.transition(db, round.id, ['pending', 'dealt'], 'settled', {
      winCredits: outcome.win,
      result: outcome.result as unknown as Record<string, unknown>,
      ...(holds && { holds }),
      settledAt: deps.clock(),
    });
    return done ?? (await repo.find(round.merchant_id, round.member_id, round.id))!;
  }

  const seedsOf = async (round: HouseRoundRow, h: Kysely<HouseTables> = db) => {
    const seed = await repo.seed(round.seed_id, h);
    return { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: round.nonce };
  };

  /** A pending round with the player waiting: post its bet (idempotent), then settle or deal. */
  async function complete(merchant: Merchant, round: HouseRoundRow, token: string): Promise<HouseRoundRow> {
    if (round.status !== 'pending') return round;
    const vendor = await vendorOf(merchant);
    // Its seed is public (a reveal from before the rotation waited for every round): taking the bet now would be a
    // free look at a known outcome. Voided: a bet the wallet took is rolled back (the stake returns), none can land.
    if ((await repo.seed(round.seed_id)).status === 'revealed') {
      await voidRound(merchant, vendor, round);
      throw new AppError('state_invalid', VOIDED_MESSAGE);
    }
    const status = await postBet(merchant, vendor, round, token);
    if (status !== 'OK') {
      await repo.transition(db, round.id, ['pending'], 'refused', { settledAt: deps.clock() });
      if (status === 'INSUFFICIENT_FUNDS') throw new AppError('insufficient_funds');
      if (status === 'TOKEN_EXPIRED' || status === 'INVALID_TOKEN')
        throw new AppError('unauthorized', 'This game session has ended. Open the game again from the site.');
      throw new AppError('state_invalid', `The round could not be played (${status}).`);
    }
    if (gameKind(round.game_id) === 'video-poker')
      return (
        (await repo.transition(db, round.id, ['pending'], 'dealt')) ??
        (await repo.find(round.merchant_id, round.member_id, round.id))!
      );
    const outcome = playRound({
      gameId: round.game_id,
      mathVersion: round.math_version,
      seeds: await seedsOf(round),
      bet: round.bet as never,
    });
    return settle(merchant, vendor, round, outcome);
  }

  /** One due round of the recovery job: what happened to it (nothing when another step finished it first). */
  async function recoverRound(
    merchantOf: (id: bigint) => Promise<Merchant | undefined>,
    round: HouseRoundRow,
  ): Promise<'settled' | 'cancelled' | undefined> {
    if (round.free_play) {
      // Play money: only a hand nobody drew can be left (the rest settles in the round's transaction).
      const done = await db.transaction().execute((trx) => finishFreeHand(trx, round));
      return done ? 'settled' : undefined;
    }
    const merchant = await merchantOf(round.merchant_id);
    if (!merchant) return undefined;
    const vendor = await vendorOf(merchant);
    const bet = await games.walletTxStatus(merchant.id, HOUSE_VENDOR, round.member_id, ids(round).bet);
    const revealed = (await repo.seed(round.seed_id)).status === 'revealed';
    if (round.status === 'pending' && (bet !== 'applied' || revealed)) {
      await voidRound(merchant, vendor, round);
      return 'cancelled';
    }
    if (round.status === 'pending' && gameKind(round.game_id) === 'video-poker') {
      // The bet is in: the hand is dealt and waits for the player's draw (any session shows it).
      await repo.transition(db, round.id, ['pending'], 'dealt');
      return undefined;
    }
    const seeds = await seedsOf(round);
    let holds = round.holds;
    if (gameKind(round.game_id) === 'video-poker' && !holds) {
      holds = bestHoldOf(round, seeds);
      await repo.transition(db, round.id, ['dealt'], 'dealt', { holds, holdsIsNull: true });
    }
    const outcome = playRound({
      gameId: round.game_id,
      mathVersion: round.math_version,
      seeds,
      bet: round.bet as never,
      ...(holds && { holds }),
    });
    await settle(merchant, vendor, round, outcome, holds ?? undefined);
    return 'settled';
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
