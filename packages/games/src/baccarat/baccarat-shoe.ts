import { commitServerSeed, FairRng, shuffleInPlace } from '../rng/fair-rng.ts';
import { rankOf } from '../video-poker/cards.ts';
import { type BaccaratHand, playHand } from './baccarat-hand.ts';

/**
 * An 8-deck shoe from a committed seed (domain-rules §5.3): the 416 cards (8 × 0..51) shuffled by Fisher–Yates
 * on the provably-fair stream HMAC_SHA256(key = seed, `baccarat-shoe:${n}`) with rejection sampling (rng/fair-rng.ts).
 * SHA-256 of the seed is published when the shoe starts, the seed when it ends; anyone recomputes every card.
 * Burn (§5.1): the first card is turned and that many cards burnt (10/face = 10, A = 1). The cut card lies 16 cards
 * from the end: when it comes out, the hand is finished, one more hand is played, and the shoe ends.
 */
export const SHOE_DECKS = 8;
export const SHOE_SIZE = SHOE_DECKS * 52;
export const CUT_CARD_FROM_END = 16;
export const CUT_POSITION = SHOE_SIZE - CUT_CARD_FROM_END;
export const SHOE_STREAM_PREFIX = 'baccarat-shoe:';

export const shoeCommitment = (seed: string): string => commitServerSeed(seed);

/** The shoe's 416 cards in dealing order. */
export function shuffledShoe(seed: string): number[] {
  const cards: number[] = [];
  for (let d = 0; d < SHOE_DECKS; d++) for (let c = 0; c < 52; c++) cards.push(c);
  return shuffleInPlace(new FairRng({ key: seed, prefix: SHOE_STREAM_PREFIX }), cards);
}

/** Burn count of a turned card: its rank's value with 10/J/Q/K = 10 and A = 1. */
export function burnCount(card: number): number {
  const r = rankOf(card);
  return r === 12 ? 1 : r <= 7 ? r + 2 : 10;
}

/** Where the first hand starts: after the turned card and the cards it burns. */
export const firstHandPosition = (shoe: readonly number[]): number => 1 + burnCount(shoe[0]!);

/** One hand dealt from `position`: the hand, its cards in dealing order, and the next hand's position. */
export function dealFromShoe(
  shoe: readonly number[],
  position: number,
): { hand: BaccaratHand; cards: number[]; next: number } {
  let i = position;
  const cards: number[] = [];
  const hand = playHand(() => {
    const c = shoe[i++];
    if (c === undefined) throw new RangeError('the shoe ran out of cards');
    cards.push(c);
    return c;
  });
  return { hand, cards, next: i };
}

/**
 * May another hand start? `cutHands`: hands so far that ended past the cut card. The hand in which the cut card
 * comes out is finished, then one more is played: the shoe ends once two hands have ended past it.
 */
export const shoeHasNextHand = (cutHands: number): boolean => cutHands < 2;

/** Did a hand that ended at `next` (exclusive) bring out the cut card or start behind it? */
export const endedPastCut = (next: number): boolean => next > CUT_POSITION;

/** A verifier's check of one hand: the cards recomputed from the revealed seed at the hand's position. */
export function verifyHand(
  seed: string,
  commitment: string,
  position: number,
  cards: readonly number[],
): { seedMatches: boolean; cardsMatch: boolean; hand: BaccaratHand } {
  const dealt = dealFromShoe(shuffledShoe(seed), position);
  return {
    seedMatches: shoeCommitment(seed) === commitment.toLowerCase(),
    cardsMatch: dealt.cards.length === cards.length && dealt.cards.every((c, k) => c === cards[k]),
    hand: dealt.hand,
  };
}
