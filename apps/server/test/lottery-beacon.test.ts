import { randomBytes, randomUUID } from 'node:crypto';
import { chainCheckpoints, chainHashAt, drawElott, type ElottKind, mixBeacon } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { createKeyedChainSigner, createSimulatedBeacon, type RandomnessBeacon } from '../src/modules/lottery/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 29: fast e-lottery draws no insider can know. The chain secret is in the signer's key store (not the
 * database, which keeps only published hashes), and every draw of a new chain mixes in a beacon round named in
 * advance that does not exist while bets are taken. Chains committed before keep drawing as they did.
 */
const LENGTH = 120;
const signerKey = randomBytes(32);
const signer = createKeyedChainSigner(signerKey, { every: 7 });
const beacon = createSimulatedBeacon(randomBytes(32), 30);
/** The beacon, unless `down` (a source that cannot be reached). */
let down = false;
const flaky: RandomnessBeacon = {
  ...beacon,
  value: (round, at) => (down ? Promise.resolve(undefined) : beacon.value(round, at)),
};
const UNIT = 100n;

let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-11-26T04:00:05.000Z');

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(now),
    lottery: { chainLength: LENGTH, checkpointEvery: 7, nextChainAheadSeconds: 5_400, signer, beacon: flaky },
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const db = () => t.database.all;
const lottery = () => t.app.modules.lottery;

async function only(code: string) {
  await db().updateTable('lottery_games').set({ enabled: false }).where('kind', 'in', ['ssc', 'k3']).execute();
  await db().updateTable('lottery_games').set({ enabled: true }).where('game_code', '=', code).execute();
}
const gameRow = (code: string) =>
  db().selectFrom('lottery_games').selectAll().where('game_code', '=', code).executeTakeFirstOrThrow();
const issueRow = (gameId: bigint, issueId: string) =>
  db()
    .selectFrom('lottery_issues')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('issue_id', '=', issueId)
    .executeTakeFirstOrThrow();

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

/** Every 64-hex string of the lottery tables' rows (what a database reader has). */
async function hexInDatabase(): Promise<Set<string>> {
  const out = new Set<string>();
  for (const table of ['lottery_chains', 'lottery_issues', 'lottery_games', 'lottery_feed_games']) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.db);
    for (const m of JSON.stringify(rows.rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).matchAll(
      /[0-9a-f]{64}/g,
    ))
      out.add(m[0]);
  }
  return out;
}

const at = async (ms: number) => {
  now = ms;
  await lottery().schedule();
  await lottery().advance();
};

describe('draws no insider can know', () => {
  it('a draw is not computable from the database before the beacon value exists; then it verifies with it', async () => {
    const code = 'elott-ssc-1m';
    await only(code);
    await at(now);
    const g = await get(`/lgw/lottery/games/${code}`);
    expect(g.chain).toMatchObject({ secretHeldBy: 'signer', beacon: beacon.source });
    expect(g.chain.algorithm).toBe('sha256-chain/hmac-sha256-beacon-v2');
    const game = await gameRow(code);
    const chain = await db()
      .selectFrom('lottery_chains')
      .selectAll()
      .where('game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(chain.checkpoints).toBeNull();
    // The database holds no link of the chain but its published end: none of its hex strings hashes to it.
    const hex = await hexInDatabase();
    for (const h of hex) if (h !== chain.terminal_hash) expect(chainHashAt(h, LENGTH, 0)).not.toBe(chain.terminal_hash);
    for (const h of hex)
      for (let k = 1; k <= LENGTH; k++) expect(chainHashAt(h, k, 0), `${h} is link ${k}`).not.toBe(chain.terminal_hash);

    // The issue taking bets names its beacon round, published at its draw time.
    const issueId = g.current.issueId as string;
    const before = await get(`/lgw/lottery/issues/${issueId}?gameCode=${code}`);
    expect(before.beacon).toMatchObject({ source: beacon.source, simulated: true, value: null });
    expect(Date.parse(before.beacon.publishedAt)).toBeGreaterThanOrEqual(Date.parse(before.drawsAt));
    // Even the signer's key (h_i) does not tell the result: the beacon round is not published yet.
    const row = await issueRow(game.id, issueId);
    const hi = await signer.hashAt(
      { ref: chain.signer_ref!, length: chain.length, terminalHash: chain.terminal_hash },
      row.chain_index!,
    );
    const early = await t.app.inject({ method: 'GET', url: `/lgw/lottery/beacon/${before.beacon.round}` });
    expect(early.statusCode).toBe(404);
    expect(await beacon.value(before.beacon.round, new Date(row.closes_at.getTime()))).toBeUndefined();

    // The draw time: the beacon publishes, the issue draws with it.
    await at(row.draws_at.getTime() + 1_000);
    await at(now);
    const v = await get(`/lgw/lottery/issues/${issueId}?gameCode=${code}`);
    expect(['drawn', 'settled']).toContain(v.status);
    const published = await get(`/lgw/lottery/beacon/${v.beacon.round}`);
    expect(published).toMatchObject({ source: beacon.source, simulated: true, value: v.beacon.value });
    expect(v.hash).toBe(hi);
    expect(drawElott('ssc', hi, mixBeacon(v.salt, v.beacon.value), issueId)).toEqual(v.result);
    // Without the beacon value (all an insider had before the draw), the result differs.
    expect(drawElott('ssc', hi, v.salt, issueId)).not.toEqual(v.result);
    // Written once, with the draw.
    await expect(
      db()
        .updateTable('lottery_issues')
        .set({ beacon_value: 'a'.repeat(64) })
        .where('id', '=', row.id)
        .execute(),
    ).rejects.toThrow(/never changed/);
  });

  it('a beacon that does not publish holds the draw; after BEACON_WAIT_SECONDS the issue is cancelled and refunded', async () => {
    const code = 'elott-k3-1m';
    await only(code);
    await at(now);
    const g = await get(`/lgw/lottery/games/${code}`);
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/wps/lottery/bets',
      headers: bearer(p.token),
      payload: {
        requestId: randomUUID(),
        gameCode: code,
        issueId: g.current.issueId,
        bets: [{ code: 'k3.bsoe', selection: { sides: ['big'] }, unitStake: String(UNIT) }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const game = await gameRow(code);
    const row = await issueRow(game.id, g.current.issueId);
    down = true;
    try {
      await at(row.draws_at.getTime() + 60_000);
      expect((await issueRow(game.id, g.current.issueId)).status).toBe('closed');
      await at(row.draws_at.getTime() + 31 * 60_000);
      await at(now);
      const after = await issueRow(game.id, g.current.issueId);
      expect(after.status).toBe('refunded');
      expect(after.result).toBeNull();
    } finally {
      down = false;
    }
    const main = memberMain(p.id);
    expect((await t.app.modules.ledger.balances(demo.id, [main]))[main]!.available).toBe(100n * UNIT);
  });

  it('a chain committed before beacons (secret in the database) keeps drawing as it did; its successor is a signer chain', async () => {
    const code = 'elott-ssc-5m';
    await only(code);
    const game = await gameRow(code);
    // What the code before 0056 stored: the secret and its checkpoints.
    const secret = randomBytes(32).toString('hex');
    const cps = chainCheckpoints(secret, LENGTH, 7);
    const step = game.interval_seconds * 1000;
    await db()
      .insertInto('lottery_chains')
      .values({
        game_id: game.id,
        seq: 1,
        terminal_hash: cps.get(0)!,
        salt: randomBytes(16).toString('hex'),
        length: LENGTH,
        checkpoint_every: 7,
        checkpoints: JSON.stringify(Object.fromEntries([...cps].map(([k, v]) => [String(k), v]))),
        first_draw_at: new Date((Math.floor(now / step) + 2) * step),
        published_at: new Date(now),
      })
      .execute();
    await at(now);
    const g = await get(`/lgw/lottery/games/${code}`);
    expect(g.chain).toMatchObject({ seq: 1, secretHeldBy: 'database', beacon: null });
    expect(g.chain.algorithm).toBe('sha256-chain/hmac-sha256-v1');
    const issueId = g.current.issueId as string;
    const row = await issueRow(game.id, issueId);
    expect(row.beacon_round).toBeNull();
    await at(row.draws_at.getTime() + 1_000);
    await at(now);
    const v = await get(`/lgw/lottery/issues/${issueId}?gameCode=${code}`);
    expect(v.beacon).toBeNull();
    expect(v.hash).toBe(chainHashAt(secret, LENGTH, row.chain_index!));
    expect(drawElott('ssc' as ElottKind, v.hash, v.salt, issueId)).toEqual(v.result);
    // Near its end, the next chain is published — by the signer, with the beacon.
    await at(Date.parse(g.chain.lastDrawAt) - 3_600_000);
    const next = (await get(`/lgw/lottery/games/${code}`)).nextChain;
    expect(next).toMatchObject({ seq: 2, secretHeldBy: 'signer', beacon: beacon.source });
  });
});

describe('nothing rewrites a drawn issue', () => {
  it('a drawn issue cannot be deleted, with or without bets', async () => {
    const drawn = await db()
      .selectFrom('lottery_issues')
      .select('id')
      .where('status', 'in', ['drawn', 'settled'])
      .where('bets', '=', 0)
      .executeTakeFirstOrThrow();
    await expect(db().deleteFrom('lottery_issues').where('id', '=', drawn.id).execute()).rejects.toThrow(
      /never deleted/,
    );
    await expect(sql`truncate lottery_issues cascade`.execute(t.database.db)).rejects.toThrow(/never/);
  });
});
