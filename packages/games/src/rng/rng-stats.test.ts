import { describe, expect, it } from 'vitest';
import { chiSquare, chiSquareUniform } from '../testing/chi-square.ts';
import { FairRng, shuffleInPlace } from './fair-rng.ts';

// Goodness of fit at α = 0.01 on fixed seeds (reproducible: the same seeds give the same statistic every run).
const ALPHA = 0.01;
const serverSeed = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';

/** Draw `perNonce` integers from each of `nonces` streams: many seeds, as in play. */
function counts(m: number, nonces: number, perNonce: number): number[] {
  const out = new Array<number>(m).fill(0);
  for (let nonce = 0; nonce < nonces; nonce++) {
    const rng = new FairRng({ serverSeed, clientSeed: `stats-${m}`, nonce });
    for (let i = 0; i < perNonce; i++) out[rng.int(m)]!++;
  }
  return out;
}

describe('RNG statistics (chi-square, α = 0.01)', () => {
  it.each([2, 3, 5, 6, 10, 33, 37, 52])('int(%i) is uniform', (m) => {
    const result = chiSquareUniform(counts(m, 2000, 60));
    expect(result.pValue).toBeGreaterThan(ALPHA);
  });

  it('raw bytes are uniform over 0..255', () => {
    const c = new Array<number>(256).fill(0);
    for (let nonce = 0; nonce < 5000; nonce++) {
      const rng = new FairRng({ serverSeed, clientSeed: 'bytes', nonce });
      for (let i = 0; i < 64; i++) c[rng.nextByte()]!++;
    }
    expect(chiSquareUniform(c).pValue).toBeGreaterThan(ALPHA);
  });

  it('a range that does not divide 2^32 stays uniform, where plain modulo would be biased', () => {
    // m = 3·2^30: with w mod m the values below 2^30 would come twice as often as the others.
    const m = 3 * 2 ** 30;
    const fair = [0, 0, 0];
    const modulo = [0, 0, 0];
    for (let nonce = 0; nonce < 3000; nonce++) {
      const rng = new FairRng({ serverSeed, clientSeed: 'range', nonce });
      for (let i = 0; i < 8; i++) fair[Math.floor(rng.int(m) / 2 ** 30)]!++;
      const raw = new FairRng({ serverSeed, clientSeed: 'range', nonce });
      for (let i = 0; i < 8; i++) modulo[Math.floor((raw.nextUint32() % m) / 2 ** 30)]!++;
    }
    expect(chiSquareUniform(fair).pValue).toBeGreaterThan(ALPHA);
    expect(chiSquareUniform(modulo).pValue).toBeLessThan(1e-6);
  });

  it('every card lands on every deck position equally often after a shuffle (52 × 52 table)', () => {
    const shuffles = 15_600; // 300 expected per cell
    const table = new Array<number>(52 * 52).fill(0);
    for (let nonce = 0; nonce < shuffles; nonce++) {
      const deck = shuffleInPlace(
        new FairRng({ serverSeed, clientSeed: 'deck', nonce }),
        Array.from({ length: 52 }, (_, i) => i),
      );
      deck.forEach((card, position) => table[card * 52 + position]!++);
    }
    // Rows and columns both sum to the number of shuffles: (52 − 1)² degrees of freedom.
    const result = chiSquare(table, new Array<number>(52 * 52).fill(shuffles / 52), 51 * 51);
    expect(result.pValue).toBeGreaterThan(ALPHA);
  });

  it('consecutive draws are not correlated (lag-1 pairs of int(6) are uniform over 36 cells)', () => {
    const pairs = new Array<number>(36).fill(0);
    for (let nonce = 0; nonce < 3000; nonce++) {
      const rng = new FairRng({ serverSeed, clientSeed: 'pairs', nonce });
      let prev = rng.int(6);
      for (let i = 0; i < 20; i++) {
        const next = rng.int(6);
        pairs[prev * 6 + next]!++;
        prev = next;
      }
    }
    expect(chiSquareUniform(pairs).pValue).toBeGreaterThan(ALPHA);
  });
});
