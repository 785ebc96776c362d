import type { PlayEvent } from '../../lib/play-events.ts';
import type { ClaimRow, OfferRow } from './bonus.repository.ts';

/**
 * The arithmetic of bonus money, exact in integer minor units. Rounding: a deposit bonus is rounded down (the
 * house keeps the fraction), a bet's contribution to wagering is rounded down (the requirement is met a fraction
 * later, never earlier); a win on a stake partly paid with bonus money is split in seamless.funding.ts.
 */

/** Contribution of valid bets to wagering (percent) when the offer names neither the game nor its category. */
export const DEFAULT_CONTRIBUTIONS: Readonly<Record<string, number>> = {
  RNG: 100,
  SLOT: 100,
  FISH: 100,
  // Our video poker (category RNG) counts like table games.
  'vp-jacks-or-better': 20,
  TABLE: 20,
  CARD: 20,
  POKER: 20,
  LIVE: 10,
  SPORTS: 50,
  ESPORTS: 50,
  // Lottery counts only when the merchant sets it on the offer (ELOTT fast games, LOTT VN / Thai / 4D: play events).
};

export function contributionPercent(contributions: Record<string, number>, e: { category: string; gameCode: string }) {
  return (
    contributions[e.gameCode] ??
    contributions[e.category] ??
    DEFAULT_CONTRIBUTIONS[e.gameCode] ??
    DEFAULT_CONTRIBUTIONS[e.category] ??
    0
  );
}

/** What a settled bet adds to an active claim's wagering (0 when settled before the claim became active). */
export function wageringOf(claim: Pick<ClaimRow, 'activated_at' | 'contributions'>, e: PlayEvent): bigint {
  if (e.kind !== 'bet_settled' || !claim.activated_at || e.settledAt < claim.activated_at) return 0n;
  if (e.validBet <= 0n) return 0n;
  return (e.validBet * BigInt(contributionPercent(claim.contributions, e))) / 100n;
}

/** The bonus a qualifying deposit earns: percent of it, rounded down, capped (0: the deposit does not qualify). */
export function depositBonus(
  offer: Pick<OfferRow, 'percent_bp' | 'max_bonus' | 'min_deposit'>,
  deposit: bigint,
): bigint {
  if (deposit < offer.min_deposit || deposit <= 0n) return 0n;
  const b = (deposit * BigInt(offer.percent_bp)) / 10_000n;
  return offer.max_bonus !== null && b > offer.max_bonus ? offer.max_bonus : b;
}

/** Wagering requirement = multiplier × (bonus, or bonus + deposit). */
export function requirementOf(
  offer: Pick<OfferRow, 'multiplier' | 'wager_base'>,
  bonus: bigint,
  deposit: bigint,
): bigint {
  return BigInt(offer.multiplier) * (offer.wager_base === 'bonus_deposit' ? bonus + deposit : bonus);
}

/** On conversion: what moves to main (capped by the maximum conversion) and what goes back to the house. */
export function conversionOf(balance: bigint, maxConversion: bigint | null): { toMain: bigint; toHouse: bigint } {
  const toMain = maxConversion !== null && balance > maxConversion ? maxConversion : balance;
  return { toMain, toHouse: balance - toMain };
}
