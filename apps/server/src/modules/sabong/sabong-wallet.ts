import { sabongBetReturn } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { createTableWallet, type GamesModule, HOUSE_VENDOR, type WinMode } from '../games/index.ts';
import type { BetRow, FightRow, SabongRepository } from './sabong.repository.ts';

/** Our own games are vendor SEA; the arenas are its game `sabong` (COCKFIGHT centre). */
export const SABONG_VENDOR = HOUSE_VENDOR;
export const SABONG_GAME = 'sabong';

export type SabongGames = Pick<
  GamesModule,
  'wallet' | 'vendor' | 'sessionByToken' | 'findGame' | 'walletTxStatus' | 'registerTableProof'
>;

/**
 * The money of a fight through the seamless wallet of our own games (games/table-wallet.ts): tx ids `sb<fight>…`;
 * a member's win is what the member's bets return at the fight's fixed pools (stakes back on a draw); a refunded
 * bet's payout is its stake.
 */
export function createSabongWallet(deps: { repo: SabongRepository; games: SabongGames; winMode?: WinMode }) {
  const { repo } = deps;
  const w = createTableWallet<BetRow>({
    games: deps.games,
    game: SABONG_GAME,
    prefix: 'sb',
    roundOf: (b) => b.fight_id,
    bets: (fightId) => repo.fightBets(fightId),
    setBetStatus: (ids, from, to, payout) => repo.setBetStatus(repo.db, ids, from, to, payout),
    settleBets: (bets) => repo.settleBets(repo.db, bets),
    refundPayout: (b) => b.amount,
    winMode: deps.winMode,
  });
  return {
    vendorOf: w.vendorOf,
    postBet: w.postBet,

    /** Every pending bet of a closed fight resolved (placed or refused): the pools can then be fixed. */
    resolveFight: (merchant: Merchant, fight: FightRow): Promise<void> => w.resolveAll(merchant, fight.id),

    /** Pays a decided fight at its fixed pools: one win per member (idempotent), each bet settled with its return. */
    payFight(merchant: Merchant, fight: FightRow): Promise<void> {
      const outcome = fight.outcome!;
      const pools = { meron: fight.meron_pool ?? 0n, wala: fight.wala_pool ?? 0n };
      return w.payRound(merchant, fight.id, {
        returns: (live) => live.map((b) => sabongBetReturn(b.side, b.amount, outcome, pools, fight.plasada_bps)),
        extra: () => ({ summary: `fight ${fight.fight_no}: ${outcome}` }),
        // Pending bets were resolved before the pools were fixed; one taken here (never) is an error, not paid.
        pendingPlaced: (b) => {
          throw new Error(`sabong bet ${b.id} was taken after its pools were fixed`);
        },
      });
    },

    /** Refunds every bet of a cancelled fight (idempotent): placed ones rolled back, pending ones resolved first. */
    refundFight: (merchant: Merchant, fight: FightRow): Promise<number> => w.refundRound(merchant, fight.id),
  };
}

export type SabongWallet = ReturnType<typeof createSabongWallet>;
