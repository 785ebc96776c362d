import { type BaccaratVariant, betReturn, validBetOf } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { createTableWallet, type GamesModule, HOUSE_VENDOR, type WinMode } from '../games/index.ts';
import type { BaccaratRepository, BetRow, RoundRow } from './baccarat.repository.ts';
import type { StoredHand } from './baccarat.tables.ts';

/** Our own games are vendor SEA; the tables are its game `baccarat` (LIVE centre). */
export const BACCARAT_VENDOR = HOUSE_VENDOR;
export const BACCARAT_GAME = 'baccarat';

export type BaccaratGames = Pick<
  GamesModule,
  'wallet' | 'vendor' | 'sessionByToken' | 'findGame' | 'walletTxStatus' | 'registerTableProof'
>;

/**
 * The money of a round through the seamless wallet of our own games (games/table-wallet.ts): tx ids `bk<round>…`;
 * a member's win is what the member's bets return, with the round's valid bet (opposite Player/Banker bets net out,
 * a tie pushes them).
 */
export function createBaccaratWallet(deps: { repo: BaccaratRepository; games: BaccaratGames; winMode?: WinMode }) {
  const { repo } = deps;
  const w = createTableWallet<BetRow>({
    games: deps.games,
    game: BACCARAT_GAME,
    prefix: 'bk',
    roundOf: (b) => b.round_id,
    bets: (roundId) => repo.roundBets(roundId),
    setBetStatus: (ids, from, to) => repo.setBetStatus(repo.db, ids, from, to),
    settleBets: (bets) => repo.settleBets(repo.db, bets),
    winMode: deps.winMode,
  });
  return {
    vendorOf: w.vendorOf,
    postBet: w.postBet,

    /** Pays a dealt round: one win per member (idempotent), then each bet settled with what it returned. */
    payRound(merchant: Merchant, variant: BaccaratVariant, round: RoundRow): Promise<void> {
      const hand = round.result as StoredHand;
      return w.payRound(merchant, round.id, {
        returns: (live) => live.map((b) => betReturn(variant, b.spot, hand, b.amount)),
        extra: (live) => {
          const stakes: Partial<Record<BetRow['spot'], bigint>> = {};
          for (const b of live) stakes[b.spot] = (stakes[b.spot] ?? 0n) + b.amount;
          return {
            summary: `${hand.winner} ${hand.playerTotal}-${hand.bankerTotal}`,
            valid_bet: String(validBetOf(stakes, hand.winner)),
          };
        },
      });
    },

    /** Refunds every bet of a cancelled round (idempotent): placed ones rolled back, pending ones resolved first. */
    refundRound: (merchant: Merchant, round: RoundRow): Promise<number> => w.refundRound(merchant, round.id),
  };
}

export type BaccaratWallet = ReturnType<typeof createBaccaratWallet>;
