import { describe, expect, it } from 'vitest';
import {
  gameCatalogue,
  gameConfig,
  gameKind,
  playRound,
  type RoundRequest,
  SCRATCH_GAMES,
  SLOT_GAMES,
  stakeOf,
  VIDEO_POKER_GAMES,
} from './catalogue.ts';
import { GameInputError } from './errors.ts';
import { LUCKY_MATCH_V1 } from './scratch/scratch-math.ts';
import { playScratch } from './scratch/scratch-round.ts';
import { LUCKY_DRAGON_V1 } from './slot/lucky-dragon.ts';
import { playSlotRound } from './slot/slot-round.ts';

// Published vectors of our own games: fixed seeds → outcomes. The server, the verifier page and any third party
// re-implementing the README's rules must get exactly these.
const SERVER_SEED = '9f1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';
const seeds = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce });

describe('fixed outcome vectors', () => {
  it('slot-lucky-dragon v1, nonce 0: stops from int(33), int(33), int(34), int(33), int(33); no win', () => {
    const r = playRound({ gameId: 'slot-lucky-dragon', seeds: seeds(0), bet: { lines: 20, betLevel: 1 } });
    if (r.kind !== 'slot') throw new Error('slot expected');
    expect(r.result.spins.map((s) => s.stops)).toEqual([[27, 11, 11, 5, 30]]);
    expect(0x4f10f6a9 % 33).toBe(27); // the first word of the stream (see fair-rng.test.ts)
    expect([r.stake, r.win, r.result.cursor]).toEqual([20, 0, 20]);
  });

  it('slot-lucky-dragon v1, nonce 442: 3 scatters, a koi line through two wilds, 8 free spins at ×3', () => {
    const r = playRound({ gameId: 'slot-lucky-dragon', seeds: seeds(442), bet: { lines: 20, betLevel: 1 } });
    if (r.kind !== 'slot') throw new Error('slot expected');
    const base = r.result.spins[0]!;
    expect(base.grid).toEqual([
      ['lantern', 'Q', 'dragon'],
      ['A', 'koi', 'pearl'],
      ['dragon', 'lantern', 'A'],
      ['pearl', 'lotus', '10'],
      ['A', 'J', 'pearl'],
    ]);
    expect(base.lineWins).toEqual([
      {
        line: 5,
        symbol: 'koi',
        count: 3,
        positions: [
          [0, 2],
          [1, 1],
          [2, 0],
        ],
        pay: 25,
      },
    ]);
    expect(base.scatter).toEqual({
      count: 3,
      positions: [
        [1, 2],
        [3, 0],
        [4, 2],
      ],
      pay: 40,
      freeSpinsAwarded: 8,
    });
    expect(r.result.spins.map((s) => s.stops)).toEqual([
      [20, 21, 5, 28, 23],
      [23, 9, 8, 8, 5],
      [18, 15, 29, 7, 13],
      [14, 25, 0, 10, 19],
      [22, 31, 22, 9, 29],
      [2, 26, 5, 26, 4],
      [15, 8, 2, 4, 2],
      [13, 25, 31, 17, 15],
      [15, 13, 3, 0, 17],
    ]);
    expect(r.result.spins.map((s) => s.win)).toEqual([65, 15, 0, 0, 24, 135, 15, 0, 24]);
    expect([r.result.baseWin, r.result.freeSpinsWin, r.win, r.result.cursor]).toEqual([65, 213, 278, 180]);
  });

  it('vp-jacks-or-better v1: the deal and the draw from the same shuffled deck', () => {
    const holds = [true, true, false, false, false];
    const a = playRound({ gameId: 'vp-jacks-or-better', seeds: seeds(0), bet: { coins: 5, betLevel: 1 }, holds });
    const b = playRound({ gameId: 'vp-jacks-or-better', seeds: seeds(1), bet: { coins: 5, betLevel: 1 }, holds });
    if (a.kind !== 'video-poker' || b.kind !== 'video-poker') throw new Error('video poker expected');
    expect([a.result.dealt.join(' '), a.result.final.join(' '), a.result.hand, a.win]).toEqual([
      'QS AH 4S QC JC',
      'QS AH 5H 8D TS',
      'nothing',
      0,
    ]);
    expect([b.result.dealt.join(' '), b.result.final.join(' '), b.result.hand, b.win]).toEqual([
      'KD 2C 8D 2D AD',
      'KD 2C 6S JC JH',
      'jacksOrBetter',
      5,
    ]);
    expect(a.result.cursor).toBe(204); // 51 integers, no rejection
  });

  it('scratch-lucky-match v1: outcome first, then the grid', () => {
    const lose = playRound({ gameId: 'scratch-lucky-match', seeds: seeds(0), bet: { betLevel: 1 } });
    const win = playRound({ gameId: 'scratch-lucky-match', seeds: seeds(1), bet: { betLevel: 1 } });
    if (lose.kind !== 'scratch' || win.kind !== 'scratch') throw new Error('scratch expected');
    expect([lose.result.prize, lose.result.grid]).toEqual([0, [10000, 10000, 10, 500, 2, 5, 20, 3, 20]]);
    expect([win.result.prize, win.result.grid, win.result.winningCells]).toEqual([
      3,
      [50, 3, 3, 2000, 1, 100, 3, 100, 2],
      [1, 2, 6],
    ]);
  });
});

describe('catalogue', () => {
  it('names every game kind-prefixed with a current maths version', () => {
    for (const id of Object.keys(SLOT_GAMES)) expect(id).toMatch(/^slot-[a-z0-9-]+$/);
    for (const id of Object.keys(VIDEO_POKER_GAMES)) expect(id).toMatch(/^vp-[a-z0-9-]+$/);
    for (const id of Object.keys(SCRATCH_GAMES)) expect(id).toMatch(/^scratch-[a-z0-9-]+$/);
    expect(gameCatalogue().map((g) => [g.gameId, g.kind, g.mathVersion])).toEqual([
      ['slot-lucky-dragon', 'slot', 1],
      ['vp-jacks-or-better', 'video-poker', 1],
      ['scratch-lucky-match', 'scratch', 1],
    ]);
  });

  it('exposes what the server presents: RTP, bet levels, lines, paytables, strips, prizes', () => {
    const slot = gameConfig('slot-lucky-dragon');
    if (slot.kind !== 'slot') throw new Error('slot expected');
    expect(slot.rtp).toBe('96.01');
    expect(slot.lines).toHaveLength(20);
    expect(slot.reels.base).toHaveLength(5);
    const vp = gameConfig('vp-jacks-or-better');
    if (vp.kind !== 'video-poker') throw new Error('video poker expected');
    expect(vp.paytable[0]!.coins[4]).toBe(4000);
    const scratch = gameConfig('scratch-lucky-match');
    if (scratch.kind !== 'scratch') throw new Error('scratch expected');
    expect(scratch.prizes).toHaveLength(11);
    expect(scratch.hitRate).toBe('0.364316');
    for (const g of gameCatalogue()) expect(JSON.parse(JSON.stringify(g))).toEqual(g);
  });

  it('plays every game through playRound exactly as its own function does; results are plain JSON', () => {
    const slot = playRound({ gameId: 'slot-lucky-dragon', seeds: seeds(7), bet: { lines: 9, betLevel: 2 } });
    expect(slot.result).toEqual(playSlotRound(LUCKY_DRAGON_V1, { seeds: seeds(7), bet: { lines: 9, betLevel: 2 } }));
    const scratch = playRound({ gameId: 'scratch-lucky-match', mathVersion: 1, seeds: seeds(7), bet: { betLevel: 5 } });
    expect(scratch.result).toEqual(playScratch(LUCKY_MATCH_V1, { seeds: seeds(7), bet: { betLevel: 5 } }));
    expect(JSON.parse(JSON.stringify(slot))).toEqual(slot);
  });

  it('computes stakes and refuses unknown games, versions, bets and missing holds with stable codes', () => {
    expect(stakeOf('slot-lucky-dragon', { lines: 20, betLevel: 5 })).toBe(100);
    expect(stakeOf('vp-jacks-or-better', { coins: 5, betLevel: 10 })).toBe(50);
    expect(stakeOf('scratch-lucky-match', { betLevel: 20 })).toBe(20);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof GameInputError ? e.code : 'other';
      }
      return null;
    };
    const request: RoundRequest = { gameId: 'slot-lucky-dragon', seeds: seeds(0), bet: { lines: 20, betLevel: 1 } };
    expect(code(() => playRound({ ...request, gameId: 'slot-nope' }))).toBe('unknown_game');
    expect(code(() => playRound({ ...request, gameId: 'toString' }))).toBe('unknown_game');
    expect(code(() => playRound({ ...request, mathVersion: 2 }))).toBe('unknown_math_version');
    expect(code(() => stakeOf('slot-lucky-dragon', { betLevel: 1 }))).toBe('invalid_bet');
    expect(code(() => playRound({ ...request, gameId: 'vp-jacks-or-better', bet: { coins: 1, betLevel: 1 } }))).toBe(
      'invalid_holds',
    );
    expect(code(() => playRound({ ...request, seeds: { ...seeds(0), nonce: -1 } }))).toBe('invalid_seeds');
    expect(gameKind('vp-jacks-or-better')).toBe('video-poker');
  });
});

describe('portability', () => {
  it('the engines import nothing but @noble/hashes and their own files (no Node API, no test helpers)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('.', import.meta.url).pathname;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.startsWith('testing'),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const imports = [...readFileSync(join(root, f), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports)
        expect(spec, `${f} imports ${spec}`).toMatch(/^(\.{1,2}\/(?!.*testing\/)|@noble\/hashes\/)/);
    }
  });
});
