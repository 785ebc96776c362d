import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GameInputError } from '../errors.ts';
import {
  bytesToHex,
  checkSeeds,
  commitServerSeed,
  FairRng,
  roundBytes,
  shuffleInPlace,
  verifyServerSeed,
} from './fair-rng.ts';

// Fixed vectors (computed with OpenSSL through node:crypto, an implementation independent of @noble/hashes):
// the verifier page and the server must produce exactly these bytes.
const SERVER_SEED = '9f1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';
const seeds = { serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce: 0 };

describe('provably-fair stream', () => {
  it('commits to the server seed with SHA-256 of its UTF-8 text', () => {
    // FIPS 180-2 example: SHA-256("abc").
    expect(commitServerSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(commitServerSeed(SERVER_SEED)).toBe('824ba91fea00964101dcd8e73eeaafa0d80dee713fe2cf10112804343e13ea01');
    expect(verifyServerSeed(SERVER_SEED, '824BA91FEA00964101DCD8E73EEAAFA0D80DEE713FE2CF10112804343E13EA01')).toBe(
      true,
    );
    expect(verifyServerSeed(`${SERVER_SEED}0`, commitServerSeed(SERVER_SEED))).toBe(false);
  });

  it('matches the fixed vectors: HMAC_SHA256(serverSeed, `${clientSeed}:${nonce}:${round}`)', () => {
    expect(bytesToHex(roundBytes(seeds, 0))).toBe('4f10f6a9abbf06b4ff4fb55b16dc9e880ec0512ec46860475e5f5830154f6d23');
    expect(bytesToHex(roundBytes(seeds, 1))).toBe('c377c0bae605012f96603ada4d35e03e790bd4c132ba863b1044ce5d1a327401');
    expect(bytesToHex(roundBytes({ ...seeds, nonce: 42 }, 0))).toBe(
      '2b3a7abc92b17602062bb29fc65b2345b0849872cd33f1792d8fe5c67f620611',
    );
    expect(bytesToHex(roundBytes({ serverSeed: 'a', clientSeed: 'b', nonce: 1 }, 0))).toBe(
      'c3cf7d6bd52a0445e48356e381a06688845a35205e04eeb6ef29b0360a824043',
    );
  });

  it('agrees with node:crypto on random seeds, including non-ASCII client seeds', () => {
    for (let i = 0; i < 200; i++) {
      const s = {
        serverSeed: randomBytes(32).toString('hex'),
        clientSeed: i % 3 === 0 ? `người chơi ${i} 🎲` : randomBytes(1 + (i % 40)).toString('base64'),
        nonce: i * 7919,
      };
      const round = i % 5;
      const expected = createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:${round}`).digest('hex');
      expect(bytesToHex(roundBytes(s, round))).toBe(expected);
      expect(commitServerSeed(s.serverSeed)).toBe(createHash('sha256').update(s.serverSeed).digest('hex'));
    }
  });

  it('reads big-endian words and moves on to the next round after 32 bytes', () => {
    const rng = new FairRng(seeds);
    const words = Array.from({ length: 10 }, () => rng.nextUint32());
    expect(words[0]).toBe(0x4f10f6a9);
    expect(words[7]).toBe(0x154f6d23);
    expect(words[8]).toBe(0xc377c0ba);
    expect(words[9]).toBe(0xe605012f);
    expect(rng.cursor).toBe(40);
    const bytes = new FairRng(seeds);
    expect([bytes.nextByte(), bytes.nextByte()]).toEqual([0x4f, 0x10]);
    expect(bytes.nextUint32()).toBe(0xf6a9abbf); // an unaligned word reads the next 4 bytes
  });

  it('maps words to [0, m) by rejection: a word at or above 2^32 − (2^32 mod m) is skipped', () => {
    // m = 3·2^30: the limit is 3·2^30 itself, so words ≥ 0xC0000000 are rejected.
    const m = 3 * 2 ** 30;
    const raw = new FairRng(seeds);
    const stream = Array.from({ length: 16 }, () => raw.nextUint32());
    const rng = new FairRng(seeds);
    let next = 0;
    for (let k = 0; k < 4; k++) {
      while (stream[next]! >= m) next++;
      expect(rng.int(m)).toBe(stream[next]! % m);
      next++;
    }
    expect(next).toBeGreaterThan(4); // at least one word was rejected on the way
    expect(rng.cursor).toBe(next * 4);
    const small = new FairRng(seeds);
    expect(small.int(52)).toBe(0x4f10f6a9 % 52);
    expect(small.int(1)).toBe(0);
    expect(small.cursor).toBe(8); // m = 1 still reads its word
    expect(() => small.int(0)).toThrow(RangeError);
    expect(() => small.int(2.5)).toThrow(RangeError);
  });

  it('shuffles by Fisher–Yates into a permutation, the same one for the same seeds', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const a = shuffleInPlace(new FairRng(seeds), deck.slice());
    const b = shuffleInPlace(new FairRng(seeds), deck.slice());
    expect(a).toEqual(b);
    expect(a.slice().sort((x, y) => x - y)).toEqual(deck);
    expect(a).not.toEqual(deck);
    const other = shuffleInPlace(new FairRng({ ...seeds, nonce: 1 }), deck.slice());
    expect(other).not.toEqual(a);
  });

  it('refuses bad seeds', () => {
    expect(checkSeeds(seeds)).toBeNull();
    for (const bad of [
      { ...seeds, serverSeed: '' },
      { ...seeds, clientSeed: '' },
      { ...seeds, clientSeed: 'x'.repeat(129) },
      { ...seeds, nonce: -1 },
      { ...seeds, nonce: 1.5 },
      { ...seeds, nonce: 2 ** 53 },
    ]) {
      expect(checkSeeds(bad)?.code).toBe('invalid_seeds');
      expect(() => new FairRng(bad)).toThrow(GameInputError);
    }
  });
});
