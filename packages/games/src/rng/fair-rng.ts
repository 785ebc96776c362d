import { _HMAC } from '@noble/hashes/hmac.js';
import { type _SHA256, sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { GameInputError, type GameInputIssue } from '../errors.ts';

/**
 * Provably-fair random stream (money-design §3.1/§3.3, the Stake-style per-player scheme):
 *   bytes(round) = HMAC_SHA256(key = UTF-8(serverSeed), message = UTF-8(`${clientSeed}:${nonce}:${round}`))
 * 32 bytes per round; a game reads the stream from cursor 0 on and moves on to round 1, 2, … when it needs more.
 * Integers are read as big-endian 32-bit words (4 bytes, never straddling two rounds) and mapped to [0, m) by
 * rejection sampling, so every outcome is exactly equally likely. Pure JS (@noble/hashes): the server and the
 * browser compute the same bytes.
 */
export const RNG_ALGORITHM = 'hmac-sha256-v1';

/** The inputs of one game round. The server seed stays secret until the player rotates it. */
export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** What an engine needs from randomness: a uniform integer in [0, m). Tests and benches may pass other sources. */
export interface RandomSource {
  int(m: number): number;
}

export const SEED_LIMITS = { serverSeedMaxLength: 256, clientSeedMaxLength: 128 } as const;

export function checkSeeds(seeds: Seeds): GameInputIssue | null {
  const { serverSeed, clientSeed, nonce } = seeds;
  if (typeof serverSeed !== 'string' || serverSeed.length === 0 || serverSeed.length > SEED_LIMITS.serverSeedMaxLength)
    return { code: 'invalid_seeds', message: `serverSeed must be 1–${SEED_LIMITS.serverSeedMaxLength} characters` };
  if (typeof clientSeed !== 'string' || clientSeed.length === 0 || clientSeed.length > SEED_LIMITS.clientSeedMaxLength)
    return { code: 'invalid_seeds', message: `clientSeed must be 1–${SEED_LIMITS.clientSeedMaxLength} characters` };
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    return { code: 'invalid_seeds', message: 'nonce must be a non-negative safe integer' };
  return null;
}

const encoder = new TextEncoder();

/** SHA-256 (lower-case hex) of the server seed's UTF-8 bytes: the commitment shown before play. */
export function commitServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(encoder.encode(serverSeed)));
}

/** After rotation: does the revealed seed match the commitment the player was shown? */
export function verifyServerSeed(serverSeed: string, commitment: string): boolean {
  return commitServerSeed(serverSeed) === commitment.toLowerCase();
}

type KeyedHmac = _HMAC<_SHA256>;

// The HMAC keyed with the last server seed is kept: a player's rounds share it, and the inner/outer key blocks are
// then hashed once instead of per round. Pure: the cache only saves work, it never changes a result.
let keyedSeed: string | null = null;
let keyed: KeyedHmac | null = null;
let scratch: KeyedHmac | null = null;
let message = new Uint8Array(256);

function keyedHmac(serverSeed: string): KeyedHmac {
  if (keyed === null || keyedSeed !== serverSeed) {
    keyed = new _HMAC<_SHA256>(sha256, encoder.encode(serverSeed));
    keyedSeed = serverSeed;
  }
  return keyed;
}

function hmacInto(serverSeed: string, text: string, out: Uint8Array): void {
  const base = keyedHmac(serverSeed);
  const h = base._cloneInto(scratch ?? undefined);
  scratch = h;
  if (message.length < text.length * 3) message = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, message);
  h.update(message.subarray(0, written));
  h.digestInto(out);
}

/** The 32 bytes of one round of the stream (what a verifier page shows next to the outcome). */
export function roundBytes(seeds: Seeds, round: number): Uint8Array {
  assertSeeds(seeds);
  const out = new Uint8Array(32);
  hmacInto(seeds.serverSeed, `${seeds.clientSeed}:${seeds.nonce}:${round}`, out);
  return out;
}

function assertSeeds(seeds: Seeds): void {
  const issue = checkSeeds(seeds);
  if (issue) throw new GameInputError(issue.code, issue.message);
}

const TWO_32 = 4294967296;

/**
 * The same stream over another message: HMAC_SHA256(key, `${prefix}${round}`) for round 0, 1, … The shared lottery
 * draws use key = the issue's chain hash and prefix = `${salt}:${issueId}:` (lottery/draw-chain.ts).
 */
export interface KeyedStream {
  key: string;
  prefix: string;
}

/** The provably-fair stream of one (serverSeed, clientSeed, nonce). Deterministic: the same seeds, the same numbers. */
export class FairRng implements RandomSource {
  private readonly serverSeed: string;
  private readonly prefix: string;
  private readonly block = new Uint8Array(32);
  private nextRound = 0;
  private pos = 32;
  private consumed = 0;

  constructor(seeds: Seeds | KeyedStream) {
    if ('key' in seeds) {
      if (typeof seeds.key !== 'string' || seeds.key.length === 0) throw new RangeError('a keyed stream needs a key');
      this.serverSeed = seeds.key;
      this.prefix = seeds.prefix;
    } else {
      assertSeeds(seeds);
      this.serverSeed = seeds.serverSeed;
      this.prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
    }
  }

  /** Bytes read so far (Stake's "cursor"): the next byte is byte `cursor % 32` of round `floor(cursor / 32)`. */
  get cursor(): number {
    return this.consumed;
  }

  nextByte(): number {
    if (this.pos === 32) this.refill();
    this.consumed++;
    return this.block[this.pos++]!;
  }

  /** The next 4 bytes as a big-endian unsigned 32-bit integer. */
  nextUint32(): number {
    if (this.pos === 32) this.refill();
    if ((this.pos & 3) !== 0) {
      return ((this.nextByte() << 24) | (this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte()) >>> 0;
    }
    const b = this.block;
    const p = this.pos;
    this.pos += 4;
    this.consumed += 4;
    return ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
  }

  /**
   * Uniform integer in [0, m), 1 ≤ m ≤ 2^32: read words w until w < 2^32 − (2^32 mod m), then w mod m. Every call
   * reads at least one word (also for m = 1), so the stream position depends only on the words, never on m's luck.
   */
  int(m: number): number {
    if (!Number.isInteger(m) || m < 1 || m > TWO_32) throw new RangeError(`int(m) needs 1 ≤ m ≤ 2^32, got ${m}`);
    const limit = TWO_32 - (TWO_32 % m);
    for (;;) {
      const w = this.nextUint32();
      if (w < limit) return w % m;
    }
  }

  private refill(): void {
    hmacInto(this.serverSeed, this.prefix + this.nextRound, this.block);
    this.nextRound++;
    this.pos = 0;
  }
}

/** Fisher–Yates in place, from the last position down: swap a[i] with a[int(i + 1)] for i = n−1 … 1. */
export function shuffleInPlace<T>(rng: RandomSource, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

export { bytesToHex };
