import { randomUUID } from 'node:crypto';
import { prizesOf, type VnResult } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { type FeedResult, SIMULATED_PUBLISH_SECONDS, simulatedFeed } from '../src/modules/lottery/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
// Thursday 26 Nov 2026, 11:00 in Vietnam. MB draws daily at 18:15 ICT (11:15 UTC), bets close 18:10.
let now = Date.parse('2026-11-26T04:00:00.000Z');
const UNIT = 100n;

beforeAll(async () => {
  // payBatch 1: a cancelled issue refunds one member a transaction (the crash test stops between two).
  t = await buildTestApp({
    clock: () => new Date(now),
    lottery: { chainLength: 200, checkpointEvery: 50, payBatch: 1 },
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.feed.schedule();
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const feed = () => t.app.modules.lottery.feed;
const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.available ?? 0n;

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

function place(
  p: Player,
  gameCode: string,
  issueId: string,
  bets: { code: string; selection: unknown; unitStake: string }[],
) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: { requestId: randomUUID(), gameCode, issueId, bets },
  });
}

/** A fresh member session (sessions idle out while the tests move the clock). */
async function refresh(p: Player): Promise<void> {
  const row = (await t.app.modules.members.findByAccount(demo.id, p.account))!;
  p.token = (
    await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
  ).token;
}

/** A fresh session of an admin (sessions idle out while the tests move the clock by hours). */
async function relogin(a: TestAdmin): Promise<string> {
  return loginTestAdmin(t, a, '10.251.0.1');
}

function admin(token: string, path: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/admin/api/lottery/results${path}`, headers: bearer(token), payload });
}

/** The simulated feed's answer for a game's issue (the test reads the game's secret from the database). */
async function simulated(gameCode: string, issueId: string, drawsAt: string): Promise<VnResult> {
  const row = (
    await sql<{ secret: string; region: 'MB' | 'MN' | 'MT' }>`
      select f.secret, f.region from lottery_feed_games f join lottery_games g on g.id = f.game_id
      where g.game_code = ${gameCode} and g.merchant_id = ${demo.id}`.execute(t.database.db)
  ).rows[0]!;
  const r = await simulatedFeed.fetch(
    { kind: 'vn', region: row.region, secret: row.secret },
    { gameCode, issueId, drawsAt: new Date(drawsAt) },
    new Date(Date.parse(drawsAt) + 3_600_000),
  );
  return r as VnResult;
}

/** A complete MN/MT result with every number drawn from `seed`, and the special prize ending in `de`. */
function mtResult(seed: number, de: string): VnResult {
  let x = seed;
  const digit = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return String(Math.floor(x / 65536) % 10);
  };
  const prizes: Record<string, string[]> = {};
  for (const d of prizesOf('MT'))
    prizes[d.key] = Array.from({ length: d.count }, () => Array.from({ length: d.digits }, digit).join(''));
  prizes.DB = [prizes.DB![0]!.slice(0, 4) + de];
  return { region: 'MT', prizes };
}

const journals = async (likeKey: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from ledger_journals where idem_key like ${likeKey}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

describe('feed-based lottery', () => {
  it('schedules VN stations, Thai and 4D on their calendars', async () => {
    const lobby = await get('/lgw/lottery/feed/lobby?kind=vn');
    const codes = lobby.games.map((g: { gameCode: string }) => g.gameCode);
    expect(codes).toEqual(['vn-mb', 'vn-mn-hcm', 'vn-mn-dongthap', 'vn-mt-danang', 'vn-mt-khanhhoa']);
    const mb = lobby.games[0];
    expect(mb).toMatchObject({ region: 'MB', station: 'Hà Nội', drawTime: '18:15', source: 'simulated' });
    expect(mb.current).toMatchObject({
      issueId: '20261126-0001',
      drawsAt: '2026-11-26T11:15:00.000Z',
      closesAt: '2026-11-26T11:10:00.000Z',
    });
    // TP.HCM draws Monday and Saturday: the next is Saturday 28th, 16:15 ICT.
    expect(lobby.games[1].current.drawsAt).toBe('2026-11-28T09:15:00.000Z');
    const sea = await get('/lgw/lottery/feed/lobby');
    const thai = sea.games.find((g: { kind: string }) => g.kind === 'thai');
    expect(thai.current.drawsAt).toBe('2026-12-01T08:30:00.000Z'); // 1st, 15:30 Bangkok
    const fourD = sea.games.find((g: { kind: string }) => g.kind === '4d');
    expect(fourD.current.drawsAt).toBe('2026-11-28T10:30:00.000Z'); // Saturday 18:30 Singapore
    // ELOTT's lobby and verifier do not list or answer feed games.
    const elott = await get('/lgw/lottery/lobby');
    expect(elott.games.every((g: { kind: string }) => g.kind === 'ssc' || g.kind === 'k3')).toBe(true);
    const v = await t.app.inject({ method: 'GET', url: '/lgw/lottery/games/vn-mb' });
    expect(v.statusCode).toBe(404);
    const g = await get('/lgw/lottery/feed/games/vn-mb');
    expect(g.betTypes.find((b: { code: string }) => b.code === 'vn.de').lines[0].odds).toBe('95');
    expect(g.next.length).toBeGreaterThan(5);
    // The spec's path of the Vietnamese lottery menu: the VN stations by region, with the lobby's next draws.
    const menu = await get('/lgw/vn/games/game_menu');
    expect(
      menu.regions.map((r: { region: string; games: { gameCode: string }[] }) => [
        r.region,
        r.games.map((x) => x.gameCode),
      ]),
    ).toEqual([
      ['MB', ['vn-mb']],
      ['MN', ['vn-mn-hcm', 'vn-mn-dongthap']],
      ['MT', ['vn-mt-danang', 'vn-mt-khanhhoa']],
    ]);
    expect(menu.regions[0].games[0]).toEqual({
      gameCode: 'vn-mb',
      name: mb.name,
      station: 'Hà Nội',
      drawTime: '18:15',
      weekdays: mb.weekdays,
      current: mb.current,
    });
    // Nothing drawn yet: no recent results.
    expect((await get('/lgw/vn/games/recent')).list).toEqual([]);
  });

  it('a VN MB draw: bets settled from the simulated feed once it publishes; bad bets refused', async () => {
    const p = await newPlayer(t, demo, { fund: 100_000n * UNIT });
    const q = await newPlayer(t, demo, { fund: 100_000n * UNIT });
    const { current } = await get('/lgw/lottery/feed/games/vn-mb');
    const r = await simulated('vn-mb', current.issueId, current.drawsAt);
    const de = r.prizes.DB![0]!.slice(-2);
    const g7 = r.prizes.G7![0]!;
    const miss = ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].find(
      (n) =>
        !Object.values(r.prizes)
          .flat()
          .some((x) => x.endsWith(n)),
    )!;
    const bad = await place(p, 'vn-mb', current.issueId, [
      { code: 'vn.de', selection: { numbers: ['7'] }, unitStake: '100' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_bet');
    const bets = [
      { code: 'vn.de', selection: { numbers: [de, de === '99' ? '98' : '99'] }, unitStake: String(10n * UNIT) },
      { code: 'vn.lo2', selection: { numbers: [g7.slice(-2)] }, unitStake: String(1n * UNIT) },
      { code: 'vn.lo2', selection: { numbers: [miss] }, unitStake: String(1n * UNIT) },
    ];
    const res = await place(p, 'vn-mb', current.issueId, bets);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().value;
    // đề: 2 numbers × 1 unit; lô: 27 units per number (MB).
    expect(order.bets.map((b: { units: number }) => b.units)).toEqual([2, 27, 27]);
    const charge = 2n * 10n * UNIT + 27n * UNIT * 2n;
    expect(order.charge).toBe(String(charge));
    const r2 = await place(q, 'vn-mb', current.issueId, [
      { code: 'vn.xien2', selection: { numbers: [miss, g7.slice(-2)] }, unitStake: String(UNIT) },
    ]);
    expect(r2.statusCode, r2.body).toBe(200);

    // Draw time passes; the feed has not published yet: the issue waits.
    now = Date.parse(current.drawsAt) + 1_000;
    await feed().advance();
    let results = await get('/lgw/lottery/feed/games/vn-mb/results');
    expect(results.list[0]).toMatchObject({ issueId: current.issueId, status: 'awaiting', board: null });
    await refresh(q);
    const late = await place(q, 'vn-mb', current.issueId, bets);
    expect(late.json().code).toBe('lottery_closed');

    now = Date.parse(current.drawsAt) + (SIMULATED_PUBLISH_SECONDS + 1) * 1000;
    const step = await feed().advance();
    expect(step.steps).toBeGreaterThan(0);
    results = await get('/lgw/lottery/feed/games/vn-mb/results');
    expect(results.list[0]).toMatchObject({ issueId: current.issueId, status: 'settled', version: 1 });
    expect(results.list[0].board.map((b: { prize: string }) => b.prize)).toEqual([
      'DB',
      'G1',
      'G2',
      'G3',
      'G4',
      'G5',
      'G6',
      'G7',
    ]);
    expect(results.list[0].board[0].numbers).toEqual(r.prizes.DB);
    // …and it is the recent VN result on the spec's path (MB only; another region has none yet).
    const recent = await get('/lgw/vn/games/recent');
    expect(recent.list).toEqual([
      {
        gameCode: 'vn-mb',
        name: expect.any(String),
        region: 'MB',
        station: 'Hà Nội',
        issueId: current.issueId,
        drawsAt: current.drawsAt,
        board: results.list[0].board,
      },
    ]);
    expect((await get('/lgw/vn/games/recent?region=MN')).list).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/vn/games/recent?region=XX' })).statusCode).toBe(400);

    const lo = Object.values(r.prizes)
      .flat()
      .filter((n) => n.endsWith(g7.slice(-2))).length;
    const expected = 10n * UNIT * 95n + BigInt(lo) * UNIT * 96n;
    await refresh(p);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?gameCode=vn-mb', headers: bearer(p.token) })
    ).json().value;
    expect(mine.list.map((b: { status: string }) => b.status).sort()).toEqual(['lost', 'won', 'won']);
    expect(BigInt(mine.totals.payout)).toBe(expected);
    expect(await balance(p)).toBe(100_000n * UNIT - charge + expected);
    // A second run pays nothing again.
    await feed().advance();
    expect(await balance(p)).toBe(100_000n * UNIT - charge + expected);
    // The bets are in the member's bet records.
    const rec = await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: bearer(p.token) });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(JSON.stringify(rec.json().value)).toContain('vn-mb');
    // …under the LOTT category (the fast games are ELOTT).
    const lott = await t.app.inject({ method: 'GET', url: '/wps/game/bets?gameType=LOTT', headers: bearer(p.token) });
    expect(lott.statusCode, lott.body).toBe(200);
    expect(JSON.stringify(lott.json().value)).toContain('"LOTT"');
    expect(JSON.stringify(lott.json().value)).toContain('vn-mb');
    const elott = await t.app.inject({ method: 'GET', url: '/wps/game/bets?gameType=ELOTT', headers: bearer(p.token) });
    expect(JSON.stringify(elott.json().value)).not.toContain('vn-mb');
  });

  it('manual entry needs two different admins entering the same result; then settles; audited', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const p = await newPlayer(t, demo, { fund: 10_000n * UNIT });
    const { current } = await get('/lgw/lottery/feed/games/vn-mt-danang');
    expect(current.drawsAt).toBe('2026-11-28T10:15:00.000Z'); // Saturday 17:15 ICT
    const res = await place(p, 'vn-mt-danang', current.issueId, [
      { code: 'vn.de', selection: { numbers: ['42'] }, unitStake: String(10n * UNIT) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const result = mtResult(7, '42');
    const entry = { gameCode: 'vn-mt-danang', issueId: current.issueId, result };

    const early = await admin(a.token, '', entry);
    expect(early.json().code).toBe('lottery_result_early');
    now = Date.parse(current.drawsAt) + 3_600_000;
    await feed().advance();
    expect((await get('/lgw/lottery/feed/games/vn-mt-danang/results')).list[0].status).toBe('awaiting');
    a.token = await relogin(a);
    b.token = await relogin(b);

    const partial = structuredClone(result);
    delete partial.prizes.G8;
    expect((await admin(a.token, '', { ...entry, result: partial })).json().code).toBe('lottery_result_invalid');
    const entered = await admin(a.token, '', entry);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().value).toMatchObject({ status: 'pending', version: 1, correction: false });
    expect((await admin(b.token, '', entry)).json().code).toBe('lottery_result_pending');
    const same = await admin(a.token, '/confirm', entry);
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('lottery_result_same_admin');
    const other = structuredClone(result);
    other.prizes.G8 = [other.prizes.G8![0] === '11' ? '12' : '11'];
    const mismatch = await admin(b.token, '/confirm', { ...entry, result: other });
    expect(mismatch.json().code).toBe('lottery_result_mismatch');
    await feed().advance();
    expect((await get('/lgw/lottery/feed/games/vn-mt-danang/results')).list[0].status).toBe('awaiting');

    // The same numbers of a prize in another order are the same result.
    const reordered = structuredClone(result);
    reordered.prizes.G4 = [...reordered.prizes.G4!].reverse();
    const ok = await admin(b.token, '/confirm', { ...entry, result: reordered });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      status: 'confirmed',
      version: 1,
      enteredBy: String(a.id),
      confirmedBy: String(b.id),
    });
    await feed().advance();
    expect((await get('/lgw/lottery/feed/games/vn-mt-danang/results')).list[0].status).toBe('settled');
    expect(await balance(p)).toBe(10_000n * UNIT - 10n * UNIT + 10n * UNIT * 95n);

    const audit = (
      await sql<{ action: string; admin_id: string }>`
        select action, admin_id from admin_audit_log where action like 'lottery.result.%' order by id`.execute(
        t.database.db,
      )
    ).rows.map((r) => [r.action, String(r.admin_id)]);
    expect(audit).toEqual([
      ['lottery.result.enter', String(a.id)],
      ['lottery.result.refused', String(a.id)],
      ['lottery.result.refused', String(b.id)],
      ['lottery.result.confirm', String(b.id)],
    ]);
  });

  it('a correction re-settles every bet by compensating entries exactly once; a clawback never drives a balance negative', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const winner = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const loser = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const { current } = await get('/lgw/lottery/feed/games/vn-mt-khanhhoa');
    const issueId = current.issueId;
    expect(
      (
        await place(winner, 'vn-mt-khanhhoa', issueId, [
          { code: 'vn.de', selection: { numbers: ['42'] }, unitStake: String(10n * UNIT) },
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await place(loser, 'vn-mt-khanhhoa', issueId, [
          { code: 'vn.de', selection: { numbers: ['37'] }, unitStake: String(UNIT) },
        ])
      ).statusCode,
    ).toBe(200);
    now = Math.max(now, Date.parse(current.drawsAt) + 60_000);
    a.token = await relogin(a);
    b.token = await relogin(b);
    const first = { gameCode: 'vn-mt-khanhhoa', issueId, result: mtResult(11, '42') };
    expect((await admin(a.token, '', first)).statusCode).toBe(200);
    expect((await admin(b.token, '/confirm', first)).statusCode).toBe(200);
    await feed().advance();
    const won = 10n * UNIT * 95n; // 950.00
    expect(await balance(winner)).toBe(1_000n * UNIT - 10n * UNIT + won);
    expect(await balance(loser)).toBe(999n * UNIT);

    // The winner spends most of the win before the correction arrives (on the MB game's next draw).
    const mb = await get('/lgw/lottery/feed/games/vn-mb');
    const spend = 1_500n * UNIT;
    await refresh(winner);
    const spent = await place(winner, 'vn-mb', mb.current.issueId, [
      { code: 'vn.de', selection: { numbers: ['00'] }, unitStake: String(spend) },
    ]);
    expect(spent.statusCode, spent.body).toBe(200);
    const held = await balance(winner);
    expect(held).toBe(1_000n * UNIT - 10n * UNIT + won - spend);

    // Official correction: the special prize ends in 37, not 42. Same admin / unchanged refused.
    const fixed = { ...first, result: mtResult(11, '37') };
    expect((await admin(a.token, '', first)).json().code).toBe('lottery_result_unchanged');
    const fe = await admin(a.token, '', fixed);
    expect(fe.json().value).toMatchObject({ status: 'pending', version: 2, correction: true });
    expect((await admin(a.token, '/confirm', fixed)).json().code).toBe('lottery_result_same_admin');
    expect((await admin(b.token, '/confirm', fixed)).statusCode).toBe(200);

    const r1 = await feed().advance();
    expect(r1.corrections).toBe(1);
    const r2 = await feed().advance();
    expect(r2.corrections).toBe(0);

    // The loser now wins 95 × 1.00; the winner's 950.00 is taken back as far as the balance goes.
    expect(await balance(loser)).toBe(999n * UNIT + 95n * UNIT);
    expect(await balance(winner)).toBe(0n);
    const rows = (
      await sql<{ member_id: string; posted: string; shortfall: string; version: number }>`
        select c.member_id, c.posted, c.shortfall, c.version from lottery_feed_corrections c
        join lottery_bets b on b.id = c.bet_id join lottery_issues i on i.id = b.issue_pk
        where i.issue_id = ${issueId} and i.game_id = (select id from lottery_games where game_code = 'vn-mt-khanhhoa')
        order by c.member_id`.execute(t.database.db)
    ).rows;
    expect(rows.map((r) => [String(r.member_id), String(r.posted), String(r.shortfall), r.version]).sort()).toEqual(
      [
        [String(winner.id), String(-held), String(won - held), 2],
        [String(loser.id), String(95n * UNIT), '0', 2],
      ].sort(),
    );
    expect(await journals('lottery:fix:%')).toBe(2);
    const results = await get('/lgw/lottery/feed/games/vn-mt-khanhhoa/results');
    const shown = results.list.find((x: { issueId: string }) => x.issueId === issueId);
    expect(shown).toMatchObject({ status: 'settled', version: 2 });
    expect(shown.board[0].numbers[0]).toMatch(/37$/);
    const bets = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/lottery/bets?gameCode=vn-mt-khanhhoa',
        headers: bearer(winner.token),
      })
    ).json().value;
    expect(bets.list[0]).toMatchObject({ status: 'lost', payout: '0' });
  });

  it('a crash mid-settlement: the next run finishes it and pays every win once', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    const { current } = await get('/lgw/lottery/feed/games/4d-sg');
    for (const p of players) {
      const res = await place(p, '4d-sg', current.issueId, [
        { code: '4d.big', selection: { number: '1234', entry: 'system' }, unitStake: String(UNIT) },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const sim = (await simulatedFeed.fetch(
      {
        kind: '4d',
        region: null,
        secret: (
          await sql<{
            secret: string;
          }>`select f.secret from lottery_feed_games f join lottery_games g on g.id = f.game_id where g.game_code = '4d-sg'`.execute(
            t.database.db,
          )
        ).rows[0]!.secret,
      },
      { gameCode: '4d-sg', issueId: current.issueId, drawsAt: new Date(current.drawsAt) },
      new Date(Date.parse(current.drawsAt) + 3_600_000),
    )) as FeedResult;
    // An operator enters the official result (4D uses the simulated feed too, the operator is first here): the
    // result makes 1234 the first prize so every system entry (24 numbers) wins.
    now = Math.max(now, Date.parse(current.drawsAt) + 1_000);
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const result = { ...(sim as object), first: '1234' } as {
      first: string;
      second: string;
      third: string;
      starter: string[];
      consolation: string[];
    };
    // No other prize may fall on one of the system entry's 24 numbers (a permutation of 1234 among the starters or
    // consolations would pay that prize too): each such number becomes one the result does not hold.
    const taken = new Set([result.first, result.second, result.third, ...result.starter, ...result.consolation]);
    let spare = 9000;
    const clear = (n: string) => {
      if ([...n].sort().join('') !== '1234') return n;
      while (taken.has(String(spare))) spare++;
      taken.add(String(spare));
      return String(spare);
    };
    for (const k of ['second', 'third'] as const) result[k] = clear(result[k]);
    result.starter = result.starter.map(clear);
    result.consolation = result.consolation.map(clear);
    const entry = { gameCode: '4d-sg', issueId: current.issueId, result };
    expect((await admin(a.token, '', entry)).statusCode).toBe(200);
    expect((await admin(b.token, '/confirm', entry)).statusCode).toBe(200);

    const ledger = t.app.modules.ledger;
    const post = ledger.post;
    let wins = 0;
    ledger.post = (async (...args: Parameters<typeof post>) => {
      if (args[0].kind === 'win' && ++wins === 3) throw new Error('simulated crash');
      return post(...args);
    }) as typeof post;
    await expect(feed().advance()).rejects.toThrow('simulated crash');
    ledger.post = post;
    const mid = await get('/lgw/lottery/feed/games/4d-sg/results');
    expect(mid.list[0].status).toBe('drawn');
    await feed().advance();
    await feed().advance();
    const done = await get('/lgw/lottery/feed/games/4d-sg/results');
    expect(done.list[0].status).toBe('settled');
    const pay = 2000n * UNIT; // big, first prize, one of the 24 numbers
    for (const p of players) expect(await balance(p)).toBe(1_000n * UNIT - 24n * UNIT + pay);
    expect(await journals(`lottery:pay:4d-sg:${current.issueId}:%`)).toBe(4);
  });

  it('an operator cancels a draw that did not take place: every bet refunded once, exposure released, the chase goes on', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const g = await get('/lgw/lottery/feed/games/vn-mn-hcm');
    const [issue, after] = [g.next[0], g.next[1]];
    const [p, q, r] = await Promise.all([1, 2, 3].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    const de = (n: string, stake = UNIT) => ({ code: 'vn.de', selection: { numbers: [n] }, unitStake: String(stake) });
    expect((await place(p, 'vn-mn-hcm', issue.issueId, [de('11'), de('12', 2n * UNIT)])).statusCode).toBe(200);
    expect((await place(q, 'vn-mn-hcm', issue.issueId, [de('11', 5n * UNIT)])).statusCode).toBe(200);
    // A chase over this draw and the next, stop on win.
    const chase = await t.app.inject({
      method: 'POST',
      url: '/wps/lottery/bets',
      headers: bearer(r.token),
      payload: {
        requestId: randomUUID(),
        gameCode: 'vn-mn-hcm',
        issueId: issue.issueId,
        bets: [de('00', 3n * UNIT)],
        chase: { issues: 2, stopOnWin: true },
      },
    });
    expect(chase.statusCode, chase.body).toBe(200);
    const exposure = async (issueId: string) =>
      BigInt(
        (
          await sql<{ s: string }>`
            select coalesce(sum(e.staked), 0)::text as s from lottery_exposure e
            join lottery_issues i on i.id = e.issue_pk join lottery_games gm on gm.id = i.game_id
            where gm.game_code = 'vn-mn-hcm' and i.issue_id = ${issueId}`.execute(t.database.db)
        ).rows[0]!.s,
      );
    expect(await exposure(issue.issueId)).toBe(11n * UNIT);

    // The draw time passes without a result: the issue awaits it.
    now = Math.max(now, Date.parse(issue.drawsAt) + 1_000);
    await feed().advance();
    expect((await get('/lgw/lottery/feed/games/vn-mn-hcm/results')).list[0]).toMatchObject({
      issueId: issue.issueId,
      status: 'awaiting',
    });
    a.token = await relogin(a);
    b.token = await relogin(b);
    const cancel = (token: string, issueId: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/lottery/issues/${issueId}/cancel`,
        headers: bearer(token),
        payload: body,
      });
    const reason = 'No draw: the station did not hold it';

    // Bad input and draws that cannot be cancelled: a clear code, nothing changes.
    expect((await cancel(a.token, issue.issueId, { gameCode: 'vn-mn-hcm' })).json().code).toBe('validation_failed');
    expect((await cancel(a.token, 'tomorrow', { gameCode: 'vn-mn-hcm', reason })).json().code).toBe(
      'validation_failed',
    );
    expect((await cancel(a.token, issue.issueId, { gameCode: 'vn-nowhere', reason })).statusCode).toBe(404);
    expect((await cancel(a.token, '20990101-0001', { gameCode: 'vn-mn-hcm', reason })).statusCode).toBe(404);
    expect((await cancel(a.token, issue.issueId, { gameCode: 'elott-ssc-1m', reason })).statusCode).toBe(404);
    expect((await cancel('nope', issue.issueId, { gameCode: 'vn-mn-hcm', reason })).statusCode).toBe(401);
    // A settled draw (the MB draw of the second test) has a confirmed result.
    const settled = (await get('/lgw/lottery/feed/games/vn-mb/results')).list.find(
      (x: { status: string }) => x.status === 'settled',
    );
    const refusedSettled = await cancel(a.token, settled.issueId, { gameCode: 'vn-mb', reason });
    expect(refusedSettled.statusCode).toBe(409);
    expect(refusedSettled.json().code).toBe('lottery_result_confirmed');
    // A draw with a result waiting for its second operator: discard it first.
    const danang = (await get('/lgw/lottery/feed/games/vn-mt-danang/results')).list.find(
      (x: { status: string }) => x.status === 'awaiting',
    );
    expect(danang).toBeDefined();
    const entry = { gameCode: 'vn-mt-danang', issueId: danang.issueId, result: mtResult(3, '55') };
    expect((await admin(a.token, '', entry)).statusCode).toBe(200);
    const refusedPending = await cancel(b.token, danang.issueId, { gameCode: 'vn-mt-danang', reason });
    expect(refusedPending.statusCode).toBe(409);
    expect(refusedPending.json().code).toBe('lottery_result_pending');
    expect((await admin(b.token, '/discard', { gameCode: 'vn-mt-danang', issueId: danang.issueId })).statusCode).toBe(
      200,
    );
    expect(await balance(p)).toBe(1_000n * UNIT - 3n * UNIT);

    // The cancel: every placed bet of the draw back (one journal per member), the chase's next bet stays.
    const res = await cancel(a.token, issue.issueId, { gameCode: 'vn-mn-hcm', reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      gameCode: 'vn-mn-hcm',
      issueId: issue.issueId,
      issueStatus: 'refunded',
      refundedBets: 4,
      refunded: String(11n * UNIT),
    });
    expect(await balance(p)).toBe(1_000n * UNIT);
    expect(await balance(q)).toBe(1_000n * UNIT);
    expect(await balance(r)).toBe(1_000n * UNIT - 3n * UNIT);
    expect(await exposure(issue.issueId)).toBe(0n);
    expect(await exposure(after.issueId)).toBe(3n * UNIT);
    expect(await journals(`lottery:refund:vn-mn-hcm:${issue.issueId}:%`)).toBe(3);

    // Repeated (and alongside the job): nothing is paid twice, audited once; no result is taken any more.
    const again = await Promise.all([
      cancel(b.token, issue.issueId, { gameCode: 'vn-mn-hcm', reason: 'again' }),
      feed().advance(),
    ]);
    expect(again[0].statusCode).toBe(200);
    expect(again[0].json().value.issueStatus).toBe('refunded');
    now = Math.max(now, Date.parse(issue.drawsAt) + (SIMULATED_PUBLISH_SECONDS + 5) * 1000);
    await feed().advance();
    expect(await journals(`lottery:refund:vn-mn-hcm:${issue.issueId}:%`)).toBe(3);
    expect(await balance(p)).toBe(1_000n * UNIT);
    const late = await admin(a.token, '', { gameCode: 'vn-mn-hcm', issueId: issue.issueId, result: mtResult(1, '11') });
    expect(late.json().code).toBe('state_invalid');
    const shown = (await get('/lgw/lottery/feed/games/vn-mn-hcm/results')).list.find(
      (x: { issueId: string }) => x.issueId === issue.issueId,
    );
    expect(shown).toMatchObject({ status: 'refunded', board: null });
    const audit = (
      await sql<{ admin_id: string; detail: { reason: string; from: string } }>`
        select admin_id, detail from admin_audit_log where action = 'lottery.issue.cancel'`.execute(t.database.db)
    ).rows;
    expect(audit.map((x) => [String(x.admin_id), x.detail.reason, x.detail.from])).toEqual([
      [String(a.id), reason, 'awaiting'],
    ]);
    await refresh(r);
    const rBets = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?gameCode=vn-mn-hcm', headers: bearer(r.token) })
    ).json().value.list;
    expect(Object.fromEntries(rBets.map((x: { issueId: string; status: string }) => [x.issueId, x.status]))).toEqual({
      [issue.issueId]: 'refunded',
      [after.issueId]: 'placed',
    });

    // The chase goes on: its next draw settles as usual.
    now = Math.max(now, Date.parse(after.drawsAt) + (SIMULATED_PUBLISH_SECONDS + 5) * 1000);
    await feed().advance();
    await refresh(r);
    const next = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?gameCode=vn-mn-hcm', headers: bearer(r.token) })
    )
      .json()
      .value.list.find((x: { issueId: string }) => x.issueId === after.issueId);
    expect(['won', 'lost']).toContain(next.status);
  });

  it('a crash mid-refund: the repeated cancel finishes it and pays every member once', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    await feed().schedule(); // the clock moved past the first schedule's horizon
    const issue = (await get('/lgw/lottery/feed/games/vn-mn-dongthap')).current;
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(t, demo, { fund: 100n * UNIT })));
    for (const [i, p] of players.entries()) {
      const res = await place(p, 'vn-mn-dongthap', issue.issueId, [
        { code: 'vn.lo2', selection: { numbers: [String(10 + i)] }, unitStake: String(UNIT) },
        { code: 'vn.de', selection: { numbers: ['77'] }, unitStake: String(2n * UNIT) },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const charge = 18n * UNIT + 2n * UNIT; // lô on MN: 18 numbers
    for (const p of players) expect(await balance(p)).toBe(100n * UNIT - charge);

    // The ledger fails on the third refund journal (one member a transaction): two members are refunded.
    const ledger = t.app.modules.ledger;
    const postMany = ledger.postMany;
    let calls = 0;
    ledger.postMany = async (reqs, trx) => {
      if (reqs.some((x) => x.kind === 'bet_refund') && ++calls === 3) throw new Error('simulated crash');
      return postMany(reqs, trx);
    };
    try {
      await expect(
        feed().cancelIssue(
          demo,
          { id: a.id } as never,
          { gameCode: 'vn-mn-dongthap', issueId: issue.issueId, reason: 'station closed' },
          '10.0.0.1',
        ),
      ).rejects.toThrow('simulated crash');
    } finally {
      ledger.postMany = postMany;
    }
    const balances = await Promise.all(players.map(balance));
    expect(balances.filter((x) => x === 100n * UNIT)).toHaveLength(2);
    expect(balances.filter((x) => x === 100n * UNIT - charge)).toHaveLength(2);
    expect(await journals(`lottery:refund:vn-mn-dongthap:${issue.issueId}:%`)).toBe(2);
    const state = await sql<{ status: string }>`
      select i.status from lottery_issues i join lottery_games gm on gm.id = i.game_id
      where gm.game_code = 'vn-mn-dongthap' and i.issue_id = ${issue.issueId}`.execute(t.database.db);
    expect(state.rows[0]!.status).toBe('cancelled');

    // The repeated call (twice at once, with the job) finishes it: every member refunded once.
    a.token = await relogin(a);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/lottery/issues/${issue.issueId}/cancel`,
        headers: bearer(a.token),
        payload: { gameCode: 'vn-mn-dongthap', reason: 'station closed' },
      });
    const [r1, r2] = await Promise.all([call(), call(), feed().advance()]);
    for (const r of [r1!, r2!]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().value).toMatchObject({ issueStatus: 'refunded', refundedBets: 8, refunded: String(4n * charge) });
    }
    for (const p of players) expect(await balance(p)).toBe(100n * UNIT);
    expect(await journals(`lottery:refund:vn-mn-dongthap:${issue.issueId}:%`)).toBe(4);
    const audit = await sql<{ n: string }>`
      select count(*)::text as n from admin_audit_log
      where action = 'lottery.issue.cancel' and detail->>'issueId' = ${issue.issueId}`.execute(t.database.db);
    expect(audit.rows[0]!.n).toBe('1');
  });

  it('a correction raising the payout of a member who closed the account since: owed to the member, the rest goes on', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const gone = await newPlayer(t, demo, { fund: 10n * UNIT });
    const other = await newPlayer(t, demo, { fund: 10n * UNIT });
    await feed().schedule();
    const { current } = await get('/lgw/lottery/feed/games/vn-mt-khanhhoa');
    for (const p of [gone, other]) {
      const bet = await place(p, 'vn-mt-khanhhoa', current.issueId, [
        { code: 'vn.de', selection: { numbers: ['37'] }, unitStake: String(10n * UNIT) },
      ]);
      expect(bet.statusCode, bet.body).toBe(200);
    }
    now = Math.max(now, Date.parse(current.drawsAt) + 60_000);
    a.token = await relogin(a);
    b.token = await relogin(b);
    const first = { gameCode: 'vn-mt-khanhhoa', issueId: current.issueId, result: mtResult(31, '42') };
    expect((await admin(a.token, '', first)).statusCode).toBe(200);
    expect((await admin(b.token, '/confirm', first)).statusCode).toBe(200);
    await feed().advance();
    expect(await balance(gone)).toBe(0n);
    // Both lost; one of them closes the account (nothing left in it).
    await refresh(gone);
    const closing = await t.app.inject({
      method: 'POST',
      url: '/wps/member/close',
      headers: bearer(gone.token),
      payload: { password: gone.password },
    });
    expect(closing.statusCode, closing.body).toBe(200);

    // The official result ends in 37: both bets win 950.00.
    const fixed = { ...first, result: mtResult(31, '37') };
    expect((await admin(a.token, '', fixed)).statusCode).toBe(200);
    expect((await admin(b.token, '/confirm', fixed)).statusCode).toBe(200);
    expect((await feed().advance()).corrections).toBe(1);
    expect((await feed().advance()).corrections).toBe(0);
    const won = 950n * UNIT;
    expect(await balance(other)).toBe(won);
    expect(await balance(gone)).toBe(0n);
    const rows = (
      await sql<{ member_id: string; posted: string; owed: string }>`
        select c.member_id, c.posted, c.owed from lottery_feed_corrections c
        where c.member_id in (${gone.id}, ${other.id}) order by c.member_id`.execute(t.database.db)
    ).rows;
    expect(rows.map((r) => [String(r.member_id), String(r.posted), String(r.owed)]).sort()).toEqual(
      [
        [String(gone.id), '0', String(won)],
        [String(other.id), String(won), '0'],
      ].sort(),
    );
    // The account stays closed with nothing posted to it; operators see what is owed in the shortfalls list.
    expect((await t.app.modules.members.findById(demo.id, gone.id))!.status).toBe('closed');
    const owed = await t.app.inject({
      method: 'GET',
      url: '/admin/api/lottery/shortfalls?status=owed',
      headers: bearer(a.token),
    });
    expect(owed.statusCode, owed.body).toBe(200);
    const mine = owed.json().value.items.filter((x: { memberId: string }) => x.memberId === String(gone.id));
    expect(mine).toEqual([
      expect.objectContaining({
        memberAccount: gone.account,
        status: 'owed',
        owedToMember: String(won),
        shortfall: '0',
        outstanding: '0',
        version: 2,
      }),
    ]);
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
  });

  it('a shortfall is listed for operators and collected once the member has money: partly, never below zero, once', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const w = await newPlayer(t, demo, { fund: 100n * UNIT });
    /** Money in (a deposit) or out (a withdrawal) of the member, as a test adjustment. */
    const move = async (amount: bigint) => {
      const r = await t.app.modules.ledger.post({
        merchantId: demo.id,
        currency: demo.currency,
        scope: 'test',
        key: `move:${randomUUID()}`,
        kind: 'adjustment',
        memberId: w.id,
        legs: [
          amount > 0n
            ? { debit: systemAccount('adjustments', w.id), credit: memberMain(w.id), amount, code: 'adjustment' }
            : {
                debit: memberMain(w.id),
                credit: systemAccount('adjustments', w.id),
                amount: -amount,
                code: 'adjustment',
              },
        ],
      });
      expect(r.ok).toBe(true);
    };
    await feed().schedule();
    const { current } = await get('/lgw/lottery/feed/games/vn-mt-khanhhoa');
    const bet = await place(w, 'vn-mt-khanhhoa', current.issueId, [
      { code: 'vn.de', selection: { numbers: ['42'] }, unitStake: String(10n * UNIT) },
    ]);
    expect(bet.statusCode, bet.body).toBe(200);
    const betRef = bet.json().value.bets[0].ref as string;
    now = Math.max(now, Date.parse(current.drawsAt) + 60_000);
    a.token = await relogin(a);
    b.token = await relogin(b);
    const first = { gameCode: 'vn-mt-khanhhoa', issueId: current.issueId, result: mtResult(21, '42') };
    expect((await admin(a.token, '', first)).statusCode).toBe(200);
    expect((await admin(b.token, '/confirm', first)).statusCode).toBe(200);
    await feed().advance();
    const won = 950n * UNIT;
    expect(await balance(w)).toBe(90n * UNIT + won);
    await move(-(50n * UNIT + won)); // the member takes most of it out: 40.00 left
    const fixed = { ...first, result: mtResult(21, '37') };
    expect((await admin(a.token, '', fixed)).statusCode).toBe(200);
    expect((await admin(b.token, '/confirm', fixed)).statusCode).toBe(200);
    expect((await feed().advance()).corrections).toBe(1);
    expect(await balance(w)).toBe(0n);

    const list = async (query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/api/lottery/shortfalls${query}`,
        headers: bearer(a.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { total: number; items: { betRef: string; [k: string]: unknown }[] };
    };
    const mine = async (query = '') => (await list(query)).items.find((x) => x.betRef === betRef);
    expect(await mine('?status=open')).toEqual({
      memberId: String(w.id),
      memberAccount: w.account,
      betRef,
      gameCode: 'vn-mt-khanhhoa',
      issueId: current.issueId,
      version: 2,
      shortfall: String(910n * UNIT),
      collected: '0',
      outstanding: String(910n * UNIT),
      owedToMember: '0',
      status: 'open',
      createdAt: expect.any(String),
      lastCollectedAt: null,
    });
    expect(await mine('?status=collected')).toBeUndefined();
    const paged = await list('?pageSize=1&pageNo=1');
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/admin/api/lottery/shortfalls?status=lost',
      headers: bearer(a.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/lottery/shortfalls' })).statusCode).toBe(401);

    // No balance: nothing is collected.
    expect((await feed().advance()).collected).toBe(0);
    await move(300n * UNIT);
    // A stale balance read (the member spent in between) makes the ledger refuse: nothing is written.
    const ledger = t.app.modules.ledger;
    const balances = ledger.balances;
    ledger.balances = (async (...args: Parameters<typeof balances>) => {
      const r = await balances(...args);
      return Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, { ...v, available: v.available + 1_000n * UNIT }]),
      );
    }) as typeof balances;
    try {
      expect((await feed().advance()).collected).toBe(0);
    } finally {
      ledger.balances = balances;
    }
    expect(await balance(w)).toBe(300n * UNIT);
    expect(await mine()).toMatchObject({ collected: '0', status: 'open' });

    // The member's 300.00 is taken: a partial collection, the balance at zero, never below.
    expect((await feed().advance()).collected).toBe(1);
    expect(await balance(w)).toBe(0n);
    expect(await mine('?status=partial')).toMatchObject({
      collected: String(300n * UNIT),
      outstanding: String(610n * UNIT),
      status: 'partial',
      lastCollectedAt: expect.any(String),
    });
    expect((await feed().advance()).collected).toBe(0);

    // More money later: the rest, once, even with two collectors at once (one paging a shortfall at a time, past
    // the older shortfall of the correction test above).
    await move(1_000n * UNIT);
    await Promise.all([feed().collectShortfalls(1), feed().collectShortfalls(1)]);
    expect(await balance(w)).toBe(390n * UNIT);
    expect(await mine('?status=collected')).toMatchObject({
      collected: String(910n * UNIT),
      outstanding: '0',
      status: 'collected',
    });
    expect(await mine('?status=open')).toBeUndefined();
    expect(await journals(`lottery:collect:${betRef}:2:%`)).toBe(2);
    const rows = await sql<{ seq: number; amount: string }>`
      select seq, amount::text from lottery_shortfall_collections c join lottery_bets b on b.id = c.bet_id
      where b.reference = ${betRef} order by seq`.execute(t.database.db);
    expect(rows.rows.map((r) => [r.seq, r.amount])).toEqual([
      [1, String(300n * UNIT)],
      [2, String(610n * UNIT)],
    ]);
    await feed().advance();
    expect(await balance(w)).toBe(390n * UNIT);
  });
});
