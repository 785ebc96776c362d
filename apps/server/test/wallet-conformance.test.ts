import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { newPlayer } from './helpers/players.ts';
import { launchToken } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * `npm run wallet:conformance` against a live URL: this file's server listens on a port, and the script runs in a
 * process of its own over HTTP, as a vendor would run it against a deployment.
 */
const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli/wallet-conformance.ts', import.meta.url));

let t: TestApp;
let demo: Merchant;
let baseUrl = '';
let key = '';
let player: { id: bigint; session: string };
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  key = (await t.app.modules.games.walletSecret(demo.id, 'DEMO'))!;
  const p = await newPlayer(t, demo, { fund: 50_000n });
  const live = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' })).json().value
    .content[0].nodeId as string;
  player = { id: p.id, session: await launchToken(t, p, live) };
}, 60_000);
afterAll(() => t?.close());

const conformance = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], { timeout: 120_000 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code,
      out: e.stdout ?? '',
      err: e.stderr ?? '',
    }),
  );
const target = () => [
  '--operator',
  'demo',
  '--vendor',
  'DEMO',
  '--player',
  String(player.id),
  '--session',
  player.session,
];

describe('npm run wallet:conformance -- BASE_URL KEY', () => {
  it('passes every scenario against a running server and leaves the player’s balance as it was', async () => {
    const r = await conformance([baseUrl, key, ...target(), '--currency', demo.currency]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/^(\d+) of \1 scenarios passed\.$/m);
    expect(r.out).not.toContain('FAIL');
    const main = memberMain(player.id);
    expect((await t.app.modules.ledger.balances(demo.id, [main]))[main]!.balance).toBe(50_000n);
  }, 150_000);

  it('fails (exit 1) with the wrong key, and refuses bad arguments or an unreachable wallet (exit 2)', async () => {
    const wrong = await conformance([baseUrl, 'not-the-key', ...target(), '--currency', demo.currency]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('FAIL');
    expect((await conformance([baseUrl, key])).code).toBe(2);
    expect((await conformance(['http://127.0.0.1:9', key, ...target()])).code).toBe(2);
  }, 150_000);
});
