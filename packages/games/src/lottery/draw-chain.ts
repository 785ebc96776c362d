import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { FairRng } from '../rng/fair-rng.ts';

/**
 * Shared lottery draws, provably fair by commit-reveal (domain-rules §2.4):
 * - A hash chain per game: a 32-byte secret h_N; h_k = hex(SHA256(bytes(h_{k+1}))) for k = N−1 … 0. The terminal
 *   hash h_0 is published before the first issue; issue i (1-based) draws with h_i, revealed after its draw, and
 *   anyone checks SHA256(h_i) = h_{i−1}. The operator cannot choose an issue's result: h_i is fixed by the published
 *   h_0 (finding another preimage is infeasible).
 * - A public salt fixed after the commitment (announced in advance), so the chain cannot be ground to a favourable
 *   one.
 * - The issue's random stream: R_c = HMAC_SHA256(key = UTF-8(h_i hex), message = UTF-8(`${salt}:${issueId}:${c}`)) for
 *   c = 0, 1, …, read as big-endian 32-bit words mapped to [0, m) by rejection sampling (FairRng).
 */
export const DRAW_ALGORITHM = 'sha256-chain/hmac-sha256-v1';
/**
 * Chains committed with a randomness beacon: the same stream, its salt mixed with the value of a beacon round named
 * in advance (published at or after the issue's draw time) — `${salt}:${beaconValue}` — so the result does not exist
 * until the beacon publishes it, even for whoever holds the chain secret.
 */
export const BEACON_DRAW_ALGORITHM = 'sha256-chain/hmac-sha256-beacon-v2';

/** The salt an issue of a beacon chain draws with: the chain's public salt and the beacon round's value. */
export function mixBeacon(salt: string, beaconValue: string): string {
  if (!HEX64.test(beaconValue)) throw new RangeError('a beacon value is 64 lower-case hex digits');
  if (salt.length === 0) throw new RangeError('the salt is required');
  return `${salt}:${beaconValue}`;
}

const HEX64 = /^[0-9a-f]{64}$/;

export function isChainHash(h: string): boolean {
  return HEX64.test(h);
}

/** One step toward the published end: h_{k−1} from h_k. */
export function chainPrevious(hash: string): string {
  if (!isChainHash(hash)) throw new RangeError('a chain hash is 64 lower-case hex digits');
  return bytesToHex(sha256(hexToBytes(hash)));
}

/** Does the revealed h_i follow from the previous one (h_{i−1}, or the published terminal for i = 1)? */
export function verifyChainLink(hash: string, previous: string): boolean {
  return isChainHash(hash) && chainPrevious(hash) === previous;
}

/** h_{at} of a chain whose link h_{from} is known (at ≤ from): from − at hashing steps. */
export function chainHashAt(known: string, from: number, at: number): string {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(at) || at < 0 || at > from)
    throw new RangeError('chainHashAt needs 0 ≤ at ≤ from');
  let h = known;
  for (let k = from; k > at; k--) h = chainPrevious(h);
  return h;
}

/**
 * Checkpoints of a chain of `length` issues from its secret: every `every`-th hash (h_0, h_every, …, and h_length =
 * the secret), so any h_i is at most `every` − 1 steps from a stored one.
 */
export function chainCheckpoints(secret: string, length: number, every: number): Map<number, string> {
  if (!isChainHash(secret)) throw new RangeError('the chain secret is 64 lower-case hex digits');
  if (!Number.isSafeInteger(length) || length < 1 || !Number.isSafeInteger(every) || every < 1)
    throw new RangeError('chainCheckpoints needs length ≥ 1 and every ≥ 1');
  const out = new Map<number, string>([[length, secret]]);
  let h = secret;
  for (let k = length - 1; k >= 0; k--) {
    h = chainPrevious(h);
    if (k % every === 0) out.set(k, h);
  }
  return out;
}

/** The random stream of one issue. */
export function drawStream(issueHash: string, salt: string, issueId: string): FairRng {
  if (!isChainHash(issueHash)) throw new RangeError('an issue hash is 64 lower-case hex digits');
  if (salt.length === 0 || issueId.length === 0) throw new RangeError('salt and issue id are required');
  return new FairRng({ key: issueHash, prefix: `${salt}:${issueId}:` });
}

/** `count` independent integers in [0, m) from the stream, in order. */
export function drawInts(rng: FairRng, count: number, m: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(rng.int(m));
  return out;
}
