import type { SlotMath } from './slot-math.ts';

/** A strip written as space-separated symbol codes, top to bottom. */
const reel = (symbols: string): readonly string[] => symbols.split(' ');

/**
 * "Lucky Dragon", maths version 1: 5×3, 20 lines, dragon wild, pearl scatter, 8/12/20 free spins at ×3 with
 * retrigger. Exact RTP 96.0079 % (par sheet in slot-par.ts; full cycle in `npm run bench:games`), the same for any
 * number of lines. Reel strips: base 33/33/34/33/33 stops, free spins 32/32/32/31/31, one scatter per reel.
 */
export const LUCKY_DRAGON_V1: SlotMath = {
  gameId: 'slot-lucky-dragon',
  mathVersion: 1,
  name: 'Lucky Dragon',
  reels: 5,
  rows: 3,
  symbols: [
    { code: 'dragon', kind: 'wild', pays: [50, 200, 1000] },
    { code: 'pearl', kind: 'scatter', pays: [0, 0, 0] },
    { code: 'tiger', kind: 'high', pays: [30, 100, 500] },
    { code: 'koi', kind: 'high', pays: [25, 75, 300] },
    { code: 'lotus', kind: 'high', pays: [20, 60, 200] },
    { code: 'lantern', kind: 'high', pays: [15, 50, 150] },
    { code: 'A', kind: 'low', pays: [10, 25, 100] },
    { code: 'K', kind: 'low', pays: [8, 20, 80] },
    { code: 'Q', kind: 'low', pays: [5, 15, 60] },
    { code: 'J', kind: 'low', pays: [5, 12, 50] },
    { code: '10', kind: 'low', pays: [4, 10, 40] },
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 0, 2, 0, 0],
    [2, 2, 0, 2, 2],
    [0, 2, 2, 2, 0],
  ],
  baseReels: [
    reel(
      'Q 10 A J K lotus J 10 K lantern Q A koi dragon J A lotus K 10 tiger lantern Q dragon koi A J pearl lotus K 10 Q lantern tiger',
    ),
    reel(
      'J A Q K 10 lotus lantern Q 10 K A J koi lotus K 10 tiger lantern Q dragon J A koi pearl lotus K 10 tiger lantern Q J A dragon',
    ),
    reel(
      'K 10 J A Q dragon lantern A J Q lotus K 10 tiger lantern Q dragon koi A J 10 lotus K 10 tiger lantern Q dragon koi A J K lotus pearl',
    ),
    reel(
      '10 Q K J A Q J lotus K 10 A lantern Q dragon koi A J lantern lotus K 10 tiger lantern Q dragon koi A J pearl lotus 10 K tiger',
    ),
    reel(
      'Q A J 10 K lotus 10 K lantern Q J A koi J A lotus K 10 tiger lantern Q dragon koi A J pearl lotus K 10 tiger Q lantern dragon',
    ),
  ],
  freeReels: [
    reel(
      'K koi A J dragon lotus K 10 tiger lantern Q dragon koi A J Q lotus K 10 tiger lantern Q dragon koi A J pearl lotus K 10 tiger lantern',
    ),
    reel(
      'K J lotus K 10 tiger lantern Q dragon koi A J koi lotus K 10 tiger lantern Q dragon A koi J pearl lotus K 10 tiger lantern Q dragon A',
    ),
    reel(
      'dragon 10 tiger lantern Q dragon koi A J K lotus J 10 tiger lantern Q dragon koi A K lotus pearl K 10 tiger lantern Q dragon koi A J lotus',
    ),
    reel(
      'lantern Q dragon koi A J tiger lotus K 10 tiger lantern Q dragon koi A J 10 lotus K 10 tiger lantern Q dragon koi A J pearl lotus K',
    ),
    reel(
      'koi A J dragon lotus K 10 tiger lantern Q dragon koi A J Q lotus K 10 tiger lantern Q dragon koi A J pearl lotus K 10 tiger lantern',
    ),
  ],
  scatter: {
    pays: { 3: 2, 4: 10, 5: 50 },
    freeSpins: { 3: 8, 4: 12, 5: 20 },
  },
  freeSpins: { multiplier: 3, retrigger: true, maxPerRound: 200 },
  betLevels: [1, 2, 3, 5, 10, 20, 50, 100],
  declaredRtp: '96.01',
};
