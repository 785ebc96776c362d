import { commitServerSeed, playRound } from '@sea/games';
import { describe, expect, it } from 'vitest';
import { recompute, sameJson, verifyRound } from './verify-round.ts';

const seeds = { serverSeed: 'revealed server seed 1', clientSeed: 'my client seed', nonce: 12 };
const hash = commitServerSeed(seeds.serverSeed);

describe('round verification', () => {
  it('confirms a stored slot round: hash and result match', () => {
    const stored = playRound({ gameId: 'slot-lucky-dragon', seeds, bet: { lines: 20, betLevel: 2 } });
    const v = verifyRound(
      { gameId: 'slot-lucky-dragon', mathVersion: 1, ...seeds, bet: { lines: 20, betLevel: 2 } },
      { serverSeedHash: hash.toUpperCase(), result: JSON.parse(JSON.stringify(stored.result)), winCredits: stored.win },
    );
    expect(v).toMatchObject({ hashMatches: true, resultMatches: true, winCredits: stored.win });
  });

  it('reports a mismatch when the stored result, the win or the hash differ', () => {
    const stored = playRound({ gameId: 'scratch-lucky-match', seeds, bet: { betLevel: 5 } });
    const result = JSON.parse(JSON.stringify(stored.result)) as Record<string, unknown> & { grid: number[] };
    const tampered = { ...result, grid: [...result.grid].reverse() };
    const input = { gameId: 'scratch-lucky-match', ...seeds, bet: { betLevel: 5 } };
    expect(verifyRound(input, { serverSeedHash: hash, result: tampered }).resultMatches).toBe(false);
    expect(verifyRound(input, { result, winCredits: stored.win + 1 }).resultMatches).toBe(false);
    expect(verifyRound(input, { serverSeedHash: 'f'.repeat(64), result }).hashMatches).toBe(false);
    // Another nonce is another round.
    expect(verifyRound({ ...input, nonce: 13 }, { result }).resultMatches).toBe(
      sameJson(
        playRound({ gameId: 'scratch-lucky-match', seeds: { ...seeds, nonce: 13 }, bet: { betLevel: 5 } }).result,
        result,
      ),
    );
  });

  it('recomputes a video-poker draw with its holds, or only the deal before the draw', () => {
    const holds = [true, true, false, false, true];
    const stored = playRound({ gameId: 'vp-jacks-or-better', seeds, bet: { coins: 5, betLevel: 1 }, holds });
    const v = verifyRound(
      { gameId: 'vp-jacks-or-better', ...seeds, bet: { coins: 5, betLevel: 1 }, holds },
      { result: stored.result as unknown as Record<string, unknown>, winCredits: stored.win },
    );
    expect(v.resultMatches).toBe(true);
    const deal = recompute({ gameId: 'vp-jacks-or-better', ...seeds, bet: { coins: 5, betLevel: 1 }, holds: null });
    expect(deal.kind).toBe('deal');
    if (deal.kind === 'deal') expect(deal.deal.dealt).toEqual((stored.result as { dealt: string[] }).dealt);
    // Other holds give another final hand than the stored one.
    expect(
      verifyRound(
        {
          gameId: 'vp-jacks-or-better',
          ...seeds,
          bet: { coins: 5, betLevel: 1 },
          holds: [false, false, false, false, false],
        },
        { result: stored.result as unknown as Record<string, unknown> },
      ).resultMatches,
    ).toBe(false);
  });

  it('explains inputs the engine refuses instead of throwing', () => {
    const r = recompute({ gameId: 'slot-lucky-dragon', ...seeds, bet: { lines: 99, betLevel: 1 } });
    expect(r).toMatchObject({ kind: 'error', code: 'invalid_bet' });
    expect(recompute({ gameId: 'nope', ...seeds, bet: {} })).toMatchObject({ kind: 'error', code: 'unknown_game' });
  });

  it('compares JSON whatever the key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
