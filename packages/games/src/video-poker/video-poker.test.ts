import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import { FairRng, shuffleInPlace } from '../rng/fair-rng.ts';
import { cardCode, newDeck, parseCard, parseHand } from './cards.ts';
import { JACKS_OR_BETTER_V1, paysFor, videoPokerPaytable } from './jacks-or-better.ts';
import { HAND, HAND_NAMES, handCategoryOf } from './poker-hand.ts';
import { VideoPokerTables } from './vp-analysis.ts';
import { checkVideoPokerBet, dealVideoPoker, playVideoPoker } from './vp-round.ts';
import { holdValues, optimalHold } from './vp-strategy.ts';

const math = JACKS_OR_BETTER_V1;
const name = (codes: string) => HAND_NAMES[handCategoryOf(parseHand(codes))];

describe('cards', () => {
  it('encodes rank-major in the order ♦ ♥ ♠ ♣ and round-trips codes', () => {
    expect(cardCode(0)).toBe('2D');
    expect(cardCode(1)).toBe('2H');
    expect(cardCode(51)).toBe('AC');
    expect(parseCard('ts')).toBe(8 * 4 + 2);
    for (const c of newDeck()) expect(parseCard(cardCode(c))).toBe(c);
    expect(() => parseCard('1S')).toThrow(RangeError);
  });
});

describe('Jacks or Better hand ranking', () => {
  it.each([
    ['AS KS QS JS TS', 'royalFlush'],
    ['TH JH QH KH AH', 'royalFlush'],
    ['9S KS QS JS TS', 'straightFlush'],
    ['AD 2D 3D 4D 5D', 'straightFlush'], // steel wheel
    ['7C 7D 7H 7S 2D', 'fourOfAKind'],
    ['3C 3D 3H KS KD', 'fullHouse'],
    ['2H 7H 9H JH KH', 'flush'],
    ['AS 2D 3H 4C 5S', 'straight'], // wheel
    ['TS JD QH KC AS', 'straight'], // broadway
    ['9S TD JH QC KS', 'straight'],
    ['QS KD AH 2C 3S', 'nothing'], // no wrap-around
    ['8C 8D 8H KS 2D', 'threeOfAKind'],
    ['8C 8D KH KS 2D', 'twoPair'],
    ['2C 2D 3H 3S 9D', 'twoPair'],
    ['JC JD 3H 5S 9D', 'jacksOrBetter'],
    ['AC 4D 3H 5S AD', 'jacksOrBetter'],
    ['TC TD 3H 5S 9D', 'nothing'], // tens are not jacks or better
    ['2C 5D 7H 9S KD', 'nothing'],
  ])('%s is %s', (codes, expected) => {
    expect(name(codes)).toBe(expected);
  });

  it('publishes the 9/6 paytable with the 5-coin royal bonus', () => {
    const table = videoPokerPaytable(math);
    expect(table[0]).toEqual({ hand: 'royalFlush', coins: [250, 500, 750, 1000, 4000] });
    expect(table.find((r) => r.hand === 'fullHouse')!.coins).toEqual([9, 18, 27, 36, 45]);
    expect(table.find((r) => r.hand === 'flush')!.coins).toEqual([6, 12, 18, 24, 30]);
    expect(table[table.length - 1]).toEqual({ hand: 'jacksOrBetter', coins: [1, 2, 3, 4, 5] });
  });
});

describe('optimal holds (exact enumeration of the draws, 5 coins)', () => {
  const best = (codes: string) => optimalHold(math, parseHand(codes));
  const held = (codes: string) =>
    best(codes)
      .holds.map((h, i) => (h ? codes.split(' ')[i] : null))
      .filter(Boolean)
      .join(' ');

  it('values hands as the published 9/6 analyses do', () => {
    expect(best('AS KS QS JS TS').ev).toBe(800); // dealt royal
    expect(best('8C 8D KH KS 2D').ev).toBeCloseTo(122 / 47, 12); // two pair: 2.5957
    expect(best('8C 8D 8H KS 2D').ev).toBeCloseTo(4651 / 1081, 12); // three of a kind: 4.3025
    expect(best('7C 7D 7H 7S 2D').ev).toBe(25);
    // Four to a royal with a non-paying discard: T♠ 800 + 8 other spades × 6 + 3 tens × 4 + 12 high pairs × 1.
    expect(best('AS KS QS JS 2H').ev).toBeCloseTo(872 / 47, 12);
  });

  it('breaks a made straight or flush for four to a royal', () => {
    expect(held('TS JS QS KS 9H')).toBe('TS JS QS KS');
    expect(held('AS KS QS JS 3S')).toBe('AS KS QS JS');
    expect(best('AS KS QS JS 3S').ev).toBeCloseTo(866 / 47, 12);
  });

  it('keeps made hands and the right draws', () => {
    expect(held('2H 7H 9H JH KH')).toBe('2H 7H 9H JH KH'); // flush
    expect(held('3C 3D 3H KS KD')).toBe('3C 3D 3H KS KD'); // full house
    expect(held('JS JH 4S 7S 9S')).toBe('JS JH'); // high pair over four to a flush
    expect(held('5D 5H 6S 7C 8D')).toBe('5D 5H'); // low pair over four to an open straight
    expect(held('8C 8D KH KS 2D')).toBe('8C 8D KH KS');
  });

  it('gives the same hold counts by the inclusion–exclusion tables as by direct enumeration', () => {
    const tables = VideoPokerTables.build();
    for (const codes of ['AS KS QS JS 2H', '5D 5H 6S 7C 8D', 'QC 9D 4H 2S 7C']) {
      const hand = parseHand(codes);
      const counts = tables.holdCategoryCounts(hand);
      const pays = math.paysPerCoin.map((p, k) => (k === 9 ? math.royalPerCoinAtMaxCoins : p));
      for (const h of holdValues(math, hand, 5)) {
        let total = 0;
        let draws = 0;
        for (let k = 0; k < 10; k++) {
          total += counts[h.mask * 10 + k]! * pays[k]!;
          draws += counts[h.mask * 10 + k]!;
        }
        expect([total, draws]).toEqual([h.totalPay, h.draws]);
      }
    }
  });
});

const seeds = { serverSeed: 'vp-test-server-seed', clientSeed: 'vp-test', nonce: 0 };
const bet = { coins: 5, betLevel: 2 };
const all = [true, true, true, true, true];
const none = [false, false, false, false, false];

describe('video poker round', () => {
  it('deals the first 5 cards of the shuffled deck and draws replacements from the same deck', () => {
    const deck = shuffleInPlace(new FairRng(seeds), newDeck()).map(cardCode);
    const dealt = dealVideoPoker(math, { seeds, bet });
    expect(dealt.dealt).toEqual(deck.slice(0, 5));
    expect(dealt.stake).toBe(10);
    const kept = playVideoPoker(math, { seeds, bet, holds: [true, false, true, false, false] });
    expect(kept.dealt).toEqual(dealt.dealt);
    expect(kept.final).toEqual([deck[0], deck[5], deck[2], deck[6], deck[7]]);
    expect(kept.drawn).toEqual(deck.slice(5, 8));
    expect(playVideoPoker(math, { seeds, bet, holds: none }).final).toEqual(deck.slice(5, 10));
    expect(playVideoPoker(math, { seeds, bet, holds: all }).final).toEqual(deck.slice(0, 5));
  });

  it('replays and pays per coin × coins × bet level, the royal bonus only at 5 coins', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const s = { ...seeds, nonce };
      const a = playVideoPoker(math, { seeds: s, bet, holds: none });
      expect(playVideoPoker(math, { seeds: s, bet, holds: none })).toEqual(a);
      expect(a.hand).toBe(HAND_NAMES[handCategoryOf(parseHand(a.final.join(' ')))]);
      expect(a.win).toBe(a.payPerCoin * 5 * 2);
    }
    expect(paysFor(math, 5)[HAND.royalFlush]).toBe(800);
    expect(paysFor(math, 4)[HAND.royalFlush]).toBe(250);
  });

  it('validates the bet and the holds', () => {
    expect(checkVideoPokerBet(math, { coins: 5, betLevel: 100 })).toBeNull();
    for (const b of [
      { coins: 0, betLevel: 1 },
      { coins: 6, betLevel: 1 },
      { coins: 5, betLevel: 3 },
    ])
      expect(() => dealVideoPoker(math, { seeds, bet: b })).toThrow(GameInputError);
    expect(() => playVideoPoker(math, { seeds, bet, holds: [true, false] })).toThrow(GameInputError);
  });
});
