import { randomUUID } from 'node:crypto';
import { commitServerSeed } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHouseModule } from '../src/modules/house/index.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { houseGameNodes, housePage, launchHouseGame } from './helpers/house.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 29: the holes an independent check found around our own games' fairness, each reproduced — interrupted rounds
 * that a free-play backlog starved, a rotation that revealed a seed under a pending round, a hand in another session
 * that blocked the reveal, a next server seed chosen after the client seed, and rows a database user could rewrite.
 */
let t: TestApp;
let demo: Merchant;
let now = Date.now();
let games: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.merchants.setFlag(demo.id, 'FREEPLAY3', true);
  games = await houseGameNodes(t);
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const UNIT = 100n;
const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]!.available;

/** A launch of the game; the token of its game page (no session read: an API-only client). */
const launch = (p: Player, gameCode: string, freePlay = false) => launchHouseGame(t, games, p, gameCode, freePlay);
const game = (token: string) => housePage(t, token);

/** A game page as the site opens it: launch, then its session (which shows the seed commitment). */
async function opened(p: Player, gameCode: string, freePlay = false) {
  const g = game(await launch(p, gameCode, freePlay));
  expect((await g.session()).statusCode).toBe(200);
  return g;
}

/** The same module over the same database, with a wallet whose `op` call fails (a crash at that step). */
function crashingHouse(op: 'bet' | 'win') {
  const wallet = { ...t.app.modules.games.wallet, [op]: async () => Promise.reject(new Error(`crash before ${op}`)) };
  return createHouseModule({
    db: t.database.db,
    games: { ...t.app.modules.games, wallet, registerProvider: () => undefined },
    ledger: t.app.modules.ledger,
    merchants: t.app.modules.merchants,
    clock: () => new Date(now),
  });
}

/** A slot round interrupted before `op`: a pending round (its bet taken when op = 'win'). */
async function interrupted(p: Player, op: 'bet' | 'win', requestId = randomUUID()) {
  const token = await launch(p, 'slot-lucky-dragon');
  await game(token).session();
  await expect(crashingHouse(op).play(demo, token, { requestId, bet: { lines: 20, betLevel: 1 } })).rejects.toThrow(
    `crash before ${op}`,
  );
  const round = await t.database.all
    .selectFrom('house_rounds')
    .selectAll()
    .where('member_id', '=', p.id)
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  expect(round.status).toBe('pending');
  return { token, round };
}

/** One run of the recovery job, `later` ms from now (rows take the database's time: the real one). */
async function recoverAt(later: number) {
  const saved = now;
  now = Math.max(now, Date.now()) + later;
  try {
    return await t.app.modules.house.recover((id) => t.app.modules.merchants.findById(id));
  } finally {
    now = saved;
  }
}

const roundRow = (id: bigint) =>
  t.database.all.selectFrom('house_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('interrupted rounds always finish', () => {
  it('free play obeys "finish your hand first"; 210 open free-play hands do not starve a real interrupted round', async () => {
    const anon = await newPlayer(t, demo, { type: demo.trialTypes[0] });
    const vp = await opened(anon, 'vp-jacks-or-better', true);
    const dealt = (await vp.play({ coins: 1, betLevel: 1 })).json().value.round;
    expect(dealt.status).toBe('dealt');
    const second = await vp.play({ coins: 1, betLevel: 1 });
    expect(second.json().code).toBe('state_invalid');
    expect(second.json().message).toMatch(/Finish the hand/);
    // The backlog an anonymous login could deal before that rule: 210 open free-play hands, older than the real
    // round below (the job used to read the 200 oldest unfinished rounds and skip free play).
    const row = await roundRow(BigInt(dealt.id));
    await t.database.all
      .insertInto('house_rounds')
      .values(
        Array.from({ length: 210 }, (_, i) => ({
          merchant_id: row.merchant_id,
          member_id: row.member_id,
          session_id: row.session_id,
          game_id: row.game_id,
          math_version: row.math_version,
          seed_id: row.seed_id,
          nonce: 1_000 + i,
          request_id: `backlog-${i}-${randomUUID().slice(0, 8)}`,
          bet: JSON.stringify(row.bet),
          credit_value: row.credit_value,
          stake_credits: row.stake_credits,
          free_play: true,
          status: 'dealt',
          result: JSON.stringify(row.result),
          created_at: new Date(now - 3_600_000),
        })),
      )
      .execute();
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const { round } = await interrupted(p, 'win');
    expect(await balance(p)).toBe(80n * UNIT);
    // One run of the job (one period after the crash) finishes the real round.
    const run = await recoverAt(2 * 60_000);
    expect(run.settled).toBeGreaterThanOrEqual(1);
    const after = await roundRow(round.id);
    expect(after.status).toBe('settled');
    expect(await balance(p)).toBe(80n * UNIT + BigInt(after.win_credits) * UNIT);
    // Free-play hands nobody draws are finished too (best hold, the win in play money) after ABANDONED_HAND_HOURS.
    const fun = BigInt((await vp.session()).json().value.balance);
    const day = await recoverAt(25 * 3_600_000);
    expect(day.settled).toBeGreaterThanOrEqual(211);
    const left = await t.database.all
      .selectFrom('house_rounds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', anon.id)
      .where('status', '!=', 'settled')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const won = await t.database.all
      .selectFrom('house_rounds')
      .select((eb) => eb.fn.sum<string>('win_credits').as('w'))
      .where('member_id', '=', anon.id)
      .executeTakeFirstOrThrow();
    expect(BigInt((await vp.session()).json().value.balance)).toBe(fun + BigInt(won.w ?? 0) * UNIT);
  }, 120_000); // 211 hands finished one transaction each, on a shared machine
});

describe('no free look', () => {
  it('rotation waits while a round of the seed is pending; after the recovery job it reveals', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const { token, round } = await interrupted(p, 'bet');
    const refused = await game(token).rotate();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('state_invalid');
    const seed = await t.database.all
      .selectFrom('house_seeds')
      .selectAll()
      .where('id', '=', round.seed_id)
      .executeTakeFirstOrThrow();
    expect(seed.status).toBe('active');
    expect((await recoverAt(2 * 60_000)).cancelled).toBeGreaterThanOrEqual(1);
    expect((await roundRow(round.id)).status).toBe('rolled_back');
    const ok = await game(token).rotate();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.revealed.serverSeedHash).toBe(seed.server_seed_hash);
    expect(await balance(p)).toBe(100n * UNIT);
  });

  it.each(['bet', 'win'] as const)(
    'a pending round (crash before the %s) whose seed was revealed anyway is voided on retry: stake returned, no win',
    async (op) => {
      const p = await newPlayer(t, demo, { fund: 100n * UNIT });
      const requestId = randomUUID();
      const { token, round } = await interrupted(p, op, requestId);
      // A reveal from before the fix (it did not wait for pending rounds): the server seed is public now.
      await sql`update house_seeds set status = 'revealed', revealed_at = now() where id = ${round.seed_id}`.execute(
        t.database.db,
      );
      const retry = await game(token).play({ lines: 20, betLevel: 1 }, requestId);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().code).toBe('state_invalid');
      expect(retry.json().message).toMatch(/voided/);
      expect(['rolled_back', 'refused']).toContain((await roundRow(round.id)).status);
      expect(await balance(p)).toBe(100n * UNIT);
      const records = (await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: bearer(p.token) })).json()
        .value;
      expect(records.items.every((r: { payout: string }) => BigInt(r.payout) === 0n)).toBe(true);
    },
  );
});

describe('a reveal that cannot be blocked', () => {
  it('a hand dealt in another session shows and draws in a new one; then the rotation succeeds', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const first = await opened(p, 'vp-jacks-or-better');
    const dealt = (await first.play({ coins: 5, betLevel: 1 })).json().value.round;
    const blocked = await first.rotate();
    expect(blocked.json().code).toBe('state_invalid');
    expect(blocked.json().message).toContain(`round ${dealt.id}`);
    // The first page is gone (closed, its session ended); a new launch is another session.
    const second = game(await launch(p, 'vp-jacks-or-better'));
    const s = (await second.session()).json().value;
    expect(s.openRound?.id).toBe(dealt.id);
    const again = await second.play({ coins: 5, betLevel: 1 });
    expect(again.json().message).toMatch(/Finish the hand/);
    const done = await second.draw(dealt.id, [true, true, false, false, false]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value.round.status).toBe('settled');
    const rotated = await second.rotate();
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(await balance(p)).toBe(95n * UNIT + BigInt(done.json().value.round.winCredits) * UNIT);
  });

  it('a free-play hand left open never blocks the reveal: the rotation finishes it with the best hold', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const fun = await opened(p, 'vp-jacks-or-better', true);
    const dealt = (await fun.play({ coins: 5, betLevel: 1 })).json().value.round;
    const before = BigInt((await fun.session()).json().value.balance);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/wps/house/seed',
      headers: bearer(p.token),
      payload: {},
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const r = await roundRow(BigInt(dealt.id));
    expect(r.status).toBe('settled');
    expect(r.holds).toHaveLength(5);
    expect(BigInt((await fun.session()).json().value.balance)).toBe(before + BigInt(r.win_credits) * UNIT);
  });
});

describe('the client seed protects the player', () => {
  it('the next server seed hash is shown before the client seed changes and is the one used after it', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const fair = (await t.app.inject({ method: 'GET', url: '/wps/house/fairness', headers: bearer(p.token) })).json()
      .value;
    expect(fair.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fair.nextServerSeedHash).not.toBe(fair.serverSeedHash);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/wps/house/seed',
      headers: bearer(p.token),
      payload: { clientSeed: 'my-lucky-choice' },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { revealed, next } = rotated.json().value;
    expect(commitServerSeed(revealed.serverSeed)).toBe(fair.serverSeedHash);
    expect(next.serverSeedHash).toBe(fair.nextServerSeedHash);
    expect(next.clientSeed).toBe('my-lucky-choice');
    expect(next.nextServerSeedHash).not.toBe(next.serverSeedHash);
    // The round then plays on the committed seed: revealed later, it hashes to what was shown first.
    const g = await opened(p, 'slot-lucky-dragon');
    const round = (await g.play({ lines: 20, betLevel: 1 })).json().value.round;
    expect(round.serverSeedHash).toBe(fair.nextServerSeedHash);
    const later = (await g.rotate()).json().value;
    expect(commitServerSeed(later.revealed.serverSeed)).toBe(fair.nextServerSeedHash);
    expect(later.next.serverSeedHash).toBe(next.nextServerSeedHash);
  });

  it('a client seed is never paired with a server seed made after it arrived (no pair yet, or a pair from before 0055)', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/house/seed',
        headers: bearer(p.token),
        payload: { clientSeed: 'pick' },
      });
    const first = await change();
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('state_invalid');
    // A pair from before the next-seed commitment (0055): its next seed is committed when it is first shown.
    const other = await newPlayer(t, demo, { fund: 100n * UNIT });
    const old = 'ab'.repeat(32);
    await sql`insert into house_seeds (merchant_id, member_id, server_seed, server_seed_hash, client_seed)
      values (${demo.id}, ${other.id}, ${old}, ${commitServerSeed(old)}, 'legacy')`.execute(t.database.db);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/wps/house/seed',
      headers: bearer(other.token),
      payload: { clientSeed: 'pick' },
    });
    expect(legacy.json().code).toBe('state_invalid');
    const shown = (
      await t.app.inject({ method: 'GET', url: '/wps/house/fairness', headers: bearer(other.token) })
    ).json().value;
    expect(shown.serverSeedHash).toBe(commitServerSeed(old));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wps/house/seed',
      headers: bearer(other.token),
      payload: { clientSeed: 'pick' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.revealed.serverSeed).toBe(old);
    expect(ok.json().value.next.serverSeedHash).toBe(shown.nextServerSeedHash);
    expect((await change()).statusCode).toBe(200); // p's pair was committed by the refused change
  });

  it('an API-only client gets no round before its first seed is committed', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = game(await launch(p, 'slot-lucky-dragon'));
    const first = await g.play({ lines: 20, betLevel: 1 });
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('state_invalid');
    expect(await balance(p)).toBe(100n * UNIT);
    const fair = (await t.app.inject({ method: 'GET', url: '/wps/house/fairness', headers: bearer(p.token) })).json()
      .value;
    const seed = await t.database.all
      .selectFrom('house_seeds')
      .selectAll()
      .where('member_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(seed.server_seed_hash).toBe(fair.serverSeedHash);
    const played = await g.play({ lines: 20, betLevel: 1 });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json().value.round.serverSeedHash).toBe(fair.serverSeedHash);
    expect(played.json().value.round.nonce).toBe(0);
  });
});

describe('nothing rewrites a settled outcome', () => {
  it('triggers refuse UPDATE and DELETE of settled rounds and revealed seeds', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = await opened(p, 'slot-lucky-dragon');
    const round = (await g.play({ lines: 20, betLevel: 1 })).json().value.round;
    expect((await g.rotate()).statusCode).toBe(200);
    const db = t.database.db;
    const refused = async (q: ReturnType<typeof sql>) => {
      await expect(q.execute(db)).rejects.toThrow(/house: /);
    };
    await refused(sql`update house_rounds set win_credits = win_credits + 1000 where id = ${round.id}`);
    await refused(sql`update house_rounds set result = '{}' where id = ${round.id}`);
    await refused(sql`delete from house_rounds where id = ${round.id}`);
    await refused(
      sql`update house_seeds set server_seed = ${'0'.repeat(64)} where member_id = ${p.id} and status = 'revealed'`,
    );
    await refused(sql`update house_seeds set status = 'active' where member_id = ${p.id} and status = 'revealed'`);
    await refused(sql`delete from house_seeds where member_id = ${p.id}`);
    // The active pair's commitment is fixed too; only its nonce moves on.
    await refused(sql`update house_seeds set client_seed = 'x' where member_id = ${p.id} and status = 'active'`);
    await refused(
      sql`update house_seeds set next_server_seed_hash = ${'0'.repeat(64)} where member_id = ${p.id} and status = 'active'`,
    );
    expect((await roundRow(BigInt(round.id))).win_credits).toBe(round.winCredits);
  });
});
