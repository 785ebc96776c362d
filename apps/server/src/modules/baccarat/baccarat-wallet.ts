import { type BaccaratVariant, betReturn, validBetOf } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { type GamesModule, inBatches, type VendorRow, WALLET_CONCURRENCY } from '../games/index.ts';
import type { BaccaratRepository, BetRow, RoundRow } from './baccarat.repository.ts';
import type { StoredHand } from './baccarat.tables.ts';

/** Our own games are vendor SEA; the tables are its game `baccarat` (LIVE centre). */
export const BACCARAT_VENDOR = 'SEA';
export const BACCARAT_GAME = 'baccarat';

export type BaccaratGames = Pick<
  GamesModule,
  'wallet' | 'vendor' | 'sessionByToken' | 'findGame' | 'walletTxStatus' | 'registerTableProof'
>;

/** Wallet ids of a round (one wallet round per member and table round): the same on every retry. */
export const walletIds = {
  round: (roundId: bigint) => `bk${roundId}`,
  bet: (roundId: bigint, betId: bigint) => `bk${roundId}:b${betId}`,
  win: (roundId: bigint) => `bk${roundId}:win`,
  rollback: (roundId: bigint, betId: bigint) => `bk${roundId}:b${betId}:rb`,
};

/**
 * The money of a round through the seamless wallet of our own games, exactly as an outside vendor would send it:
 * each bet its own bet tx; one win per member and round (the sum of what the member's bets return, 0 when all
 * lost) closing the member's wallet round; a cancelled round's bets rolled back. Every call has a fixed tx id, so
 * a retry after a crash — by this process or another dealer — moves nothing twice.
 */
export function createBaccaratWallet(deps: { repo: BaccaratRepository; games: BaccaratGames }) {
  const { repo, games } = deps;

  async function vendorOf(merchant: Merchant): Promise<VendorRow> {
    const v = await games.vendor(merchant.id, BACCARAT_VENDOR);
    if (!v || v.status !== 'active') throw new AppError('game_maintenance');
    return v;
  }

  /** Takes the stake of a recorded bet: 'OK' or the wallet's refusal. */
  async function postBet(merchant: Merchant, bet: BetRow, token: string): Promise<string> {
    const vendor = await vendorOf(merchant);
    const tx = walletIds.bet(bet.round_id, bet.id);
    const a = await games.wallet.bet({
      merchant,
      vendor,
      body: {
        request_id: tx,
        player_id: String(bet.member_id),
        session_token: token,
        currency: merchant.currency,
        game_code: BACCARAT_GAME,
        round_id: walletIds.round(bet.round_id),
        tx_id: tx,
        amount: String(bet.amount),
        round_closed: false,
      },
    });
    return a.status;
  }

  async function rollback(merchant: Merchant, vendor: VendorRow, bet: BetRow): Promise<void> {
    const tx = walletIds.rollback(bet.round_id, bet.id);
    const a = await games.wallet.rollback({
      merchant,
      vendor,
      body: {
        request_id: tx,
        player_id: String(bet.member_id),
        currency: merchant.currency,
        round_id: walletIds.round(bet.round_id),
        tx_id: tx,
        original_tx_id: walletIds.bet(bet.round_id, bet.id),
      },
    });
    if (a.status !== 'OK') throw new Error(`baccarat bet ${bet.id}: the wallet refused the rollback (${a.status})`);
  }

  /**
   * A pending bet when its round moves on: the wallet took it (→ placed) or it never arrived / was refused — then it
   * is rolled back (a tombstone: a late bet call cannot land) and refused.
   */
  async function resolvePending(merchant: Merchant, vendor: VendorRow, bet: BetRow): Promise<BetRow> {
    const status = await games.walletTxStatus(
      merchant.id,
      BACCARAT_VENDOR,
      bet.member_id,
      walletIds.bet(bet.round_id, bet.id),
    );
    if (status === 'applied') {
      await repo.setBetStatus(repo.db, [bet.id], ['pending'], 'placed');
      return { ...bet, status: 'placed' };
    }
    await rollback(merchant, vendor, bet);
    await repo.setBetStatus(repo.db, [bet.id], ['pending'], 'refused');
    return { ...bet, status: 'refused' };
  }

  return {
    vendorOf,
    postBet,

    /** Pays a dealt round: one win per member (idempotent), then each bet settled with what it returned. */
    async payRound(merchant: Merchant, variant: BaccaratVariant, round: RoundRow): Promise<void> {
      const hand = round.result as StoredHand;
      const vendor = await vendorOf(merchant);
      const bets = await repo.roundBets(round.id);
      const byMember = new Map<bigint, BetRow[]>();
      for (const b of bets) byMember.set(b.member_id, [...(byMember.get(b.member_id) ?? []), b]);
      const summary = `${hand.winner} ${hand.playerTotal}-${hand.bankerTotal}`;
      await inBatches([...byMember.values()], WALLET_CONCURRENCY, async (memberBets) => {
        const live: BetRow[] = [];
        for (const b of memberBets) {
          if (b.status === 'pending') {
            const r = await resolvePending(merchant, vendor, b);
            if (r.status === 'placed') live.push(r);
          } else if (b.status === 'placed' || b.status === 'settled') live.push(b);
        }
        if (!live.length || live.every((b) => b.status === 'settled')) return;
        const returns = live.map((b) => betReturn(variant, b.spot, hand, b.amount));
        const total = returns.reduce((s, x) => s + x, 0n);
        // The round's valid bet as the wallet should count it: opposite Player/Banker bets net out, a tie pushes them.
        const stakes: Partial<Record<BetRow['spot'], bigint>> = {};
        for (const b of live) stakes[b.spot] = (stakes[b.spot] ?? 0n) + b.amount;
        const a = await games.wallet.win({
          merchant,
          vendor,
          body: {
            request_id: walletIds.win(round.id),
            player_id: String(live[0]!.member_id),
            currency: merchant.currency,
            game_code: BACCARAT_GAME,
            round_id: walletIds.round(round.id),
            tx_id: walletIds.win(round.id),
            bet_tx_id: walletIds.bet(round.id, live[0]!.id),
            amount: String(total),
            round_closed: true,
            summary,
            valid_bet: String(validBetOf(stakes, hand.winner)),
          },
        });
        if (a.status !== 'OK') throw new Error(`baccarat round ${round.id}: the wallet refused a win (${a.status})`);
        await repo.settleBets(
          repo.db,
          live.map((b, k) => ({ id: b.id, payout: returns[k]! })),
        );
      });
    },

    /** Refunds every bet of a cancelled round (idempotent): placed ones rolled back, pending ones resolved first. */
    async refundRound(merchant: Merchant, round: RoundRow): Promise<number> {
      const vendor = await vendorOf(merchant);
      const bets = (await repo.roundBets(round.id)).filter((b) => b.status === 'pending' || b.status === 'placed');
      await inBatches(bets, WALLET_CONCURRENCY, async (b) => {
        const bet = b.status === 'pending' ? await resolvePending(merchant, vendor, b) : b;
        if (bet.status !== 'placed') return;
        await rollback(merchant, vendor, bet);
        await repo.setBetStatus(repo.db, [bet.id], ['placed'], 'refunded');
      });
      return bets.length;
    },
  };
}

export type BaccaratWallet = ReturnType<typeof createBaccaratWallet>;
