import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { houseGameNodes } from './helpers/house.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

// The back office's tables and arenas (issue 27): settings apply from the next round, a closed table finishes its
// round in play, the actions are permission-checked, validated and audited.

let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-11-28T12:00:00Z');
let nodes: Record<string, string> = {};
let boss: TestAdmin;
const UNIT = 100n;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(now),
    baccarat: { bettingSeconds: 10 },
    sabong: { bettingSeconds: 20 },
  });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  nodes = await houseGameNodes(t);
  boss = await createTestAdmin(t, { role: 'games' });
  await t.app.modules.baccarat.ensureTables(demo);
  await t.app.modules.sabong.ensureArenas(demo);
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]!.available;
const as = (a: TestAdmin) => ({ authorization: `Bearer ${a.token}`, merchant: 'demo' });
const adminCall = (a: TestAdmin | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: a ? as(a) : { merchant: 'demo' }, ...(payload && { payload }) });

async function seat(game: 'baccarat' | 'sabong', fund = 10_000n * UNIT) {
  const p = await newPlayer(t, demo, { fund });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: bearer(p.token),
    payload: { nodeId: nodes[game] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const headers = { 'x-game-session': new URL(res.json().value.url, 'http://site').searchParams.get('token')! };
  const base = game === 'baccarat' ? '/baccarat/v1/tables' : '/sabong/v1/arenas';
  return {
    p,
    view: (code: string) => t.app.inject({ method: 'GET', url: `${base}/${code}`, headers }),
    lobby: () => t.app.inject({ method: 'GET', url: base, headers }),
    bet: (code: string, round: string, spot: string, amount: bigint) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/${code}/bets`,
        headers,
        payload:
          game === 'baccarat'
            ? { requestId: randomUUID(), roundId: round, spot, amount: String(amount) }
            : { requestId: randomUUID(), fightId: round, side: spot, amount: String(amount) },
      }),
  };
}

const tick = async (ms: number) => {
  now += ms;
  expect(await t.app.modules.baccarat.advance()).toMatchObject({ failed: 0 });
  expect(await t.app.modules.sabong.advance()).toMatchObject({ failed: 0 });
};
/** The table's (arena's) round once it takes bets with at least 5 s left (the clock moved on until it does). */
async function bettingRound(s: Awaited<ReturnType<typeof seat>>, code: string) {
  for (let i = 0; i < 40; i++) {
    const v = (await s.view(code)).json().value;
    const r = v.table?.round ?? v.arena?.fight;
    if (r && (r.phase === 'betting' || r.phase === 'open') && Date.parse(r.closesAt) - now > 5_000) return r;
    await tick(2_000);
  }
  throw new Error(`no round taking bets at ${code}`);
}
const auditActions = async (action: string) =>
  (
    await sql<{ target_id: string; detail: Record<string, unknown> }>`
      select target_id, detail from admin_audit_log where action = ${action} order by id`.execute(t.database.db)
  ).rows;

const baccaratSettings = {
  variant: 'no-commission',
  minBet: String(50n * UNIT),
  maxBet: String(1_000n * UNIT),
  roundMax: String(20_000n * UNIT),
  bettingSeconds: 20,
};

describe('back office: baccarat tables', () => {
  it('lists the tables with their state; refuses without the permission (view, then manage) and signed out', async () => {
    await tick(0);
    const list = await adminCall(boss, 'GET', '/admin/api/baccarat/tables');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().value.items;
    expect(items.map((x: { code: string }) => x.code)).toEqual(['BAC-1', 'BAC-2', 'SUPER6']);
    expect(items[0]).toMatchObject({ status: 'open', pending: null, round: { phase: 'betting', inPlay: true } });
    expect(items[0].shoe).toMatchObject({ hands: 0, ending: false });

    expect((await adminCall(null, 'GET', '/admin/api/baccarat/tables')).statusCode).toBe(401);
    const agents = await createTestAdmin(t, { role: 'agents' }); // no games.view
    expect((await adminCall(agents, 'GET', '/admin/api/baccarat/tables')).statusCode).toBe(403);
    const content = await createTestAdmin(t, { role: 'content' }); // games.view, not games.manage
    expect((await adminCall(content, 'GET', '/admin/api/baccarat/tables')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', '/admin/api/baccarat/tables/BAC-1/settings', baccaratSettings],
      ['POST', '/admin/api/baccarat/tables/BAC-1/close', undefined],
      ['POST', '/admin/api/baccarat/tables/BAC-1/end-shoe', { reason: 'new cards' }],
      ['POST', `/admin/api/baccarat/rounds/${items[0].round.id}/cancel`, { reason: 'dealer error' }],
      ['PUT', '/admin/api/sabong/arenas/ARENA-1/settings', {}],
      ['POST', '/admin/api/sabong/arenas/ARENA-1/close', undefined],
    ] as const) {
      const r = await adminCall(content, method, url, body);
      expect(r.statusCode, `${url} ${r.body}`).toBe(403);
    }
    expect((await adminCall(boss, 'GET', '/admin/api/baccarat/tables')).json().value.items[0].status).toBe('open');
  });

  it('bad settings are a 400 with the field, nothing written', async () => {
    const cases: [object, string][] = [
      [{ ...baccaratSettings, maxBet: String(10n * UNIT) }, 'maxBet'],
      [{ ...baccaratSettings, roundMax: String(100n * UNIT) }, 'roundMax'],
      [{ ...baccaratSettings, minBet: '0' }, 'minBet'],
      [{ ...baccaratSettings, minBet: '12.5' }, 'minBet'],
      [{ ...baccaratSettings, bettingSeconds: 3 }, 'bettingSeconds'],
      [{ ...baccaratSettings, variant: 'super' }, 'variant'],
    ];
    for (const [body, field] of cases) {
      const r = await adminCall(boss, 'PUT', '/admin/api/baccarat/tables/BAC-1/settings', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('validation_failed');
      expect(r.json().value.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const missing = await adminCall(boss, 'PUT', '/admin/api/baccarat/tables/NOPE/settings', baccaratSettings);
    expect(missing.statusCode).toBe(404);
    const noReason = await adminCall(boss, 'POST', '/admin/api/baccarat/tables/BAC-1/end-shoe', { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const item = (await adminCall(boss, 'GET', '/admin/api/baccarat/tables')).json().value.items[0];
    expect(item).toMatchObject({ pending: null, minBet: String(10n * UNIT), variant: 'commission' });
  });

  it('a change saved mid-round applies at the next round (limits, betting time, variant) and is audited', async () => {
    const a = await seat('baccarat');
    const round = await bettingRound(a, 'BAC-1');
    const saved = await adminCall(boss, 'PUT', '/admin/api/baccarat/tables/BAC-1/settings', baccaratSettings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ minBet: String(10n * UNIT), pending: baccaratSettings });
    // The round in play keeps its limits: a 20 bet is still fine, the table screen still shows 10.
    expect((await a.bet('BAC-1', round.id, 'player', 20n * UNIT)).statusCode).toBe(200);
    expect((await a.view('BAC-1')).json().value.table).toMatchObject({ minBet: String(10n * UNIT) });
    for (let i = 0; i < 6; i++) await tick(5_000);
    const next = (await a.view('BAC-1')).json().value.table;
    expect(next.round.id).not.toBe(round.id);
    expect(next).toMatchObject({ minBet: String(50n * UNIT), variant: 'no-commission', bettingSeconds: 20 });
    expect(Date.parse(next.round.closesAt) - Date.parse(next.round.opensAt)).toBe(20_000);
    const low = await a.bet('BAC-1', next.round.id, 'player', 20n * UNIT);
    expect(low.json().code).toBe('amount_out_of_range');
    expect((await a.bet('BAC-1', next.round.id, 'player', 50n * UNIT)).statusCode).toBe(200);
    const item = (await adminCall(boss, 'GET', '/admin/api/baccarat/tables')).json().value.items[0];
    expect(item).toMatchObject({ pending: null, minBet: String(50n * UNIT), variant: 'no-commission' });
    const audit = await auditActions('baccarat_table.settings');
    expect(audit.at(-1)).toMatchObject({ target_id: 'BAC-1', detail: { applies: 'pending', minBet: '5000' } });
  });

  it('close waits for the round in play: its bets settle, no next round opens; open starts one again', async () => {
    const a = await seat('baccarat');
    const round = await bettingRound(a, 'BAC-2');
    expect((await a.bet('BAC-2', round.id, 'banker', 100n * UNIT)).statusCode).toBe(200);
    const closed = await adminCall(boss, 'POST', '/admin/api/baccarat/tables/BAC-2/close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().value).toMatchObject({ status: 'closed', round: { id: round.id, inPlay: true } });
    // Nothing cut: the round in play goes on, its players still see it and may bet while it is BETTING.
    expect((await a.view('BAC-2')).json().value.table.round.id).toBe(round.id);
    expect((await a.bet('BAC-2', round.id, 'player', 10n * UNIT)).statusCode).toBe(200);
    expect((await a.lobby()).json().value.tables.map((x: { code: string }) => x.code)).not.toContain('BAC-2');
    for (let i = 0; i < 6; i++) await tick(5_000);
    const after = (await adminCall(boss, 'GET', '/admin/api/baccarat/tables')).json().value.items[1];
    expect(after).toMatchObject({ status: 'closed', round: { id: round.id, phase: 'settled', inPlay: false } });
    // Both bets of the round in play were settled.
    const mine = await sql<{ status: string }>`
      select status from baccarat_bets where round_id = ${BigInt(round.id)}`.execute(t.database.db);
    expect(mine.rows.map((r) => r.status)).toEqual(['settled', 'settled']);
    expect(await balance(a.p)).toBeGreaterThanOrEqual(9_890n * UNIT);
    const view = await a.view('BAC-2');
    expect(view.statusCode).toBe(404);
    expect(view.json().message).toBe('This table is closed.');
    // Settings of a closed, idle table apply at once.
    const s = await adminCall(boss, 'PUT', '/admin/api/baccarat/tables/BAC-2/settings', baccaratSettings);
    expect(s.json().value).toMatchObject({ pending: null, minBet: String(50n * UNIT) });
    const opened = await adminCall(boss, 'POST', '/admin/api/baccarat/tables/BAC-2/open');
    expect(opened.json().value.status).toBe('open');
    await tick(0);
    const fresh = (await a.view('BAC-2')).json().value.table.round;
    expect(fresh).toMatchObject({ phase: 'betting' });
    expect(fresh.id).not.toBe(round.id);
    expect((await auditActions('baccarat_table.close')).map((r) => r.target_id)).toContain('BAC-2');
    expect((await auditActions('baccarat_table.open')).map((r) => r.target_id)).toContain('BAC-2');
  });

  it('cancel a round and end a shoe take a reason, refund once and are audited', async () => {
    const a = await seat('baccarat');
    const round = await bettingRound(a, 'SUPER6');
    expect((await a.bet('SUPER6', round.id, 'tie', 30n * UNIT)).statusCode).toBe(200);
    const url = `/admin/api/baccarat/rounds/${round.id}/cancel`;
    expect((await adminCall(boss, 'POST', url, {})).statusCode).toBe(400);
    const r = await adminCall(boss, 'POST', url, { reason: 'Card misdealt' });
    expect(r.json().value).toEqual({ roundId: round.id, refunded: 1 });
    expect(await balance(a.p)).toBe(10_000n * UNIT);
    expect((await adminCall(boss, 'POST', url, { reason: 'again' })).json().code).toBe('state_invalid');
    expect(await balance(a.p)).toBe(10_000n * UNIT);
    expect((await auditActions('baccarat_round.cancel')).at(-1)).toMatchObject({
      target_id: round.id,
      detail: { reason: 'Card misdealt', refunded: 1, table: 'SUPER6' },
    });
    await tick(0);
    const end = await adminCall(boss, 'POST', '/admin/api/baccarat/tables/SUPER6/end-shoe', { reason: 'Fresh shoe' });
    expect(end.statusCode, end.body).toBe(200);
    const item = (await adminCall(boss, 'GET', '/admin/api/baccarat/tables')).json().value.items[2];
    expect(item.shoe.ending).toBe(true);
    expect((await auditActions('baccarat_table.end_shoe')).at(-1)).toMatchObject({ detail: { reason: 'Fresh shoe' } });
  });
});

const sabongSettings = {
  plasadaBps: 800,
  bettingSeconds: 40,
  minBet: String(50n * UNIT),
  maxBet: String(5_000n * UNIT),
  fightMax: String(100_000n * UNIT),
  minPayout: 120,
};

describe('back office: sabong arenas', () => {
  it('bad settings are a 400 with the field', async () => {
    for (const [body, field] of [
      [{ ...sabongSettings, plasadaBps: 2_000 }, 'plasadaBps'],
      [{ ...sabongSettings, minPayout: 99 }, 'minPayout'],
      [{ ...sabongSettings, bettingSeconds: 5 }, 'bettingSeconds'],
      [{ ...sabongSettings, fightMax: String(10n * UNIT) }, 'fightMax'],
    ] as const) {
      const r = await adminCall(boss, 'PUT', '/admin/api/sabong/arenas/ARENA-1/settings', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().value.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
  });

  it('plasada, window, limits and minimum payout apply from the next fight; close waits for the fight', async () => {
    await tick(0);
    const a = await seat('sabong');
    const fight = await bettingRound(a, 'ARENA-1');
    expect(fight).toMatchObject({ phase: 'open', plasadaBps: 500 });
    const saved = await adminCall(boss, 'PUT', '/admin/api/sabong/arenas/ARENA-1/settings', sabongSettings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ plasadaBps: 500, pending: sabongSettings });
    expect((await a.bet('ARENA-1', fight.id, 'meron', 20n * UNIT)).statusCode).toBe(200);
    const closed = await adminCall(boss, 'POST', '/admin/api/sabong/arenas/ARENA-1/close');
    expect(closed.json().value).toMatchObject({ status: 'closed', fight: { id: fight.id, inPlay: true } });
    for (let i = 0; i < 12; i++) await tick(5_000);
    // One-sided: cancelled by the minimum payout and refunded; no next fight on the closed arena.
    const after = (await adminCall(boss, 'GET', '/admin/api/sabong/arenas')).json().value.items[0];
    expect(after).toMatchObject({ status: 'closed', fight: { id: fight.id, inPlay: false }, plasadaBps: 500 });
    expect(await balance(a.p)).toBe(10_000n * UNIT);
    expect((await a.view('ARENA-1')).statusCode).toBe(404);
    expect((await adminCall(boss, 'POST', '/admin/api/sabong/arenas/ARENA-1/open')).statusCode).toBe(200);
    await tick(0);
    const next = (await a.view('ARENA-1')).json().value;
    expect(next.arena.fight).toMatchObject({ phase: 'open', plasadaBps: 800 });
    expect(next.arena.fight.id).not.toBe(fight.id);
    expect(next.arena).toMatchObject({ minBet: String(50n * UNIT), maxBet: String(5_000n * UNIT) });
    const row = await sql<{ min_payout: number }>`
      select min_payout from sabong_fights where id = ${BigInt(next.arena.fight.id)}`.execute(t.database.db);
    expect(row.rows[0]!.min_payout).toBe(120);
    expect((await a.bet('ARENA-1', next.arena.fight.id, 'wala', 20n * UNIT)).json().code).toBe('amount_out_of_range');
    const audit = await auditActions('sabong_arena.settings');
    expect(audit.at(-1)).toMatchObject({ target_id: 'ARENA-1', detail: { applies: 'pending', plasadaBps: 800 } });
  });

  it('a fight cancelled from the back office takes a reason and is audited', async () => {
    const a = await seat('sabong');
    const fight = await bettingRound(a, 'ARENA-2');
    expect((await a.bet('ARENA-2', fight.id, 'wala', 100n * UNIT)).statusCode).toBe(200);
    const url = `/admin/api/sabong/fights/${fight.id}/cancel`;
    expect((await adminCall(boss, 'POST', url, { reason: '' })).statusCode).toBe(400);
    const r = await adminCall(boss, 'POST', url, { reason: 'Rooster injured' });
    expect(r.json().value).toEqual({ fightId: fight.id, refunded: 1 });
    expect(await balance(a.p)).toBe(10_000n * UNIT);
    expect((await auditActions('sabong_fight.cancel')).at(-1)).toMatchObject({ detail: { reason: 'Rooster injured' } });
  });
});
