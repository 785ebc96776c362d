import { createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chainPrevious } from '@sea/games';

/**
 * The keeper of the fast e-lottery chain secrets, outside the business database (issue 29). Its key store is one
 * 32-byte key (a file under DATA_DIR, owner-only, or LOTTERY_SIGNER_KEY from the config); each chain's secret is
 * HMAC-SHA256(key, "lottery-chain:" + ref), ref a random 16-byte value stored with the chain. The database keeps the
 * ref and the published hashes only: without the key no row tells an unrevealed hash. Checkpoints (every
 * `every`-th hash) live in this process's memory, rebuilt from the key on first use and checked against the
 * published terminal hash.
 */
export interface ChainSigner {
  /** A new chain of `length` hashes: its ref (stored with the chain) and terminal hash h_0 (published). */
  newChain(length: number): Promise<{ ref: string; terminalHash: string }>;
  /** h_index (0 ≤ index ≤ length) of a chain this key made. */
  hashAt(chain: { ref: string; length: number; terminalHash: string }, index: number): Promise<string>;
}

export const SIGNER_KEY_FILE = 'lottery-signer.key';
export const BEACON_KEY_FILE = 'lottery-beacon.key';
const HEX64 = /^[0-9a-f]{64}$/;

/** Walks from the secret down to h_0 a slice at a time (the event loop keeps serving), keeping every `every`-th. */
async function checkpointsOf(secret: string, length: number, every: number): Promise<Map<number, string>> {
  const out = new Map<number, string>([[length, secret]]);
  let h = secret;
  for (let k = length - 1; k >= 0; k--) {
    h = chainPrevious(h);
    if (k % every === 0) out.set(k, h);
    if (k % 2_000 === 0) await new Promise((r) => setImmediate(r));
  }
  return out;
}

export function createKeyedChainSigner(key: Buffer, opts: { every?: number } = {}): ChainSigner {
  if (key.length !== 32) throw new Error('lottery signer: the key is 32 bytes');
  const every = opts.every ?? 1_000;
  const cache = new Map<string, Promise<Map<number, string>>>();
  const secretOf = (ref: string) => createHmac('sha256', key).update(`lottery-chain:${ref}`).digest('hex');

  function checkpoints(ref: string, length: number, terminalHash: string): Promise<Map<number, string>> {
    let cp = cache.get(ref);
    if (!cp) {
      cp = checkpointsOf(secretOf(ref), length, every).then((m) => {
        if (m.get(0) !== terminalHash)
          throw new Error(`lottery signer: chain ${ref} was not made with this key (its terminal hash differs)`);
        return m;
      });
      cp.catch(() => cache.delete(ref));
      cache.set(ref, cp);
    }
    return cp;
  }

  return {
    async newChain(length) {
      const ref = randomBytes(16).toString('hex');
      const m = await checkpointsOf(secretOf(ref), length, every);
      cache.set(ref, Promise.resolve(m));
      return { ref, terminalHash: m.get(0)! };
    },
    async hashAt(chain, index) {
      if (!Number.isSafeInteger(index) || index < 0 || index > chain.length)
        throw new RangeError('lottery signer: index outside the chain');
      const cp = await checkpoints(chain.ref, chain.length, chain.terminalHash);
      const at = Math.min(Math.ceil(index / every) * every, chain.length);
      let h = cp.get(at)!;
      for (let k = at; k > index; k--) h = chainPrevious(h);
      return h;
    },
  };
}

// Without a configured key or DATA_DIR (tests, a throwaway dev run): one random key for this process, shared by
// every app it builds (two schedulers of one test draw each other's chains). Nothing survives a restart.
const processKeys = new Map<string, Buffer>();

/** This process's own random key `name` (no key store configured). */
export function processKey(name: string): Buffer {
  let k = processKeys.get(name);
  if (!k) processKeys.set(name, (k = randomBytes(32)));
  return k;
}

/**
 * A key of the key store: `configured` (64 hex digits) when given; else the file `name` under `dataDir`, created
 * owner-only (0600) on first use (made owner-only again if it is not); else this process's own random key.
 */
export async function loadKey(name: string, opts: { configured?: string; dataDir?: string }): Promise<Buffer> {
  if (opts.configured) {
    if (!HEX64.test(opts.configured)) throw new Error(`${name}: the configured key is 64 lower-case hex digits`);
    return Buffer.from(opts.configured, 'hex');
  }
  if (!opts.dataDir) return processKey(name);
  const file = resolve(opts.dataDir, name);
  // On PostgreSQL nothing else creates DATA_DIR; processes sharing it share the key (start-up runs under the
  // migration lock, so one creates the file and the others read it).
  await mkdir(opts.dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (((await stat(file)).mode & 0o077) !== 0) {
    await chmod(file, 0o600);
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (!HEX64.test(text)) throw new Error(`${file}: not a key (64 lower-case hex digits)`);
  return Buffer.from(text, 'hex');
}
