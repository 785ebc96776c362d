/**
 * A card is an integer 0..51: rank = card >> 2 (0 = 2 … 8 = T, 9 = J, 10 = Q, 11 = K, 12 = A), suit = card & 3
 * (0 = ♦ D, 1 = ♥ H, 2 = ♠ S, 3 = ♣ C). The unshuffled deck is 0..51 in this order (♦2, ♥2, ♠2, ♣2, ♦3, … ♣A), the
 * order Stake's provably-fair card games use. Codes: rank character + suit character, e.g. "AS", "TD", "2C".
 */
export const RANKS = '23456789TJQKA';
export const SUITS = 'DHSC';

export const rankOf = (card: number): number => card >> 2;
export const suitOf = (card: number): number => card & 3;

export function cardCode(card: number): string {
  if (!Number.isInteger(card) || card < 0 || card > 51) throw new RangeError(`not a card: ${card}`);
  return RANKS[card >> 2]! + SUITS[card & 3]!;
}

export function parseCard(code: string): number {
  const rank = RANKS.indexOf(code[0]?.toUpperCase() ?? '');
  const suit = SUITS.indexOf(code[1]?.toUpperCase() ?? '');
  if (code.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`not a card code: ${code}`);
  return rank * 4 + suit;
}

/** "AS KS QS JS TS" → cards. */
export const parseHand = (codes: string): number[] => codes.trim().split(/\s+/).map(parseCard);

export const newDeck = (): number[] => Array.from({ length: 52 }, (_, i) => i);
