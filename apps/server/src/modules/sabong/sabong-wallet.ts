import { sabongBetReturn } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { type GamesModule, inBatches, type VendorRow, WALLET_CONCURRENCY } from '../games/index.ts';
import type { BetRow, FightRow, SabongRepository } from './sabong.repository.ts';

/** Our own games are vendor SEA; the arenas are its game `sabong` (COCKFIGHT centre). */
export const SABONG_VENDOR = 'SEA';
export const SABONG_GAME = 'sabong';

export type SabongGames = Pick<
  GamesModule,
  'wallet' | 'vendor' | 'sessionByToken' | 'findGame' | 'walletTxStatus' | 'registerTableProof'
>;

/** Wallet ids of a fight (one wallet round per member and fight): the same on every retry. */
export const walletIds = {
  round: (fightId: bigint) => `sb${fightId}`,
  bet: (fightId: bigint, betId: bigint) => `sb${fightId}:b${betId}`,
  win: (fightId: bigint) => `sb${fightId}:win`,
  rollback: (fightId: bigint, betId: bigint) => `sb${fightId}:b${betId}:rb`,
};

/**
 * The money of a fight through the seamless wallet of our own games, as an outside vendor would send it: each bet
 * its own bet tx; one win per member and fight (the sum of what the member's bets return — stakes back on a draw,
 * 0 when all lost) closing the member's wallet round; a cancelled fight's bets rolled back. Every call has a fixed
 * tx id, so a retry after a crash — by this process or another dealer — moves nothing twice.
 */
export function createSabongWallet(deps: { repo: SabongRepository; games: SabongGames }) {
  const { repo, games } = deps;

  async function vendorOf(merchant: Merchant): Promise<VendorRow> {
    const v = await games.vendor(merchant.id, SABONG_VENDOR);
    if (!v || v.status !== 'active') throw new AppError('game_maintenance');
    return v;
  }

  async function rollback(merchant: Merchant, vendor: VendorRow, bet: BetRow): Promise<void> {
    const tx = walletIds.rollback(bet.fight_id, bet.id);
    const a = await games.wallet.rollback({
      merchant,
      vendor,
      body: {
        request_id: tx,
        player_id: String(bet.member_id),
        currency: merchant.currency,
        round_id: walletIds.round(bet.fight_id),
        tx_id: tx,
        original_tx_id: walletIds.bet(bet.fight_id, bet.id),
      },
    });
    if (a.status !== 'OK') throw new Error(`sabong bet ${bet.id}: the wallet refused the rollback (${a.status})`);
  }

  /**
   * A pending bet once betting has closed: the wallet took it (→ placed) or it never arrived / was refused — then it
   * is rolled back (a tombstone: a late bet call cannot land) and refused.
   */
  async function resolvePending(merchant: Merchant, vendor: VendorRow, bet: BetRow): Promise<BetRow> {
    const status = await games.walletTxStatus(
      merchant.id,
      SABONG_VENDOR,
      bet.member_id,
      walletIds.bet(bet.fight_id, bet.id),
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

    /** Takes the stake of a recorded bet: 'OK' or the wallet's refusal. */
    async postBet(merchant: Merchant, bet: BetRow, token: string): Promise<string> {
      const vendor = await vendorOf(merchant);
      const tx = walletIds.bet(bet.fight_id, bet.id);
      const a = await games.wallet.bet({
        merchant,
        vendor,
        body: {
          request_id: tx,
          player_id: String(bet.member_id),
          session_token: token,
          currency: merchant.currency,
          game_code: SABONG_GAME,
          round_id: walletIds.round(bet.fight_id),
          tx_id: tx,
          amount: String(bet.amount),
          round_closed: false,
        },
      });
      return a.status;
    },

    /** Every pending bet of a closed fight resolved (placed or refused): the pools can then be fixed. */
    async resolveFight(merchant: Merchant, fight: FightRow): Promise<void> {
      const vendor = await vendorOf(merchant);
      const pending = (await repo.fightBets(fight.id)).filter((b) => b.status === 'pending');
      await inBatches(pending, WALLET_CONCURRENCY, async (b) => {
        await resolvePending(merchant, vendor, b);
      });
    },

    /** Pays a decided fight at its fixed pools: one win per member (idempotent), each bet settled with its return. */
    async payFight(merchant: Merchant, fight: FightRow): Promise<void> {
      const vendor = await vendorOf(merchant);
      const outcome = fight.outcome!;
      const pools = { meron: fight.meron_pool ?? 0n, wala: fight.wala_pool ?? 0n };
      const bets = await repo.fightBets(fight.id);
      const byMember = new Map<bigint, BetRow[]>();
      for (const b of bets) byMember.set(b.member_id, [...(byMember.get(b.member_id) ?? []), b]);
      await inBatches([...byMember.values()], WALLET_CONCURRENCY, async (memberBets) => {
        const live: BetRow[] = [];
        for (const b of memberBets) {
          // Pending bets were resolved before the pools were fixed; one left here (never) is refused, not paid.
          if (b.status === 'pending') {
            const r = await resolvePending(merchant, vendor, b);
            if (r.status === 'placed') throw new Error(`sabong bet ${b.id} was taken after its pools were fixed`);
          } else if (b.status === 'placed' || b.status === 'settled') live.push(b);
        }
        if (!live.length || live.every((b) => b.status === 'settled')) return;
        const returns = live.map((b) => sabongBetReturn(b.side, b.amount, outcome, pools, fight.plasada_bps));
        const total = returns.reduce((s, x) => s + x, 0n);
        const a = await games.wallet.win({
          merchant,
          vendor,
          body: {
            request_id: walletIds.win(fight.id),
            player_id: String(live[0]!.member_id),
            currency: merchant.currency,
            game_code: SABONG_GAME,
            round_id: walletIds.round(fight.id),
            tx_id: walletIds.win(fight.id),
            bet_tx_id: walletIds.bet(fight.id, live[0]!.id),
            amount: String(total),
            round_closed: true,
            summary: `fight ${fight.fight_no}: ${outcome}`,
          },
        });
        if (a.status !== 'OK') throw new Error(`sabong fight ${fight.id}: the wallet refused a win (${a.status})`);
        await repo.settleBets(
          repo.db,
          live.map((b, k) => ({ id: b.id, payout: returns[k]! })),
        );
      });
    },

    /** Refunds every bet of a cancelled fight (idempotent): placed ones rolled back, pending ones resolved first. */
    async refundFight(merchant: Merchant, fight: FightRow): Promise<number> {
      const vendor = await vendorOf(merchant);
      const bets = (await repo.fightBets(fight.id)).filter((b) => b.status === 'pending' || b.status === 'placed');
      await inBatches(bets, WALLET_CONCURRENCY, async (b) => {
        const bet = b.status === 'pending' ? await resolvePending(merchant, vendor, b) : b;
        if (bet.status !== 'placed') return;
        await rollback(merchant, vendor, bet);
        await repo.setBetStatus(repo.db, [bet.id], ['placed'], 'refunded', bet.amount);
      });
      return bets.length;
    },
  };
}

export type SabongWallet = ReturnType<typeof createSabongWallet>;
