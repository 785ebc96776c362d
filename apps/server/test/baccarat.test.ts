import { randomUUID } from 'node:crypto';
import { betReturn, cardCode, dealFromShoe, shoeCommitment, shuffledShoe, validBetOf } from '@sea/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayEvent } from '../src/lib/play-events.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { houseGameNodes } from './helpers/house.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-11-28T10:00:00Z');
let nodes: Record<string, string> = {};
const UNIT = 100n; // PHP: 2 decimals
const H = { 'x-game-session': '' };

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), baccarat: { bettingSeconds: 10 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  nodes = await houseGameNodes(t);
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]!.available;

async function seat(fund = 10_000n * UNIT) {
  const p = await newPlayer(t, demo, { fund });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: bearer(p.token),
    payload: { nodeId: nodes.baccarat },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().value.url, 'http://site');
  expect(url.pathname).toBe('/play/baccarat');
  const token = url.searchParams.get('token')!;
  const headers = { ...H, 'x-game-session': token };
  return {
    p,
    table: (code = 'BAC-1') => t.app.inject({ method: 'GET', url: `/baccarat/v1/tables/${code}`, headers }),
    lobby: () => t.app.inject({ method: 'GET', url: '/baccarat/v1/tables', headers }),
    history: () => t.app.inject({ method: 'GET', url: '/baccarat/v1/history', headers }),
    bet: (roundId: string, spot: string, amount: bigint, requestId = randomUUID(), code = 'BAC-1') =>
      t.app.inject({
        method: 'POST',
        url: `/baccarat/v1/tables/${code}/bets`,
        headers,
        payload: { requestId, roundId, spot, amount: String(amount) },
      }),
  };
}

const advance = () => t.app.modules.baccarat.advance();
const tick = async (ms: number) => {
  now += ms;
  return advance();
};

/** Moves the table's current round to its RESULT (paid). */
async function playOut(): Promise<void> {
  await tick(10_000); // closes → dealing
  await tick(10_000); // all cards shown → result, paid
}

describe('baccarat tables', () => {
  it('the lobby lists the tables; a round opens in BETTING with the shoe’s seed hash published', async () => {
    const a = await seat();
    const lobby = (await a.lobby()).json().value;
    expect(lobby.tables.map((x: { code: string }) => x.code)).toEqual(['BAC-1', 'BAC-2', 'SUPER6']);
    await advance();
    const view = (await a.table()).json().value;
    expect(view.table.round).toMatchObject({ phase: 'betting', hand: 1, cards: null, result: null });
    expect(view.table.shoe.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(view.table.minBet).toBe(String(10n * UNIT));
    // The last 3 seconds are CLOSING; at closes_at the round is CLOSED even before the dealer runs.
    now += 7_500;
    expect((await a.table()).json().value.table.round.phase).toBe('closing');
    now += 2_500;
    expect((await a.table()).json().value.table.round.phase).toBe('closed');
    await advance();
    await playOut();
  });

  it('two players at one table: same round, bets taken, a bet after CLOSED refused, settled exactly once', async () => {
    await advance();
    const a = await seat();
    const b = await seat();
    const round = (await a.table()).json().value.table.round;
    expect((await b.table()).json().value.table.round.id).toBe(round.id);
    const bets = [
      [a, 'player', 100n * UNIT],
      [a, 'banker', 300n * UNIT],
      [a, 'playerPair', 20n * UNIT],
      [b, 'tie', 50n * UNIT],
      [b, 'banker', 1_000n * UNIT],
    ] as const;
    for (const [s, spot, amount] of bets) {
      const r = await s.bet(round.id, spot, amount);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().value.bet.status).toBe('placed');
    }
    // A retry with the same request id places nothing twice.
    const rid = randomUUID();
    expect((await a.bet(round.id, 'tie', 10n * UNIT, rid)).statusCode).toBe(200);
    expect((await a.bet(round.id, 'tie', 10n * UNIT, rid)).statusCode).toBe(200);
    expect((await a.bet(round.id, 'tie', 20n * UNIT, rid)).json().code).toBe('idempotency_conflict');
    expect(await balance(a.p)).toBe((10_000n - 430n) * UNIT);
    // Limits: below the minimum.
    expect((await a.bet(round.id, 'player', 1n * UNIT)).json().code).toBe('amount_out_of_range');
    const view = (await a.table()).json().value;
    expect(view.table.round.totals).toMatchObject({ banker: String(1_300n * UNIT), tie: String(60n * UNIT) });
    expect(view.myBets).toHaveLength(4);

    now += 10_000; // CLOSED by the clock, the dealer not yet run
    const late = await b.bet(round.id, 'player', 100n * UNIT);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ success: false, code: 'state_invalid' });
    await advance(); // → dealing
    const dealing = (await a.table()).json().value.table.round;
    expect(dealing.phase).toBe('dealing');
    expect(dealing.cards.player.length + dealing.cards.banker.length).toBe(0);
    now += 2_000; // two cards shown, one by one
    const two = (await a.table()).json().value.table.round;
    expect([two.cards.player.length, two.cards.banker.length]).toEqual([1, 1]);
    expect(two.result).toBeNull();
    // Two dealers at once (a second process, a retried job): each step happens once.
    now += 8_000;
    await Promise.all([advance(), advance()]);
    const done = (await a.table()).json().value;
    expect(done.table.round.phase).toBe('result');
    const hand = done.table.round.result;
    const expectFor = (list: readonly (readonly [unknown, string, bigint])[]) =>
      list.reduce((sum, [, spot, amount]) => sum + betReturn('commission', spot as never, hand, amount), 0n);
    const aBets = [...bets.filter(([s]) => s === a), [a, 'tie', 10n * UNIT] as const];
    const bBets = bets.filter(([s]) => s === b);
    expect(await balance(a.p)).toBe((10_000n - 430n) * UNIT + expectFor(aBets));
    expect(await balance(b.p)).toBe((10_000n - 1_050n) * UNIT + expectFor(bBets));
    expect(done.myBets.every((x: { status: string }) => x.status === 'settled')).toBe(true);
    await advance(); // again: nothing more paid
    expect(await balance(b.p)).toBe((10_000n - 1_050n) * UNIT + expectFor(bBets));
    // The result joins the roads once the next round opens; the history shows the round.
    await tick(5_000);
    const next = (await a.table()).json().value.table;
    expect(next.round).toMatchObject({ phase: 'betting', hand: Number(round.hand) + 1 });
    expect(next.results.at(-1)).toMatchObject({ winner: hand.winner });
    const hist = (await a.history()).json().value.rounds;
    expect(hist[0]).toMatchObject({ roundId: round.id, status: 'settled', stake: String(430n * UNIT) });
    // Bet records (the games face) show the round as our own game's.
    const records = await t.app.inject({
      method: 'POST',
      url: '/wps/record/bet',
      headers: bearer(a.p.token),
      payload: {},
    });
    expect(records.statusCode).toBeLessThan(500);
  });

  it('concurrent bets are exact: the balance never goes below zero (PostgreSQL when DATABASE_URL is set)', async () => {
    await advance();
    const a = await seat(100_000n * UNIT);
    const round = (await a.table('BAC-2')).json().value.table.round;
    const results = await Promise.all(
      Array.from({ length: 24 }, () => a.bet(round.id, 'player', 50_000n * UNIT, randomUUID(), 'BAC-2')),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    // 24 bets of 50,000 at once on 100,000: exactly two are taken, the rest refused for funds.
    expect(ok).toBe(2);
    expect(await balance(a.p)).toBe(0n);
    const refusals = results.filter((r) => r.statusCode !== 200).map((r) => r.json().message + ' ' + r.json().code);
    // Stakes still waiting for the wallet count towards the round's limit (20 × 50,000): never more in the round.
    const overLimit = refusals.filter((c) => c.endsWith('amount_out_of_range')).length;
    expect(overLimit).toBeLessThanOrEqual(4);
    expect(refusals.filter((c) => c.endsWith('insufficient_funds'))).toHaveLength(22 - overLimit);
  });

  it('a cancelled round refunds every bet, once', async () => {
    const a = await seat();
    const round = (await a.table('SUPER6')).json().value.table.round;
    expect((await a.bet(round.id, 'banker', 500n * UNIT, randomUUID(), 'SUPER6')).statusCode).toBe(200);
    expect((await a.bet(round.id, 'tie', 100n * UNIT, randomUUID(), 'SUPER6')).statusCode).toBe(200);
    expect(await balance(a.p)).toBe(9_400n * UNIT);
    const r1 = await t.app.modules.baccarat.cancelRound(demo, BigInt(round.id));
    expect(r1).toEqual({ roundId: round.id, refunded: 2 });
    expect(await balance(a.p)).toBe(10_000n * UNIT);
    await expect(t.app.modules.baccarat.cancelRound(demo, BigInt(round.id))).rejects.toMatchObject({
      code: 'state_invalid',
    });
    await advance();
    expect(await balance(a.p)).toBe(10_000n * UNIT);
    const view = (await a.table('SUPER6')).json().value.table.round;
    expect(view.phase).toBe('betting');
    expect(view.id).not.toBe(round.id);
  });

  it('a shoe ended by the operator: the seed revealed recomputes every hand’s cards', async () => {
    const a = await seat();
    const first = (await a.table('BAC-2')).json().value.table.shoe;
    for (let i = 0; i < 4; i++) await tick(10_000);
    const hidden = (await t.app.inject({ method: 'GET', url: `/baccarat/v1/shoes/${first.id}` })).json().value;
    expect(hidden).toMatchObject({ status: 'active', seed: null });
    await t.app.modules.baccarat.endShoe(demo, 'BAC-2');
    for (let i = 0; i < 4; i++) {
      await tick(10_000);
      if ((await a.table('BAC-2')).json().value.table.shoe.id !== first.id) break;
    }
    const proof = (await t.app.inject({ method: 'GET', url: `/baccarat/v1/shoes/${first.id}` })).json().value;
    expect(proof.status).toBe('finished');
    expect(shoeCommitment(proof.seed)).toBe(first.seedHash);
    expect(proof.hands.length).toBeGreaterThanOrEqual(2);
    const cards = shuffledShoe(proof.seed);
    for (const h of proof.hands) expect(dealFromShoe(cards, h.position).cards.map(cardCode)).toEqual(h.cards);
  });

  it('the valid bet of a round nets Banker against Player (a tie pushes them): what wagering, points, missions count', async () => {
    const seen: PlayEvent[] = [];
    t.app.modules.playEvents.consumers.register({
      name: 'test-baccarat-valid-bet',
      async handle(events) {
        const fresh = await t.database.all.transaction().execute((trx) =>
          t.app.modules.playEvents.firstTime(
            trx,
            'test-baccarat-valid-bet',
            events.map((e) => e.id),
          ),
        );
        seen.push(...events.filter((e) => fresh.has(e.id)));
      },
    });
    await advance();
    const a = await seat();
    const round = (await a.table('BAC-2')).json().value.table.round;
    const stakes = { banker: 300n * UNIT, player: 100n * UNIT, tie: 20n * UNIT };
    for (const [spot, amount] of Object.entries(stakes))
      expect((await a.bet(round.id, spot, amount, randomUUID(), 'BAC-2')).statusCode).toBe(200);
    await playOut();
    const done = (await a.table('BAC-2')).json().value.table.round;
    expect(done.phase).toBe('result');
    const winner = done.result.winner as 'player' | 'banker' | 'tie';
    // banker 300 − player 100 = 200 (0 on a tie) + the tie bet 20.
    const expected = validBetOf(stakes, winner);
    expect(expected).toBe(winner === 'tie' ? 20n * UNIT : 220n * UNIT);
    const until = Date.now() + 240_000;
    while ((await t.app.modules.playEvents.backlog('test-baccarat-valid-bet')) > 0n && Date.now() < until)
      await t.app.modules.playEvents.drain();
    const mine = seen.filter((e) => e.kind === 'bet_settled' && e.memberId === a.p.id);
    expect(mine.map((e) => e.kind === 'bet_settled' && [e.category, e.stake, e.validBet])).toEqual([
      ['LIVE', 420n * UNIT, expected],
    ]);
  });
});
