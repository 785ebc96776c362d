import { GameInputError, type GameInputIssue } from '../errors.ts';
import { FairRng, RNG_ALGORITHM, type Seeds, shuffleInPlace } from '../rng/fair-rng.ts';
import { cardCode, newDeck } from './cards.ts';
import { paysFor, type VideoPokerMath } from './jacks-or-better.ts';
import { HAND_NAMES, handCategoryOf, type HandName } from './poker-hand.ts';

/** Coins 1..maxCoins (the royal bonus needs maxCoins) at a coin value `betLevel` in credits. */
export interface VideoPokerBet {
  coins: number;
  betLevel: number;
}

export interface VideoPokerDeal {
  gameId: string;
  mathVersion: number;
  rngAlgorithm: string;
  bet: VideoPokerBet;
  /** Credits: coins × betLevel. */
  stake: number;
  /** The 5 dealt cards (codes such as "AS", "TD"), positions 0..4. */
  dealt: string[];
  /** Category of the dealt hand, so the browser can light the paytable row before the draw. */
  dealtHand: HandName;
}

export interface VideoPokerRoundResult extends VideoPokerDeal {
  holds: boolean[];
  /** Replacement cards in the order they were taken from the deck (deck positions 5, 6, …). */
  drawn: string[];
  /** The final hand: held cards stay in place, discarded positions filled left to right. */
  final: string[];
  hand: HandName;
  /** Pay per coin of the final hand (800 for a royal at max coins). */
  payPerCoin: number;
  /** Credits: payPerCoin × coins × betLevel. */
  win: number;
  /** Bytes of the random stream the shuffle used. */
  cursor: number;
}

export function checkVideoPokerBet(math: VideoPokerMath, bet: VideoPokerBet): GameInputIssue | null {
  if (!bet || !Number.isInteger(bet.coins) || bet.coins < 1 || bet.coins > math.maxCoins)
    return { code: 'invalid_bet', message: `coins must be an integer 1–${math.maxCoins}` };
  if (!math.betLevels.includes(bet.betLevel))
    return { code: 'invalid_bet', message: `betLevel must be one of ${math.betLevels.join(', ')}` };
  return null;
}

export function checkHolds(holds: readonly boolean[]): GameInputIssue | null {
  if (!Array.isArray(holds) || holds.length !== 5 || holds.some((h) => typeof h !== 'boolean'))
    return { code: 'invalid_holds', message: 'holds must be 5 booleans, one per dealt card' };
  return null;
}

function assert(issue: GameInputIssue | null): void {
  if (issue) throw new GameInputError(issue.code, issue.message);
}

/**
 * The whole deck of the round, fixed at deal time: Fisher–Yates of the 52 cards (51 integers from the stream).
 * Cards 0..4 are dealt, replacements come from position 5 on. The holds cannot change any card.
 */
export function shuffledDeck(seeds: Seeds): { deck: number[]; cursor: number } {
  const rng = new FairRng(seeds);
  const deck = shuffleInPlace(rng, newDeck());
  return { deck, cursor: rng.cursor };
}

function deal(
  math: VideoPokerMath,
  seeds: Seeds,
  bet: VideoPokerBet,
): { deck: number[]; cursor: number; deal: VideoPokerDeal } {
  assert(checkVideoPokerBet(math, bet));
  const { deck, cursor } = shuffledDeck(seeds);
  const hand = deck.slice(0, 5);
  return {
    deck,
    cursor,
    deal: {
      gameId: math.gameId,
      mathVersion: math.mathVersion,
      rngAlgorithm: RNG_ALGORITHM,
      bet: { coins: bet.coins, betLevel: bet.betLevel },
      stake: bet.coins * bet.betLevel,
      dealt: hand.map(cardCode),
      dealtHand: HAND_NAMES[handCategoryOf(hand)]!,
    },
  };
}

/** First step: the 5 dealt cards (the rest of the deck stays secret with the server seed). */
export function dealVideoPoker(math: VideoPokerMath, input: { seeds: Seeds; bet: VideoPokerBet }): VideoPokerDeal {
  return deal(math, input.seeds, input.bet).deal;
}

/** The settled round: the deal, the player's holds, the draw and the pay. Recomputes from the seeds alone. */
export function playVideoPoker(
  math: VideoPokerMath,
  input: { seeds: Seeds; bet: VideoPokerBet; holds: readonly boolean[] },
): VideoPokerRoundResult {
  assert(checkHolds(input.holds));
  const { deck, cursor, deal: dealt } = deal(math, input.seeds, input.bet);
  const final = deck.slice(0, 5);
  const drawn: number[] = [];
  let next = 5;
  for (let i = 0; i < 5; i++) {
    if (input.holds[i]) continue;
    final[i] = deck[next++]!;
    drawn.push(final[i]!);
  }
  const category = handCategoryOf(final);
  const payPerCoin = paysFor(math, input.bet.coins)[category]!;
  return {
    ...dealt,
    holds: input.holds.slice(),
    drawn: drawn.map(cardCode),
    final: final.map(cardCode),
    hand: HAND_NAMES[category]!,
    payPerCoin,
    win: payPerCoin * input.bet.coins * input.bet.betLevel,
    cursor,
  };
}
