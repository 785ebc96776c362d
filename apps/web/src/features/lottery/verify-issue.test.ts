import { chainHashAt, chainPrevious } from '@sea/games';
import { describe, expect, it } from 'vitest';
import { reachesCommitment } from './verify-issue.ts';

describe('reachesCommitment', () => {
  const secret = '5'.repeat(64);
  const h10 = secret; // h_10 of a chain of 10
  const terminal = chainHashAt(secret, 10, 0);

  it('walks h_i back i steps to its chain’s terminal hash, in slices', async () => {
    const seen: number[] = [];
    expect(await reachesCommitment(h10, 10, terminal, { slice: 3, onProgress: (n) => seen.push(n) })).toBe(true);
    expect(seen).toEqual([3, 6, 9, 10]);
    expect(await reachesCommitment(chainPrevious(h10), 9, terminal)).toBe(true);
  });

  it('refuses the wrong index, another chain’s commitment, a bad hash and a stopped walk', async () => {
    expect(await reachesCommitment(h10, 9, terminal)).toBe(false);
    expect(await reachesCommitment(h10, 10, chainHashAt('6'.repeat(64), 10, 0))).toBe(false);
    expect(await reachesCommitment('xyz', 10, terminal)).toBe(false);
    expect(await reachesCommitment(h10, 0, terminal)).toBe(false);
    const stop = new AbortController();
    stop.abort();
    expect(await reachesCommitment(h10, 10, terminal, { signal: stop.signal })).toBe(false);
  });
});
