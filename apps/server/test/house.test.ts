import { randomUUID } from 'node:crypto';
import { commitServerSeed, playRound } from '@sea/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHouseModule } from '../src/modules/house/index.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { houseGameNodes, housePage, launchHouseGame } from './helpers/house.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

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

const UNIT = 100n; // PHP, 2 decimals: one credit = 1.00
const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]!.available;

async function launch(p: Player, gameCode: string, freePlay = false): Promise<string> {
  const token = await launchHouseGame(t, games, p, gameCode, freePlay);
  // The game page starts with its session, which shows the seed commitment before any round.
  expect((await game(token).session()).statusCode).toBe(200);
  return token;
}

const game = (token: string) => housePage(t, token);

describe('our own games through the seamless wallet', () => {
  it('a slot session shows the maths, the balance and the seed commitment; a spin moves stake and win once', async () => {
    const p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const g = game(await launch(p, 'slot-lucky-dragon'));
    const s = (await g.session()).json().value;
    expect(s).toMatchObject({
      gameId: 'slot-lucky-dragon',
      currency: 'PHP',
      exponent: 2,
      creditValue: '100',
      balance: '100000',
      freePlay: false,
      openRound: null,
    });
    expect(s.config.kind).toBe('slot');
    expect(s.fairness.nonce).toBe(0);
    // The game page names the game in the player's language (its Language header, from the launch URL's lang).
    expect(s).toMatchObject({ language: 'en', displayName: 'Lucky Dragon' });
    const sessionIn = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/house/v1/session',
          headers: { 'x-game-session': g.token, language },
        })
      ).json().value;
    expect(await sessionIn('ty')).toMatchObject({ language: 'ty', displayName: 'Rồng May Mắn' });
    expect(await sessionIn('xx')).toMatchObject({ language: 'en', displayName: 'Lucky Dragon' });

    let expected = 1_000n * UNIT;
    for (let i = 0; i < 12; i++) {
      const res = await g.play({ lines: 20, betLevel: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const { round, balance: after, fairness } = res.json().value;
      expect(round).toMatchObject({
        gameId: 'slot-lucky-dragon',
        status: 'settled',
        stakeCredits: 20,
        nonce: i,
        serverSeed: null,
      });
      expect(round.result.totalWin).toBe(round.winCredits);
      expect(fairness.nonce).toBe(i + 1);
      expected += BigInt(round.winCredits - 20) * UNIT;
      expect(after).toBe(String(expected));
    }
    expect(await balance(p)).toBe(expected);
    const records = (
      await t.app.inject({ method: 'GET', url: '/wps/game/bets?vassalage=SEA', headers: bearer(p.token) })
    ).json().value;
    expect(records.total).toBe(12);
    expect(records.items[0]).toMatchObject({
      vassalage: 'SEA',
      gameName: 'Lucky Dragon',
      gameType: 'RNG',
      status: 'settled',
      stake: '2000',
      verifiable: true,
    });
    expect(records.items[0].roundRef).toMatch(/^h\d+$/);
    const inTy = await t.app.inject({
      method: 'GET',
      url: '/wps/game/bets?vassalage=SEA&pageSize=1',
      headers: { ...bearer(p.token), language: 'ty' },
    });
    expect(inTy.json().value.items[0].gameName).toBe('Rồng May Mắn');
    // Personal profit (member centre) counts the same rounds: bets = stakes, wins = payouts.
    const profit = (await t.app.inject({ method: 'GET', url: '/wps/member/profit', headers: bearer(p.token) })).json()
      .value.total;
    expect(profit).toMatchObject({
      bets: records.totals.stake,
      wins: records.totals.payout,
      profit: records.totals.net,
    });
    expect(records.totals.stake).toBe(String(12n * 20n * UNIT));
  });

  it('a retry of the same request plays the same round once; another bet under its id is a conflict', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = game(await launch(p, 'slot-lucky-dragon'));
    const requestId = randomUUID();
    const first = (await g.play({ lines: 10, betLevel: 2 }, requestId)).json().value;
    const again = (await g.play({ lines: 10, betLevel: 2 }, requestId)).json().value;
    expect(again.round).toEqual(first.round);
    expect(await balance(p)).toBe(100n * UNIT + BigInt(first.round.winCredits - 20) * UNIT);
    expect((await g.play({ lines: 10, betLevel: 3 }, requestId)).json().code).toBe('idempotency_conflict');
  });

  it('refuses a stake above the balance (nothing moves), an invalid bet, and a foreign session', async () => {
    const p = await newPlayer(t, demo, { fund: 5n * UNIT });
    const g = game(await launch(p, 'slot-lucky-dragon'));
    const poor = await g.play({ lines: 20, betLevel: 1 });
    expect(poor.json().code).toBe('insufficient_funds');
    expect(await balance(p)).toBe(5n * UNIT);
    const bad = await g.play({ lines: 21, betLevel: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields[0]).toMatchObject({ field: 'bet', reason: 'invalid_bet' });
    expect((await game('x'.repeat(43)).play({ lines: 1, betLevel: 1 })).statusCode).toBe(401);
    expect((await game('x'.repeat(43)).session()).json().code).toBe('unauthorized');
  });

  it('video poker: the deal shows five cards and holds the bet; the draw settles by the 9/6 paytable', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = game(await launch(p, 'vp-jacks-or-better'));
    const dealt = (await g.play({ coins: 5, betLevel: 1 })).json().value;
    expect(dealt.round.status).toBe('dealt');
    expect(dealt.round.result.dealt).toHaveLength(5);
    expect(dealt.round.result.final).toBeUndefined(); // the rest of the deck stays secret
    expect(dealt.balance).toBe(String(95n * UNIT));
    // One hand at a time; the seed cannot be revealed while it is open; a new session resumes it.
    expect((await g.play({ coins: 1, betLevel: 1 })).json().code).toBe('state_invalid');
    expect((await g.rotate()).json().code).toBe('state_invalid');
    expect((await g.session()).json().value.openRound.id).toBe(dealt.round.id);

    const holds = [true, false, true, false, false];
    const drawn = (await g.draw(dealt.round.id, holds)).json().value;
    expect(drawn.round).toMatchObject({ status: 'settled', holds });
    const r = drawn.round.result;
    expect(r.final.filter((_: string, i: number) => holds[i])).toEqual(
      r.dealt.filter((_: string, i: number) => holds[i]),
    );
    expect(drawn.round.winCredits).toBe(r.payPerCoin * 5);
    expect(drawn.balance).toBe(String(95n * UNIT + BigInt(drawn.round.winCredits) * UNIT));
    // A retry of the same draw answers the same; another one is refused.
    expect((await g.draw(dealt.round.id, holds)).json().value.round).toEqual(drawn.round);
    expect((await g.draw(dealt.round.id, [true, true, true, true, true])).json().code).toBe('state_invalid');
  });

  it('scratch: a ticket is settled with its grid; a win has three matching cells', async () => {
    const p = await newPlayer(t, demo, { fund: 200n * UNIT });
    const g = game(await launch(p, 'scratch-lucky-match'));
    let wins = 0;
    for (let i = 0; i < 20; i++) {
      const { round } = (await g.play({ betLevel: 1 })).json().value;
      expect(round.status).toBe('settled');
      expect(round.result.grid).toHaveLength(9);
      if (round.winCredits > 0) {
        wins++;
        expect(round.result.winningCells).toHaveLength(3);
      }
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('every round recomputes from its seeds once the seed is revealed (and not before)', async () => {
    const p = await newPlayer(t, demo, { fund: 500n * UNIT });
    const g = game(await launch(p, 'slot-lucky-dragon'));
    const before = (await g.session()).json().value.fairness;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await g.play({ lines: 5, betLevel: 2 })).json().value.round.id);
    const hidden = (
      await t.app.inject({ method: 'GET', url: `/wps/house/rounds/${ids[0]}`, headers: bearer(p.token) })
    ).json().value;
    expect(hidden.serverSeed).toBeNull();

    const rotated = (await g.rotate('my-own-seed')).json().value;
    expect(rotated.revealed).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      rounds: 5,
    });
    expect(commitServerSeed(rotated.revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(rotated.next).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(rotated.next.serverSeedHash).not.toBe(before.serverSeedHash);

    for (const id of ids) {
      const r = (await t.app.inject({ method: 'GET', url: `/wps/house/rounds/${id}`, headers: bearer(p.token) })).json()
        .value;
      expect(r.serverSeed).toBe(rotated.revealed.serverSeed);
      const replay = playRound({
        gameId: r.gameId,
        mathVersion: r.mathVersion,
        seeds: { serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce },
        bet: r.bet,
      });
      expect(replay.result).toEqual(r.result);
      expect(replay.win).toBe(r.winCredits);
    }
    // Another member's round is not found.
    const other = await newPlayer(t, demo);
    expect(
      (await t.app.inject({ method: 'GET', url: `/wps/house/rounds/${ids[0]}`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('a free trial plays with play money: the ledger and the bet records do not move; trial accounts get only that', async () => {
    const trial = await newPlayer(t, demo, { type: demo.trialTypes[0] });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: bearer(trial.token),
      payload: { nodeId: games['slot-lucky-dragon'] },
    });
    expect(refused.json().code).toBe('in_need_true_account');
    const g = game(await launch(trial, 'slot-lucky-dragon', true));
    const s = (await g.session()).json().value;
    expect(s).toMatchObject({ freePlay: true, balance: String(10_000n * UNIT) });
    let fun = 10_000n * UNIT;
    for (let i = 0; i < 5; i++) {
      const { round, balance: b } = (await g.play({ lines: 20, betLevel: 5 })).json().value;
      expect(round.freePlay).toBe(true);
      fun += BigInt(round.winCredits - 100) * UNIT;
      expect(b).toBe(String(fun));
    }
    expect(await balance(trial)).toBe(0n);
    // Video poker for fun too.
    const vp = game(await launch(trial, 'vp-jacks-or-better', true));
    const d = (await vp.play({ coins: 1, betLevel: 1 })).json().value;
    const done = (await vp.draw(d.round.id, [false, false, false, false, false])).json().value;
    expect(done.round.status).toBe('settled');
    const records = (await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: bearer(trial.token) })).json();
    expect(records.code).toBe('in_need_true_account');
  });
});

describe('interrupted rounds', () => {
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

  async function interrupted(op: 'bet' | 'win') {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const token = await launch(p, 'slot-lucky-dragon');
    const house = crashingHouse(op);
    await expect(house.play(demo, token, { requestId: randomUUID(), bet: { lines: 20, betLevel: 1 } })).rejects.toThrow(
      `crash before ${op}`,
    );
    return p;
  }

  const recover = async () => {
    const saved = now;
    now += 2 * 60_000;
    try {
      return await t.app.modules.house.recover((id) => t.app.modules.merchants.findById(id));
    } finally {
      now = saved;
    }
  };

  it('a crash after the bet: the recovery job pays the committed outcome once', async () => {
    const p = await interrupted('win');
    expect(await balance(p)).toBe(80n * UNIT); // the bet is in, the win not yet
    const first = await recover();
    expect(first.settled).toBeGreaterThanOrEqual(1);
    const records = (await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: bearer(p.token) })).json()
      .value;
    expect(records.items).toHaveLength(1);
    expect(records.items[0].status).toBe('settled');
    const paid = BigInt(records.items[0].payout);
    expect(await balance(p)).toBe(80n * UNIT + paid);
    await recover();
    expect(await balance(p)).toBe(80n * UNIT + paid);
  });

  it('a crash before the bet: the round is cancelled and its bet can never land later', async () => {
    const p = await interrupted('bet');
    const r = await recover();
    expect(r.cancelled).toBeGreaterThanOrEqual(1);
    expect(await balance(p)).toBe(100n * UNIT);
    const sea = (await t.app.modules.games.vendor(demo.id, 'SEA'))!;
    const late = await t.app.modules.games.wallet.bet({
      merchant: demo,
      vendor: sea,
      body: {
        request_id: 'late',
        player_id: String(p.id),
        session_token: undefined,
        currency: demo.currency,
        round_id: 'late-round',
        tx_id: (
          await t.database.all
            .selectFrom('game_transactions')
            .select('ref_tx')
            .where('member_id', '=', p.id)
            .where('kind', '=', 'rollback')
            .executeTakeFirstOrThrow()
        ).ref_tx!,
        amount: '2000',
        round_closed: false,
      },
    });
    expect(['ALREADY_SETTLED', 'INVALID_TOKEN']).toContain(late.status);
    expect(await balance(p)).toBe(100n * UNIT);
  });

  it('a video-poker hand left dealt for a day is finished with the best hold', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = game(await launch(p, 'vp-jacks-or-better'));
    const dealt = (await g.play({ coins: 5, betLevel: 1 })).json().value.round;
    expect((await recover()).settled).toBe(0); // the player may still come back
    const saved = now;
    now += 25 * 3_600_000;
    try {
      await t.app.modules.house.recover((id) => t.app.modules.merchants.findById(id));
    } finally {
      now = saved;
    }
    const r = (
      await t.app.inject({ method: 'GET', url: `/wps/house/rounds/${dealt.id}`, headers: bearer(p.token) })
    ).json().value;
    expect(r.status).toBe('settled');
    expect(r.holds).toHaveLength(5);
    expect(await balance(p)).toBe(95n * UNIT + BigInt(r.winCredits) * UNIT);
  });
});

describe('replay', () => {
  it('every stored round of this file (slot, video poker, scratch; real and trial; recovered) recomputes from its seeds', async () => {
    const rounds = await t.database.all
      .selectFrom('house_rounds as r')
      .innerJoin('house_seeds as s', 's.id', 'r.seed_id')
      .select([
        'r.id',
        'r.game_id',
        'r.math_version',
        'r.nonce',
        'r.bet',
        'r.holds',
        'r.status',
        'r.win_credits',
        'r.stake_credits',
        'r.result',
        's.server_seed',
        's.client_seed',
      ])
      .where('r.status', '=', 'settled')
      .execute();
    expect(new Set(rounds.map((r) => r.game_id))).toEqual(
      new Set(['slot-lucky-dragon', 'vp-jacks-or-better', 'scratch-lucky-match']),
    );
    expect(rounds.length).toBeGreaterThan(20);
    for (const r of rounds) {
      const replay = playRound({
        gameId: r.game_id,
        mathVersion: r.math_version,
        seeds: { serverSeed: r.server_seed, clientSeed: r.client_seed, nonce: r.nonce },
        bet: r.bet as never,
        ...(r.holds && { holds: r.holds }),
      });
      const what = `round ${r.id} (${r.game_id})`;
      expect(replay.result, what).toEqual(r.result);
      expect(replay.win, what).toBe(r.win_credits);
      expect(replay.stake, what).toBe(r.stake_credits);
    }
  });
});
