import type { BaccaratHand } from './baccarat-hand.ts';

/**
 * Bets and payouts (domain-rules §5.2). `commission`: Banker pays 0.95:1 (5 % commission). `no-commission`
 * ("Super 6"): Banker pays 1:1, but 0.5:1 when the Banker wins with 6. Tie 8:1, pairs 11:1. Player and Banker bets
 * push on a tie. A return is the amount paid back including the stake (0: lost); fractions of a minor unit are
 * rounded down (the only rounding: 0.95 and 0.5 of an odd stake).
 */
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];

export const BACCARAT_VARIANTS = ['commission', 'no-commission'] as const;
export type BaccaratVariant = (typeof BACCARAT_VARIANTS)[number];

/** Return per unit staked as a fraction [numerator, denominator]; push = [1, 1], loss = [0, 1]. */
export function returnRatio(
  variant: BaccaratVariant,
  bet: BaccaratBet,
  hand: Pick<BaccaratHand, 'winner' | 'bankerTotal' | 'playerPair' | 'bankerPair'>,
): [number, number] {
  switch (bet) {
    case 'player':
      return hand.winner === 'player' ? [2, 1] : hand.winner === 'tie' ? [1, 1] : [0, 1];
    case 'banker':
      if (hand.winner === 'tie') return [1, 1];
      if (hand.winner !== 'banker') return [0, 1];
      if (variant === 'commission') return [195, 100];
      return hand.bankerTotal === 6 ? [3, 2] : [2, 1];
    case 'tie':
      return hand.winner === 'tie' ? [9, 1] : [0, 1];
    case 'playerPair':
      return hand.playerPair ? [12, 1] : [0, 1];
    case 'bankerPair':
      return hand.bankerPair ? [12, 1] : [0, 1];
  }
}

/** What a bet of `stake` minor units returns (stake included; 0 when lost). */
export function betReturn(
  variant: BaccaratVariant,
  bet: BaccaratBet,
  hand: Pick<BaccaratHand, 'winner' | 'bankerTotal' | 'playerPair' | 'bankerPair'>,
  stake: bigint,
): bigint {
  const [n, d] = returnRatio(variant, bet, hand);
  return (stake * BigInt(n)) / BigInt(d);
}

/** The most a bet can return per unit (for the table's exposure limit): the best case of each bet. */
export const MAX_RETURN: Record<BaccaratBet, number> = { player: 2, banker: 2, tie: 9, playerPair: 12, bankerPair: 12 };

/**
 * Valid bet of one member's bets in one round (domain-rules §5.3, §8.6): |Banker − Player| (opposite bets net out),
 * nothing of Player/Banker when the hand is a tie (a push), plus the side bets; 0 for a cancelled round.
 */
export function validBetOf(
  stakes: Partial<Record<BaccaratBet, bigint>>,
  winner: BaccaratHand['winner'] | null,
): bigint {
  if (winner === null) return 0n;
  const p = stakes.player ?? 0n;
  const b = stakes.banker ?? 0n;
  const main = winner === 'tie' ? 0n : p > b ? p - b : b - p;
  return main + (stakes.tie ?? 0n) + (stakes.playerPair ?? 0n) + (stakes.bankerPair ?? 0n);
}
