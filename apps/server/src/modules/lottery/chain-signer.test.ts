import { mkdtemp, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainHashAt } from '@sea/games';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulatedBeacon } from './beacon.ts';
import { createKeyedChainSigner, loadKey, SIGNER_KEY_FILE } from './chain-signer.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('chain signer', () => {
  it('makes a chain whose every link walks to the published end; another key cannot answer for it', async () => {
    const key = Buffer.alloc(32, 7);
    const signer = createKeyedChainSigner(key, { every: 10 });
    const { ref, terminalHash } = await signer.newChain(95);
    const chain = { ref, length: 95, terminalHash };
    for (const i of [1, 9, 10, 11, 50, 94, 95]) {
      const h = await signer.hashAt(chain, i);
      expect(chainHashAt(h, i, 0)).toBe(terminalHash);
    }
    // A fresh process with the same key rebuilds the same chain from its ref (nothing else is stored).
    const again = createKeyedChainSigner(Buffer.alloc(32, 7), { every: 10 });
    expect(await again.hashAt(chain, 42)).toBe(await signer.hashAt(chain, 42));
    const stranger = createKeyedChainSigner(Buffer.alloc(32, 8), { every: 10 });
    await expect(stranger.hashAt(chain, 42)).rejects.toThrow(/not made with this key/);
    await expect(signer.hashAt(chain, 96)).rejects.toThrow(RangeError);
  });

  it('keeps its key in a file of its own under DATA_DIR, owner-only (0600), the same on every start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'signer-'));
    dirs.push(dir);
    const a = await loadKey(SIGNER_KEY_FILE, { dataDir: dir });
    const file = join(dir, SIGNER_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadKey(SIGNER_KEY_FILE, { dataDir: dir })).toEqual(a);
    await chmod(file, 0o644);
    await loadKey(SIGNER_KEY_FILE, { dataDir: dir });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // A configured key wins; a malformed one or a damaged file is refused.
    const configured = 'ab'.repeat(32);
    expect((await loadKey(SIGNER_KEY_FILE, { configured, dataDir: dir })).toString('hex')).toBe(configured);
    await expect(loadKey(SIGNER_KEY_FILE, { configured: 'xyz' })).rejects.toThrow(/64 lower-case hex/);
    await writeFile(file, 'not a key');
    await expect(loadKey(SIGNER_KEY_FILE, { dataDir: dir })).rejects.toThrow(/not a key/);
  });
});

describe('simulated beacon', () => {
  it('names the first round published at or after a time, and answers no value before it is published', async () => {
    const beacon = createSimulatedBeacon(Buffer.alloc(32, 1), 30);
    const drawAt = new Date('2026-11-26T04:01:00.000Z');
    const round = beacon.roundAt(drawAt);
    expect(beacon.publishedAt(round).getTime()).toBe(drawAt.getTime());
    expect(beacon.roundAt(new Date(drawAt.getTime() + 1))).toBe(round + 1);
    expect(await beacon.value(round, new Date(drawAt.getTime() - 1))).toBeUndefined();
    const v = await beacon.value(round, drawAt);
    expect(v).toMatch(/^[0-9a-f]{64}$/);
    expect(await beacon.value(round, new Date(drawAt.getTime() + 60_000))).toBe(v);
    expect(await beacon.value(round + 1, new Date(drawAt.getTime() + 60_000))).not.toBe(v);
    expect(beacon.simulated).toBe(true);
  });
});
