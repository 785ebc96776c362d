import { describe, expect, it } from 'vitest';
import { parseHand } from '../video-poker/cards.ts';
import { enumerateShoe, expectedReturn } from './baccarat-analysis.ts';
import { bankerDraws, dealingOrder, handFromCards } from './baccarat-hand.ts';
import { betReturn, validBetOf } from './baccarat-payouts.ts';
import { bigRoad, derivedRoad, roadsOf, type RoadResult } from './baccarat-roads.ts';
import {
  CUT_POSITION,
  dealFromShoe,
  endedPastCut,
  firstHandPosition,
  SHOE_SIZE,
  shoeCommitment,
  shoeHasNextHand,
  shuffledShoe,
  verifyHand,
} from './baccarat-shoe.ts';

describe('baccarat: exact odds of an 8-deck shoe (domain-rules §5.2)', () => {
  const odds = enumerateShoe();
  const edge = (variant: 'commission' | 'no-commission', bet: Parameters<typeof expectedReturn>[2]) =>
    1 - expectedReturn(odds, variant, bet);

  it('outcome probabilities match Wizard of Odds (P 0.446247, B 0.458597, T 0.095156)', () => {
    expect(odds.player).toBeCloseTo(0.446247, 6);
    expect(odds.banker).toBeCloseTo(0.458597, 6);
    expect(odds.tie).toBeCloseTo(0.095156, 6);
    expect(odds.player + odds.banker + odds.tie).toBeCloseTo(1, 10);
    expect(odds.bankerSix).toBeCloseTo(0.053864, 6);
  });

  it('house edge of every bet to four decimals', () => {
    expect(edge('commission', 'player')).toBeCloseTo(0.01235, 4);
    expect(edge('commission', 'banker')).toBeCloseTo(0.01058, 4);
    expect(edge('no-commission', 'banker')).toBeCloseTo(0.01458, 4);
    expect(edge('commission', 'tie')).toBeCloseTo(0.1436, 4);
    expect(edge('commission', 'playerPair')).toBeCloseTo(0.1036, 4);
    expect(edge('no-commission', 'bankerPair')).toBeCloseTo(0.1036, 4);
    expect(edge('no-commission', 'player')).toBe(edge('commission', 'player'));
  });
});

describe('baccarat: third-card rules and payouts', () => {
  it('banker table of §5.1', () => {
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(7, 0)).toBe(false);
  });

  it('a natural stands; a drawn hand follows the table', () => {
    // P: 9+K = 9 natural; B: 2+3 = 5 would draw, but a natural stops both.
    const natural = handFromCards(parseHand('9S 2H KD 3C'));
    expect(natural).toMatchObject({ playerTotal: 9, bankerTotal: 5, winner: 'player', natural: true });
    // P: 2+3 = 5 draws a 4 → 9; B: 3+3 = 6 stands on a third card of 4 → Player wins 9–6.
    const drawn = handFromCards(parseHand('2S 3H 3D 3C 4S 9D'));
    expect(drawn.player).toHaveLength(3);
    expect(drawn.banker).toHaveLength(2);
    expect(drawn).toMatchObject({ playerTotal: 9, bankerTotal: 6, winner: 'player', bankerPair: true });
    expect(dealingOrder(drawn)).toEqual(parseHand('2S 3H 3D 3C 4S'));
  });

  it('returns in minor units: commission, super 6, push, pairs, rounding down', () => {
    const bankerSix = { winner: 'banker' as const, bankerTotal: 6, playerPair: false, bankerPair: true };
    expect(betReturn('commission', 'banker', bankerSix, 1000n)).toBe(1950n);
    expect(betReturn('no-commission', 'banker', bankerSix, 1000n)).toBe(1500n);
    expect(betReturn('no-commission', 'banker', bankerSix, 1001n)).toBe(1501n);
    expect(betReturn('commission', 'banker', bankerSix, 101n)).toBe(196n);
    expect(betReturn('commission', 'player', bankerSix, 1000n)).toBe(0n);
    expect(betReturn('commission', 'bankerPair', bankerSix, 100n)).toBe(1200n);
    const tie = { winner: 'tie' as const, bankerTotal: 4, playerPair: false, bankerPair: false };
    expect(betReturn('commission', 'player', tie, 500n)).toBe(500n);
    expect(betReturn('commission', 'tie', tie, 500n)).toBe(4500n);
  });

  it('valid bet nets Player against Banker; a tie voids them; side bets count', () => {
    expect(validBetOf({ player: 100n, banker: 100n }, 'banker')).toBe(0n);
    expect(validBetOf({ player: 300n, banker: 100n, tie: 50n }, 'player')).toBe(250n);
    expect(validBetOf({ player: 300n }, 'tie')).toBe(0n);
    expect(validBetOf({ player: 300n }, null)).toBe(0n);
  });
});

describe('baccarat: the shoe from a committed seed', () => {
  const seed = 'c0ffee'.repeat(10);

  it('416 cards, 32 of each rank, the same order for the same seed', () => {
    const shoe = shuffledShoe(seed);
    expect(shoe).toHaveLength(SHOE_SIZE);
    const perCard = new Map<number, number>();
    for (const c of shoe) perCard.set(c, (perCard.get(c) ?? 0) + 1);
    expect([...perCard.values()].every((n) => n === 8)).toBe(true);
    expect(shuffledShoe(seed)).toEqual(shoe);
    expect(shuffledShoe(`${seed}x`)).not.toEqual(shoe);
  });

  it('a round’s cards recomputed from the revealed seed; a forged card is caught', () => {
    const shoe = shuffledShoe(seed);
    let pos = firstHandPosition(shoe);
    expect(pos).toBeGreaterThanOrEqual(2);
    const hands: { at: number; cards: number[] }[] = [];
    let cut = 0;
    while (shoeHasNextHand(cut)) {
      const d = dealFromShoe(shoe, pos);
      hands.push({ at: pos, cards: d.cards });
      if (endedPastCut(d.next)) cut++;
      pos = d.next;
    }
    expect(pos).toBeGreaterThan(CUT_POSITION);
    expect(pos).toBeLessThanOrEqual(SHOE_SIZE);
    expect(hands.length).toBeGreaterThan(60);
    const some = hands[17]!;
    const check = verifyHand(seed, shoeCommitment(seed), some.at, some.cards);
    expect(check).toMatchObject({ seedMatches: true, cardsMatch: true });
    const forged = [...some.cards];
    forged[0] = (forged[0]! + 4) % 52;
    expect(verifyHand(seed, shoeCommitment(seed), some.at, forged).cardsMatch).toBe(false);
    expect(verifyHand('other', shoeCommitment(seed), some.at, some.cards).seedMatches).toBe(false);
  });
});

describe('baccarat: roads', () => {
  const r = (s: string): RoadResult[] =>
    [...s].map((ch) => ({
      winner: ch === 'P' ? 'player' : ch === 'B' ? 'banker' : 'tie',
      playerPair: false,
      bankerPair: false,
    }));

  it('big road: columns by streak, ties mark the last cell', () => {
    const big = bigRoad(r('TBBTPPPB'));
    expect(big.map((c) => c.map((x) => x.winner[0]).join(''))).toEqual(['bb', 'ppp', 'b']);
    expect(big[0]![0]!.ties).toBe(1);
    expect(big[0]![1]!.ties).toBe(1);
  });

  it('derived roads follow the standard rules', () => {
    // Big road columns of lengths 1,2,1,3,1 (B P B P B …)
    const big = bigRoad(r('BPPBPPPB'));
    expect(big.map((c) => c.length)).toEqual([1, 2, 1, 3, 1]);
    // Big eye boy starts at (col 1, row 1): P at row 1 of col 1 → col 0 has length 1 = row → blue.
    // (2,0): cols 1 and 0 lengths 2 vs 1 → blue. (3,0): cols 2,1: 1 vs 2 → blue.
    // (3,1): col 2 length 1 = row 1 → blue. (3,2): col 2 length 1 ≠ 2 → red. (4,0): cols 3,2: 3 vs 1 → blue.
    expect(derivedRoad(big, 1).flat()).toEqual(['blue', 'blue', 'blue', 'blue', 'red', 'blue']);
    // Small road starts at (2,1) or (3,0): (3,0): cols 2 and 0: 1 vs 1 → red; (3,1): col 1 length 2 ≠ 1 → red;
    // (3,2): col 1 length 2 = 2 → blue; (4,0): cols 3 and 1: 3 vs 2 → blue.
    expect(derivedRoad(big, 2).flat()).toEqual(['red', 'red', 'blue', 'blue']);
    expect(derivedRoad(big, 3).flat()).toEqual(['blue', 'red', 'blue']);
    const roads = roadsOf(r('BPPBPPPB'));
    expect(roads.bead[6]).toMatchObject({ col: 1, row: 0 });
  });
});
