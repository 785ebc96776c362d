import {
  dealVideoPoker,
  gameKind,
  optimalHold,
  parseCard,
  playRound,
  type RoundOutcome,
  videoPokerMath,
} from '@sea/games';
import type { VideoPokerBet } from '@sea/games';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { GamesModule, VendorRow } from '../games/index.ts';
import type { HouseRepository, HouseRoundRow } from './house.repository.ts';
import { summaryOf } from './house-summary.ts';
import type { HouseTables } from './house.tables.ts';

/** Our own games are vendor SEA (adapter 'house'). */
export const HOUSE_VENDOR = 'SEA';

export type HouseGames = Pick<
  GamesModule,
  'wallet' | 'vendor' | 'sessionByToken' | 'moveFunBalance' | 'findGame' | 'walletTxStatus'
>;

const VOIDED_MESSAGE =
  'This round was voided: its server seed was revealed before the bet was confirmed. Your stake was returned.';

/**
 * The steps of a real-money round after it is recorded (its outcome fixed): the bet and the win through the seamless
 * wallet exactly as an outside vendor sends them (tx ids h<round>:bet, h<round>:win, h<round>:rollback — the same on
 * every retry, so each step is idempotent), the round's transitions, voiding a round whose seed went public, and the
 * recovery of one round a crash or a closed page left unfinished. Free-play hands nobody drew finish here too.
 */
export function createRoundSteps(deps: {
  db: Kysely<HouseTables>;
  repo: HouseRepository;
  games: HouseGames;
  clock: () => Date;
}) {
  const { db, repo, games } = deps;

  async function vendorOf(merchant: Merchant): Promise<VendorRow> {
    const v = await games.vendor(merchant.id, HOUSE_VENDOR);
    if (!v || v.status !== 'active') throw new AppError('game_maintenance');
    return v;
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

  return { vendorOf, seedsOf, bestHoldOf, finishFreeHand, settle, complete, recoverRound };
}
