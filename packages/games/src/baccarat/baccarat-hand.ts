import { rankOf } from '../video-poker/cards.ts';

/**
 * Punto banco (domain-rules §5.1). Cards are the video-poker integers 0..51 (rank = card >> 2: 0 = 2 … 7 = 9,
 * 8 = T, 9 = J, 10 = Q, 11 = K, 12 = A). Value: A = 1, 2–9 face, T/J/Q/K = 0; a hand is its total mod 10.
 */
export const cardValue = (card: number): number => {
  const r = rankOf(card);
  return r === 12 ? 1 : r <= 7 ? r + 2 : 0;
};

export const handTotal = (cards: readonly number[]): number => cards.reduce((t, c) => t + cardValue(c), 0) % 10;

export type BaccaratWinner = 'player' | 'banker' | 'tie';

export interface BaccaratHand {
  /** Player's then Banker's cards in the order dealt: P, B, P, B, then the third cards. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
}

/** Does the Banker draw, at `banker` total, when the Player drew a third card of value `third` (null: stood)? */
export function bankerDraws(banker: number, third: number | null): boolean {
  if (third === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return third !== 8;
  if (banker === 4) return third >= 2 && third <= 7;
  if (banker === 5) return third >= 4 && third <= 7;
  if (banker === 6) return third === 6 || third === 7;
  return false;
}

/** Plays one hand, taking cards from `next` in dealing order (P, B, P, B, Player's third, Banker's third). */
export function playHand(next: () => number): BaccaratHand {
  const p1 = next();
  const b1 = next();
  const p2 = next();
  const b2 = next();
  const player = [p1, p2];
  const banker = [b1, b2];
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let third: number | null = null;
    if (handTotal(player) <= 5) {
      const c = next();
      player.push(c);
      third = cardValue(c);
    }
    if (bankerDraws(handTotal(banker), third)) banker.push(next());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: rankOf(p1) === rankOf(p2),
    bankerPair: rankOf(b1) === rankOf(b2),
    natural,
  };
}

/** The same hand from a list of cards in dealing order (what a verifier replays). */
export function handFromCards(cards: readonly number[]): BaccaratHand {
  let i = 0;
  return playHand(() => {
    const c = cards[i++];
    if (c === undefined) throw new RangeError('not enough cards for a hand');
    return c;
  });
}

/** The cards of a hand in dealing order: P1, B1, P2, B2, then Player's and Banker's third cards. */
export function dealingOrder(hand: Pick<BaccaratHand, 'player' | 'banker'>): number[] {
  const out = [hand.player[0]!, hand.banker[0]!, hand.player[1]!, hand.banker[1]!];
  if (hand.player[2] !== undefined) out.push(hand.player[2]);
  if (hand.banker[2] !== undefined) out.push(hand.banker[2]);
  return out;
}
