import { randomUUID } from 'node:crypto';
import { drawElott, mixBeacon, settleElottBet, verifyChainLink } from '@sea/games';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, testHasher, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
// A fixed start on a minute boundary + 5 s; tests move the clock forward only.
let now = Date.parse('2026-11-26T04:00:05.000Z');
const UNIT = 100n; // PHP, 2 decimals
const PG = 1960;
const SETTLE_BATCH = 3;
const PAY_BATCH = 1;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(now),
    lottery: { chainLength: 600, checkpointEvery: 50, settleBatch: SETTLE_BATCH, payBatch: PAY_BATCH },
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.schedule();
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const lottery = () => t.app.modules.lottery;
const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.available ?? 0n;

async function game(code: string) {
  const res = await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

interface BetIn {
  code: string;
  selection: unknown;
  unitStake: string;
}

function place(
  p: Player,
  body: { gameCode: string; issueId: string; bets: BetIn[]; requestId?: string; chase?: object },
) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: { requestId: randomUUID(), ...body },
  });
}

/** Moves the clock past the draw of `drawsAt` and runs the draw job. */
async function drawUntil(drawsAt: string) {
  now = Math.max(now, Date.parse(drawsAt) + 1000);
  await lottery().schedule();
  await lottery().advance();
}

async function issue(gameCode: string, issueId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/lgw/lottery/issues/${issueId}?gameCode=${gameCode}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

const stake = (major: bigint) => String(major * UNIT);

describe('fast e-lottery', () => {
  it('publishes the chain before the first issue opens; the lobby lists the five games', async () => {
    const lobby = (await t.app.inject({ method: 'GET', url: '/lgw/lottery/lobby' })).json().value;
    expect(lobby.games.map((g: { gameCode: string }) => g.gameCode).sort()).toEqual(
      ['elott-k3-1m', 'elott-k3-3m', 'elott-ssc-1m', 'elott-ssc-3m', 'elott-ssc-5m'].sort(),
    );
    const g = await game('elott-ssc-1m');
    expect(g.chain.terminalHash).toMatch(/^[0-9a-f]{64}$/);
    expect(g.current.issueId).toBe(g.chain.firstIssueId);
    expect(Date.parse(g.current.drawsAt) - now).toBeGreaterThan(60_000);
    expect(g.next).toHaveLength(10);
    expect(g.betTypes.find((b: { code: string }) => b.code === 'ssc.position').lines[0].odds).toBe('9.8');
    // Asia/Manila: 04:01 UTC = 12:01 local, the 722nd minute of the day.
    expect(g.current.issueId).toBe('20261126-0722');
  });

  it('a full draw: several bet types paid exactly as settleElottBet says, the issue verifies', async () => {
    const p = await newPlayer(t, demo, { fund: 10_000n * UNIT });
    const q = await newPlayer(t, demo, { fund: 10_000n * UNIT });
    const ssc = await game('elott-ssc-1m');
    const k3 = await game('elott-k3-1m');
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const sscBets: BetIn[] = [
      { code: 'ssc.position', selection: { positions: [all, all, [], [1, 2], [3]] }, unitStake: stake(2n) },
      { code: 'ssc.bsoe.sum', selection: { sides: ['big', 'small', 'odd'] }, unitStake: stake(5n) },
      { code: 'ssc.straight.2b', selection: { positions: [all, [0, 5]] }, unitStake: stake(1n) },
      { code: 'ssc.dragontiger', selection: { sides: ['dragon', 'tiger', 'tie'] }, unitStake: stake(3n) },
      { code: 'ssc.group6.3f', selection: { digits: all }, unitStake: stake(1n) },
    ];
    const k3Bets: BetIn[] = [
      {
        code: 'k3.sum',
        selection: { picks: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] },
        unitStake: stake(1n),
      },
      { code: 'k3.two.diff', selection: { picks: [1, 2, 3, 4, 5, 6] }, unitStake: stake(1n) },
      { code: 'k3.triple.any', selection: {}, unitStake: stake(4n) },
    ];
    const r1 = await place(p, { gameCode: 'elott-ssc-1m', issueId: ssc.current.issueId, bets: sscBets });
    expect(r1.statusCode, r1.body).toBe(200);
    const order = r1.json().value;
    const charge = sscBets.reduce((s, b, i) => s + BigInt(b.unitStake) * BigInt(order.bets[i].units), 0n);
    expect(order.charge).toBe(String(charge));
    expect(order.bets.map((b: { status: string }) => b.status)).toEqual(sscBets.map(() => 'placed'));
    expect(order.balance).toBe(String(10_000n * UNIT - charge));
    const r2 = await place(q, { gameCode: 'elott-k3-1m', issueId: k3.current.issueId, bets: k3Bets });
    expect(r2.statusCode, r2.body).toBe(200);
    const r3 = await place(q, { gameCode: 'elott-ssc-1m', issueId: ssc.current.issueId, bets: sscBets.slice(0, 2) });
    expect(r3.statusCode, r3.body).toBe(200);

    // Before the draw the issue shows no hash and no result.
    const before = await issue('elott-ssc-1m', ssc.current.issueId);
    expect(before).toMatchObject({ status: 'open', hash: null, result: null, totals: null, chainIndex: 1 });
    expect(before.previousHash).toBe(ssc.chain.terminalHash);

    await drawUntil(ssc.current.drawsAt);
    const expectPaid = async (gameCode: string, issueId: string, kind: 'ssc' | 'k3', bets: BetIn[], who: Player) => {
      const v = await issue(gameCode, issueId);
      expect(v.status).toBe('settled');
      expect(verifyChainLink(v.hash, v.previousHash)).toBe(true);
      // The draw mixes in the beacon round named in advance (published at the draw time).
      expect(Date.parse(v.beacon.publishedAt)).toBeGreaterThanOrEqual(Date.parse(v.drawsAt));
      expect(drawElott(kind, v.hash, mixBeacon(v.salt, v.beacon.value), issueId)).toEqual(v.result);
      const mine = (
        await t.app.inject({
          method: 'GET',
          url: `/wps/lottery/bets?gameCode=${gameCode}&pageSize=100`,
          headers: bearer(who.token),
        })
      ).json().value.list;
      let paid = 0n;
      for (const b of bets) {
        const row = mine.find((m: { code: string; issueId: string }) => m.code === b.code && m.issueId === issueId);
        const want = settleElottBet(kind, b, v.result, BigInt(b.unitStake), PG);
        expect(row.payout).toBe(String(want.payout));
        expect(row.status).toBe(want.payout > 0n ? 'won' : 'lost');
        expect(row.lines.map((l: { amount: string }) => l.amount)).toEqual(want.lines.map((l) => String(l.amount)));
        paid += want.payout;
      }
      return { paid, v };
    };
    const sp = await expectPaid('elott-ssc-1m', ssc.current.issueId, 'ssc', sscBets, p);
    expect(sp.paid).toBeGreaterThan(0n); // the position bet covers every digit of positions 1 and 2
    expect(await balance(p)).toBe(10_000n * UNIT - charge + sp.paid);
    const kp = await expectPaid('elott-k3-1m', k3.current.issueId, 'k3', k3Bets, q);
    expect(kp.paid).toBeGreaterThan(0n);
    expect(sp.v.totals.bets).toBe(7);
    expect(sp.v.totals.winners).toBeGreaterThanOrEqual(1);

    // The results list shows the drawn issue first.
    const results = (await t.app.inject({ method: 'GET', url: '/lgw/lottery/games/elott-ssc-1m/results' })).json()
      .value;
    expect(results.list[0]).toMatchObject({ issueId: ssc.current.issueId, status: 'settled', result: sp.v.result });
  });

  it('a replayed requestId answers the same order and charges once', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = await game('elott-k3-3m');
    const requestId = randomUUID();
    const body = {
      gameCode: 'elott-k3-3m',
      issueId: g.current.issueId,
      requestId,
      bets: [{ code: 'k3.bsoe', selection: { sides: ['big'] }, unitStake: stake(10n) }],
    };
    const [a, b] = await Promise.all([place(p, body), place(p, body)]);
    const c = await place(p, body);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().value.orderRef).toBe(a.json().value.orderRef);
    expect(c.json().value.orderRef).toBe(a.json().value.orderRef);
    expect(await balance(p)).toBe(90n * UNIT);
  });

  it('refuses a closed issue, a short balance and the exposure limit; bad input never 500', async () => {
    const p = await newPlayer(t, demo, { fund: 100_000n * UNIT });
    const g = await game('elott-ssc-3m');
    const side = (n: number) =>
      Array.from({ length: n }, () => ({
        code: 'ssc.bsoe.1',
        selection: { sides: ['big'] },
        unitStake: stake(10_000n),
      }));
    // 50,000 on one number of one bet type is the limit: 5 × 10,000 pass, the 6th is refused.
    const ok = await place(p, { gameCode: 'elott-ssc-3m', issueId: g.current.issueId, bets: side(5) });
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await place(p, { gameCode: 'elott-ssc-3m', issueId: g.current.issueId, bets: side(1) });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('lottery_limit');
    expect(await balance(p)).toBe(50_000n * UNIT);

    const poor = await newPlayer(t, demo, { fund: 1n * UNIT });
    const short = await place(poor, {
      gameCode: 'elott-ssc-3m',
      issueId: g.current.issueId,
      bets: [{ code: 'ssc.bsoe.2', selection: { sides: ['big'] }, unitStake: stake(2n) }],
    });
    expect(short.json().code).toBe('insufficient_funds');

    const bad = await place(p, {
      gameCode: 'elott-ssc-3m',
      issueId: g.current.issueId,
      bets: [
        { code: 'ssc.bsoe.1', selection: { sides: ['big'] }, unitStake: stake(1n) },
        { code: 'ssc.nope', selection: {}, unitStake: stake(1n) },
        { code: 'ssc.position', selection: { positions: 'x' }, unitStake: '150' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_bet');
    expect(bad.json().value.fields.map((f: { field: string }) => f.field)).toEqual([
      'bets.1.code',
      'bets.2.unitStake',
      'bets.2.selection',
    ]);
    for (const payload of [
      { gameCode: 'elott-ssc-3m', issueId: 'x', requestId: randomUUID(), bets: [] },
      { gameCode: 'NOPE!', issueId: g.current.issueId, requestId: 'r', bets: [{}] },
      { gameCode: 'elott-ssc-3m', issueId: '20990101-0001', requestId: randomUUID(), bets: side(1) },
      { gameCode: 'no-such-game', issueId: g.current.issueId, requestId: randomUUID(), bets: side(1) },
      {
        gameCode: 'elott-ssc-3m',
        issueId: g.current.issueId,
        requestId: randomUUID(),
        bets: side(1),
        chase: { issues: 99 },
      },
      {
        gameCode: 'elott-ssc-3m',
        issueId: g.current.issueId,
        requestId: randomUUID(),
        bets: [{ code: 'ssc.position', selection: null, unitStake: '99999999999999' }],
      },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/wps/lottery/bets', headers: bearer(p.token), payload });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    for (const url of [
      '/lgw/lottery/games/NOPE',
      '/lgw/lottery/games/elott-ssc-3m/results?page=-1',
      '/lgw/lottery/issues/20261126-0001',
      '/lgw/lottery/issues/bad?gameCode=elott-ssc-3m',
      '/lgw/lottery/issues/20991126-0001?gameCode=elott-ssc-3m',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await balance(p)).toBe(50_000n * UNIT);

    // After betting closes (10 s before the draw) the issue refuses bets.
    now = Date.parse(g.current.closesAt) + 500;
    const late = await place(p, {
      gameCode: 'elott-ssc-3m',
      issueId: g.current.issueId,
      bets: [{ code: 'ssc.bsoe.1', selection: { sides: ['big'] }, unitStake: stake(1n) }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lottery_closed');
    await drawUntil(g.current.drawsAt);
  });

  it('a bet cancelled while open is refunded once; not after close', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = await game('elott-ssc-1m');
    const r = await place(p, {
      gameCode: 'elott-ssc-1m',
      issueId: g.current.issueId,
      bets: [
        { code: 'ssc.bsoe.2', selection: { sides: ['odd'] }, unitStake: stake(20n) },
        { code: 'ssc.bsoe.3', selection: { sides: ['odd'] }, unitStake: stake(30n) },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const [b1, b2] = r.json().value.bets;
    expect(await balance(p)).toBe(50n * UNIT);
    const cancel = (ref: string) =>
      t.app.inject({ method: 'POST', url: `/wps/lottery/bets/${ref}/cancel`, headers: bearer(p.token) });
    const c = await cancel(b1.ref);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().value.status).toBe('refunded');
    expect(await balance(p)).toBe(70n * UNIT);
    expect((await cancel(b1.ref)).json().code).toBe('state_invalid');
    now = Date.parse(g.current.closesAt) + 1;
    expect((await cancel(b2.ref)).json().code).toBe('lottery_closed');
    expect((await cancel('LB-00000000')).statusCode).toBe(404);
    await drawUntil(g.current.drawsAt);
    expect(await balance(p)).toBeGreaterThanOrEqual(70n * UNIT);
  });

  /** Every sum: one unit wins whatever the dice (16 units of 1.00 per issue), chased with stop-on-win. */
  const ALWAYS_WINS = [
    {
      code: 'k3.sum',
      selection: { picks: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] },
      unitStake: stake(1n),
    },
  ];
  async function chaseThatWins(issues: number) {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = await game('elott-k3-1m');
    const r = await place(p, {
      gameCode: 'elott-k3-1m',
      issueId: g.current.issueId,
      bets: ALWAYS_WINS,
      chase: { issues, stopOnWin: true },
    });
    expect(r.statusCode, r.body).toBe(200);
    return { p, g, bets: ALWAYS_WINS, r };
  }

  it('a chase with stop-on-win refunds the later issues once the first wins', async () => {
    const { p, g, bets, r } = await chaseThatWins(3);
    const order = r.json().value;
    expect(order.charge).toBe(String(48n * UNIT));
    expect(order.bets.map((b: { issueId: string }) => b.issueId)).toEqual(
      g.next.slice(0, 3).map((n: { issueId: string }) => n.issueId),
    );
    await drawUntil(g.current.drawsAt);
    const v = await issue('elott-k3-1m', g.current.issueId);
    const won = settleElottBet('k3', bets[0]!, v.result, UNIT, PG).payout;
    expect(won).toBeGreaterThan(0n);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?gameCode=elott-k3-1m', headers: bearer(p.token) })
    ).json().value;
    const statuses = Object.fromEntries(
      mine.list.map((b: { issueId: string; status: string }) => [b.issueId, b.status]),
    );
    expect(statuses[g.next[0].issueId]).toBe('won');
    expect(statuses[g.next[1].issueId]).toBe('refunded');
    expect(statuses[g.next[2].issueId]).toBe('refunded');
    expect(await balance(p)).toBe(100n * UNIT - 16n * UNIT + won);
    // Later draws change nothing for this order.
    await drawUntil(g.next[2].drawsAt);
    expect(await balance(p)).toBe(100n * UNIT - 16n * UNIT + won);
  });

  it('stop-on-win never refunds a later issue already drawn (its settlement counted the bet): no win paid twice', async () => {
    const { p, g, bets } = await chaseThatWins(2);
    const [first, second] = g.next.slice(0, 2) as { issueId: string; drawsAt: string }[];
    const db = t.database.all;
    const setStatus = (issueId: string, status: string) =>
      sql`update lottery_issues i set status = ${status} from lottery_games gm
          where gm.id = i.game_id and gm.merchant_id = ${demo.id} and gm.game_code = 'elott-k3-1m'
            and i.issue_id = ${issueId}`.execute(db);
    // The first issue's settlement stops at its payout (a crash); the second issue is due too.
    const ledger = t.app.modules.ledger;
    const realPostMany = ledger.postMany;
    ledger.postMany = async (reqs, trx) => {
      if (reqs.some((q) => q.kind === 'win')) throw new Error('simulated crash');
      return realPostMany(reqs, trx);
    };
    now = Math.max(now, Date.parse(second!.drawsAt) + 1000);
    try {
      await expect(lottery().advance()).rejects.toThrow('simulated crash');
    } finally {
      ledger.postMany = realPostMany;
    }
    expect((await issue('elott-k3-1m', first!.issueId)).status).toBe('drawn');
    // Another process draws and settles the second issue before the first finishes (the first hidden meanwhile).
    await setStatus(first!.issueId, 'settled');
    await lottery().advance();
    expect((await issue('elott-k3-1m', second!.issueId)).status).toBe('settled');
    await setStatus(first!.issueId, 'drawn');
    await lottery().advance();
    const v1 = await issue('elott-k3-1m', first!.issueId);
    const v2 = await issue('elott-k3-1m', second!.issueId);
    expect(v1.status).toBe('settled');
    const won1 = settleElottBet('k3', bets[0]!, v1.result, UNIT, PG).payout;
    const won2 = settleElottBet('k3', bets[0]!, v2.result, UNIT, PG).payout;
    const mine = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?gameCode=elott-k3-1m', headers: bearer(p.token) })
    ).json().value;
    expect(
      mine.list
        .filter((b: { issueId: string }) => b.issueId === first!.issueId || b.issueId === second!.issueId)
        .map((b: { status: string }) => b.status),
    ).toEqual(['won', 'won']);
    // Both wins paid, nothing refunded.
    expect(await balance(p)).toBe(100n * UNIT - 32n * UNIT + won1 + won2);
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('a cancelled issue refunds every placed bet, one journal per member, once', async () => {
    const g = await game('elott-ssc-3m');
    const target = g.next[2];
    const [p, q] = await Promise.all([1, 2].map(() => newPlayer(t, demo, { fund: 100n * UNIT })));
    const bets = [
      { code: 'ssc.bsoe.4', selection: { sides: ['big', 'small'] }, unitStake: stake(3n) },
      { code: 'ssc.bsoe.5', selection: { sides: ['odd'] }, unitStake: stake(4n) },
    ];
    for (const who of [p, q])
      expect((await place(who, { gameCode: 'elott-ssc-3m', issueId: target.issueId, bets })).statusCode).toBe(200);
    expect(await balance(p)).toBe(90n * UNIT);
    expect(await lottery().cancelIssue(demo, 'elott-ssc-3m', target.issueId)).toBe(true);
    await Promise.all([lottery().advance(), lottery().advance()]);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?status=refunded', headers: bearer(p.token) })
    ).json().value;
    expect(mine.list.map((b: { issueId: string }) => b.issueId)).toEqual([target.issueId, target.issueId]);
    expect(await balance(p)).toBe(100n * UNIT);
    expect(await balance(q)).toBe(100n * UNIT);
    const late = await place(p, { gameCode: 'elott-ssc-3m', issueId: target.issueId, bets });
    expect(late.json().code).toBe('lottery_closed');
    expect(await lottery().cancelIssue(demo, 'elott-ssc-3m', target.issueId)).toBe(false);
    await drawUntil(target.drawsAt);
    expect((await issue('elott-ssc-3m', target.issueId)).status).toBe('refunded');
    expect(await balance(p)).toBe(100n * UNIT);
  });

  it('a crash mid-settlement, a duplicate delivery: each bet is paid once', async () => {
    const g = await game('elott-ssc-5m');
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const bet = { code: 'ssc.position', selection: { positions: [all, [], [], [], []] }, unitStake: stake(1n) };
    for (const p of players) {
      const r = await place(p, { gameCode: 'elott-ssc-5m', issueId: g.current.issueId, bets: [bet, bet] });
      expect(r.statusCode, r.body).toBe(200);
    }
    // The ledger fails after the first win journal (one per call: PAY_BATCH 1): outcomes are written (id ranges
    // of 3), one member is paid.
    const ledger = t.app.modules.ledger;
    const realPostMany = ledger.postMany;
    let calls = 0;
    ledger.postMany = async (reqs, trx) => {
      if (reqs.some((r) => r.kind === 'win') && ++calls > 1) throw new Error('simulated crash');
      return realPostMany(reqs, trx);
    };
    now = Math.max(now, Date.parse(g.current.drawsAt) + 1000);
    try {
      await expect(lottery().advance()).rejects.toThrow('simulated crash');
    } finally {
      ledger.postMany = realPostMany;
    }
    expect((await issue('elott-ssc-5m', g.current.issueId)).status).toBe('drawn');
    const paidSoFar = await t.database.all
      .selectFrom('ledger_journals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scope', '=', 'lottery')
      .where('idem_key', 'like', `lottery:pay:elott-ssc-5m:${g.current.issueId}:%`)
      .executeTakeFirstOrThrow();
    expect(Number(paidSoFar.n)).toBe(1);
    // Run again, twice at once (a duplicate delivery): each member gets exactly their two wins.
    await Promise.all([lottery().advance(), lottery().advance()]);
    const v = await issue('elott-ssc-5m', g.current.issueId);
    expect(v.status).toBe('settled');
    const win = settleElottBet('ssc', bet, v.result, UNIT, PG).payout;
    expect(win).toBe(980n); // 9.8 × 1.00
    for (const p of players) expect(await balance(p)).toBe(1_000n * UNIT - 20n * UNIT + 2n * win);
    const journals = await t.database.all
      .selectFrom('ledger_journals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scope', '=', 'lottery')
      .where('idem_key', 'like', `lottery:pay:elott-ssc-5m:${g.current.issueId}:%`)
      .executeTakeFirstOrThrow();
    expect(Number(journals.n)).toBe(4);
    expect(v.totals).toMatchObject({ bets: 8, winners: 4, stake: String(80n * UNIT), payout: String(8n * win) });
  });

  it('a crash while adding up the members, then three settlers at once: each bet settled and counted once, no bet row rewritten', async () => {
    const g = await game('elott-ssc-3m');
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const bets: BetIn[] = [
      { code: 'ssc.position', selection: { positions: [all, [], [], [], []] }, unitStake: stake(1n) },
      { code: 'ssc.dragontiger', selection: { sides: ['dragon'] }, unitStake: stake(2n) },
      { code: 'ssc.bsoe.sum', selection: { sides: ['big'] }, unitStake: stake(1n) },
      { code: 'ssc.position', selection: { positions: [all, [], [], [], []] }, unitStake: stake(3n) },
    ];
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(t, demo, { fund: 100n * UNIT })));
    const charges: bigint[] = [];
    for (const p of players) {
      const r = await place(p, { gameCode: 'elott-ssc-3m', issueId: g.current.issueId, bets });
      expect(r.statusCode, r.body).toBe(200);
      charges.push(BigInt(r.json().value.charge));
    }
    // The members' rows fail as they are written (the second player's): one statement, so nothing is kept.
    const db = t.database.all;
    await sql`alter table lottery_settled_members add constraint crash_test check (member_id <> ${sql.lit(String(players[1]!.id))}::int8)`.execute(
      db,
    );
    now = Math.max(now, Date.parse(g.current.drawsAt) + 1000);
    try {
      await expect(lottery().advance()).rejects.toThrow(/crash_test/);
    } finally {
      await sql`alter table lottery_settled_members drop constraint crash_test`.execute(db);
    }
    // A bet's row (lottery_bets) and its outcome as every reader sees it (lottery_bet_outcomes).
    const statuses = async (from: 'lottery_bets' | 'lottery_bet_outcomes') =>
      (
        await db
          .selectFrom(`${from} as b`)
          .innerJoin('lottery_issues as i', 'i.id', 'b.issue_pk')
          .innerJoin('lottery_games as gm', 'gm.id', 'i.game_id')
          .select(['b.status', 'b.member_id', 'b.payout'])
          .where('gm.game_code', '=', 'elott-ssc-3m')
          .where('i.issue_id', '=', g.current.issueId)
          .orderBy('b.id')
          .execute()
      ).map((b) => b.status);
    expect(await statuses('lottery_bet_outcomes')).toEqual(Array(12).fill('placed'));
    const members = () =>
      db
        .selectFrom('lottery_settled_members')
        .select(['member_id', 'bets', 'payout', 'journal_id'])
        .where(
          'member_id',
          'in',
          players.map((p) => p.id),
        )
        .orderBy('member_id')
        .execute();
    expect(await members()).toEqual([]);
    expect((await issue('elott-ssc-3m', g.current.issueId)).status).toBe('drawn');
    await Promise.all([lottery().advance(), lottery().advance(), lottery().advance()]);
    const v = await issue('elott-ssc-3m', g.current.issueId);
    expect(v.status).toBe('settled');
    const wins = bets.map((b) => settleElottBet('ssc', b, v.result, BigInt(b.unitStake), PG).payout);
    const perPlayer = wins.reduce((a, b) => a + b, 0n);
    expect(await statuses('lottery_bet_outcomes')).toEqual(
      Array(3)
        .fill(wins.map((w) => (w > 0n ? 'won' : 'lost')))
        .flat(),
    );
    expect(await statuses('lottery_bets')).toEqual(Array(12).fill('placed'));
    for (const [i, p] of players.entries()) expect(await balance(p)).toBe(100n * UNIT - charges[i]! + perPlayer);
    expect(v.totals).toMatchObject({
      bets: 12,
      stake: String(charges.reduce((a, b) => a + b, 0n)),
      payout: String(3n * perPlayer),
      winners: perPlayer > 0n ? 3 : 0,
    });
    const rows = await members();
    expect(rows.map((r) => [r.bets, r.payout, r.journal_id !== null])).toEqual(
      players.map(() => [4, perPlayer, perPlayer > 0n]),
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two app instances on one PostgreSQL settle an issue once',
    async () => {
      const other = await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 5 });
      let app2: FastifyInstance | undefined;
      try {
        app2 = await buildApp({
          config: { TRUST_PROXY: true, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined },
          logger: false,
          hasher: testHasher,
          clock: () => new Date(now),
          lottery: { settleBatch: SETTLE_BATCH, payBatch: PAY_BATCH },
          database: other,
        });
        const g = await game('elott-k3-3m');
        const players = await Promise.all([1, 2, 3].map(() => newPlayer(t, demo, { fund: 100n * UNIT })));
        const bet = {
          code: 'k3.sum',
          selection: { picks: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] },
          unitStake: stake(1n),
        };
        for (const p of players)
          expect(
            (await place(p, { gameCode: 'elott-k3-3m', issueId: g.current.issueId, bets: [bet] })).statusCode,
          ).toBe(200);
        now = Math.max(now, Date.parse(g.current.drawsAt) + 1000);
        await Promise.all([
          lottery().advance(),
          app2.modules.lottery.advance(),
          lottery().advance(),
          app2.modules.lottery.advance(),
        ]);
        const v = await issue('elott-k3-3m', g.current.issueId);
        expect(v.status).toBe('settled');
        const win = settleElottBet('k3', bet, v.result, UNIT, PG).payout;
        for (const p of players) expect(await balance(p)).toBe(100n * UNIT - 16n * UNIT + win);
      } finally {
        await app2?.close();
        await other.close();
      }
    },
    60_000,
  );

  it('lottery bets show in the bet records and the personal profit like every other game', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const g = await game('elott-ssc-1m');
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const bets = [
      { code: 'ssc.position', selection: { positions: [all, [], [], [], []] }, unitStake: stake(1n) },
      { code: 'ssc.bsoe.1', selection: { sides: ['big'] }, unitStake: stake(5n) },
    ];
    const r = await place(p, { gameCode: 'elott-ssc-1m', issueId: g.current.issueId, bets });
    expect(r.statusCode, r.body).toBe(200);
    const open = (
      await t.app.inject({ method: 'GET', url: '/wps/game/bets?status=open', headers: bearer(p.token) })
    ).json().value;
    expect(open.total).toBe(2);
    expect(open.items[0]).toMatchObject({ gameType: 'ELOTT', vassalage: 'SEA', status: 'open' });
    await drawUntil(g.current.drawsAt);
    const v = await issue('elott-ssc-1m', g.current.issueId);
    const paid = bets.reduce((s, b) => s + settleElottBet('ssc', b, v.result, BigInt(b.unitStake), PG).payout, 0n);
    const records = (
      await t.app.inject({ method: 'GET', url: '/wps/game/bets?gameType=ELOTT', headers: bearer(p.token) })
    ).json().value;
    expect(records.total).toBe(2);
    expect(records.items.map((i: { roundRef: string }) => i.roundRef).sort()).toEqual(
      r
        .json()
        .value.bets.map((b: { ref: string }) => b.ref)
        .sort(),
    );
    expect(records.items[0].gameName).toBe('Fast 5D · 1 min');
    expect(records.totals).toEqual({
      stake: String(15n * UNIT),
      payout: String(paid),
      net: String(paid - 15n * UNIT),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/game/bets?gameType=RNG', headers: bearer(p.token) })).json().value
        .total,
    ).toBe(0);
    // Ledger entries carry the database's time (the real clock), not the test clock.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const range = `from=${day(Date.now() - 5 * 86_400_000)}&to=${day(Date.now() + 2 * 86_400_000)}`;
    const profit = (
      await t.app.inject({ method: 'GET', url: `/wps/member/profit?${range}`, headers: bearer(p.token) })
    ).json().value;
    expect(profit.total).toMatchObject({ bets: String(15n * UNIT), wins: String(paid) });
  });

  it('launching an ELOTT game leads to its lottery page', async () => {
    const p = await newPlayer(t, demo, { fund: 10n * UNIT });
    const list = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=SEA' })).json().value.content;
    const g = list.find((x: { gameCode: string }) => x.gameCode === 'elott-k3-1m');
    expect(g).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: bearer(p.token),
      payload: { nodeId: g.nodeId, freePlay: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.url).toBe('/lottery/elott-k3-1m');
  });
});
