import { bankerDraws } from './baccarat-hand.ts';
import { type BaccaratBet, type BaccaratVariant, returnRatio } from './baccarat-payouts.ts';
import { SHOE_DECKS } from './baccarat-shoe.ts';

/**
 * Exact probabilities of a fresh 8-deck shoe by enumeration of every deal (card values 0–9, drawn without
 * replacement), and each bet's expected return — the figures of domain-rules §5.2 recomputed from the rules.
 */
export interface ShoeOdds {
  player: number;
  banker: number;
  tie: number;
  /** P(Banker wins with a total of 6) — the no-commission variant's half-paid win. */
  bankerSix: number;
  /** P(the Player's two cards are a pair) = P(Banker's). */
  pair: number;
}

export function enumerateShoe(decks = SHOE_DECKS): ShoeOdds {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 * decks : 4 * decks));
  let left = 52 * decks;
  const odds = { player: 0, banker: 0, tie: 0, bankerSix: 0 };
  const take = (v: number) => {
    const p = counts[v]! / left;
    counts[v]!--;
    left--;
    return p;
  };
  const put = (v: number) => {
    counts[v]!++;
    left++;
  };
  const finish = (weight: number, p: number, b: number) => {
    if (p > b) odds.player += weight;
    else if (b > p) {
      odds.banker += weight;
      if (b === 6) odds.bankerSix += weight;
    } else odds.tie += weight;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * take(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * take(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * take(b2);
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (pt >= 8 || bt >= 8) finish(w4, pt, bt);
          else if (pt >= 6) {
            if (!bankerDraws(bt, null)) finish(w4, pt, bt);
            else for (let b3 = 0; b3 < 10; b3++) finish(w4 * (counts[b3]! / left), pt, (bt + b3) % 10);
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = w4 * take(p3);
              const pf = (pt + p3) % 10;
              if (!bankerDraws(bt, p3)) finish(w5, pf, bt);
              else for (let b3 = 0; b3 < 10; b3++) finish(w5 * (counts[b3]! / left), pf, (bt + b3) % 10);
              put(p3);
            }
          }
          put(b2);
        }
        put(p2);
      }
      put(b1);
    }
    put(p1);
  }
  // Pairs are by rank (13 ranks of 4·decks cards): the first two cards of a side share a rank.
  const perRank = 4 * decks;
  return { ...odds, pair: (perRank - 1) / (52 * decks - 1) };
}

/** Expected return per unit staked of a bet (1 − house edge), from the shoe's exact odds. */
export function expectedReturn(odds: ShoeOdds, variant: BaccaratVariant, bet: BaccaratBet): number {
  const ratio = (hand: Parameters<typeof returnRatio>[2]) => {
    const [n, d] = returnRatio(variant, bet, hand);
    return n / d;
  };
  const none = { playerPair: false, bankerPair: false };
  if (bet === 'playerPair' || bet === 'bankerPair')
    return odds.pair * ratio({ winner: 'tie', bankerTotal: 0, playerPair: true, bankerPair: true });
  return (
    odds.player * ratio({ winner: 'player', bankerTotal: 0, ...none }) +
    odds.tie * ratio({ winner: 'tie', bankerTotal: 0, ...none }) +
    (odds.banker - odds.bankerSix) * ratio({ winner: 'banker', bankerTotal: 7, ...none }) +
    odds.bankerSix * ratio({ winner: 'banker', bankerTotal: 6, ...none })
  );
}
