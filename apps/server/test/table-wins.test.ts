// The set-based wins of our shared-round tables (games' wallet.winMany, issue 27): the same answers, rows and money
// as one `win` call per member, from the same state; replays and mismatches answered as a single call would.
import type { SeamlessWinRequest } from '@sea/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBonus, memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { houseGameNodes, launchHouseGame } from './helpers/house.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
const now = Date.parse('2026-11-28T10:00:00Z');
let nodes: Record<string, string> = {};
const UNIT = 100n;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  nodes = await houseGameNodes(t);
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

// Per member of a group: its stake, the win paid, and what happens before the win.
const PLAN: { stake: bigint; win: bigint; before?: 'rollback' | 'no-bet' }[] = [
  { stake: 100n * UNIT, win: 195n * UNIT },
  { stake: 50n * UNIT, win: 0n },
  { stake: 20n * UNIT, win: 180n * UNIT },
  { stake: 70n * UNIT, win: 140n * UNIT, before: 'rollback' }, // ALREADY_SETTLED, stored
  { stake: 10n * UNIT, win: 10n * UNIT, before: 'no-bet' }, // TX_NOT_FOUND, nothing stored
  { stake: 30n * UNIT, win: 60n * UNIT },
];

/** A group of members, funded alike, each with a bet on the group's wallet round (`prefix`). */
async function group(prefix: string) {
  const games = t.app.modules.games;
  const vendor = (await games.vendor(demo.id, 'SEA'))!;
  const players: Player[] = [];
  for (const [i, p] of PLAN.entries()) {
    const player = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    players.push(player);
    if (p.before === 'no-bet') continue;
    const token = await launchHouseGame(t, nodes, player, 'baccarat');
    const bet = await games.wallet.bet({
      merchant: demo,
      vendor,
      body: {
        request_id: `${prefix}:b${i}`,
        player_id: String(player.id),
        session_token: token,
        currency: demo.currency,
        game_code: 'baccarat',
        round_id: prefix,
        tx_id: `${prefix}:b${i}`,
        amount: String(p.stake),
        round_closed: false,
      },
    });
    expect(bet.status).toBe('OK');
    if (p.before === 'rollback') {
      const rb = await games.wallet.rollback({
        merchant: demo,
        vendor,
        body: {
          request_id: `${prefix}:b${i}:rb`,
          player_id: String(player.id),
          currency: demo.currency,
          round_id: prefix,
          tx_id: `${prefix}:b${i}:rb`,
          original_tx_id: `${prefix}:b${i}`,
        },
      });
      expect(rb.status).toBe('OK');
    }
  }
  const wins: SeamlessWinRequest[] = PLAN.map((p, i) => ({
    request_id: `${prefix}:win`,
    player_id: String(players[i]!.id),
    currency: demo.currency,
    game_code: 'baccarat',
    round_id: prefix,
    tx_id: `${prefix}:win`,
    bet_tx_id: `${prefix}:b${i}`,
    amount: String(p.win),
    round_closed: true,
    summary: 'banker 7-5',
    valid_bet: String(p.stake / 2n),
  }));
  return { vendor, players, wins };
}

/** Everything a group's wins wrote, with ids and the group's prefix taken out (comparable across groups). */
async function footprint(prefix: string, players: Player[], answers: { status: string; json: string }[]) {
  const db = t.database.db;
  const norm = (s: string | null) => {
    let out = (s ?? '').split(prefix).join('<round>');
    for (const [i, p] of players.entries()) {
      out = out.split(`member:${p.id}:`).join(`member:<${i}>:`);
      if (out.startsWith(`${p.id}:`)) out = `<${i}>${out.slice(String(p.id).length)}`; // a journal's key
      // The house account's shard is the member's id modulo 8 (the same rule both ways).
      out = out.replace(`sys:house:${p.id % 8n}`, 'sys:house:<shard>');
    }
    return out;
  };
  const ids = players.map((p) => p.id);
  const txs = await sql<Record<string, unknown>>`
    select t.member_id, t.tx_ref, t.kind, t.amount, t.ref_tx, t.status, t.response, t.round_id is not null as has_round,
           t.journal_id is not null as has_journal, r.stake, r.payout, r.status as round_status, r.summary, r.valid_bet,
           r.settled_at
      from game_transactions t left join game_rounds r on r.id = t.round_id
     where t.member_id = any(${ids.map(String)}::bigint[]) and t.vendor_code = 'SEA'
     order by t.member_id, t.id`.execute(db);
  const legs = await sql<{
    member_id: string;
    idem_key: string;
    debit: string;
    credit: string;
    amount: string;
    code: string;
  }>`
    select j.member_id, j.idem_key, d.code as debit, c.code as credit, tr.amount, tr.code
      from ledger_journals j join ledger_transfers tr on tr.journal_id = j.id
      join ledger_accounts d on d.id = tr.debit_account_id join ledger_accounts c on c.id = tr.credit_account_id
     where j.member_id = any(${ids.map(String)}::bigint[]) and j.scope = 'game:SEA' and j.kind = 'win'
     order by j.member_id, tr.id`.execute(db);
  const events = await sql<{ n: string }>`
    select count(*) as n from play_event_outbox o
      join game_rounds r on o.source = 'round' and o.ref = r.id::text
     where r.member_id = any(${ids.map(String)}::bigint[])`.execute(db);
  const index = new Map(players.map((p, i) => [String(p.id), i]));
  const balances = await t.app.modules.ledger.balances(
    demo.id,
    players.flatMap((p) => [memberMain(p.id), memberBonus(p.id)]),
  );
  return {
    answers: answers.map((a) => {
      const j = JSON.parse(a.json) as Record<string, unknown>;
      return {
        ...j,
        tx_id: norm(String(j.tx_id)),
        request_id: norm(String(j.request_id)),
        ledger_tx_id: j.ledger_tx_id === undefined ? 'none' : 'set',
        wallet_tx_id: j.wallet_tx_id === undefined ? 'none' : 'set',
      };
    }),
    txs: txs.rows.map((r) => ({
      ...r,
      member_id: index.get(String(r.member_id)),
      tx_ref: norm(r.tx_ref as string),
      ref_tx: norm(r.ref_tx as string | null),
      response:
        r.response === null
          ? null
          : { ...JSON.parse(r.response as string), tx_id: 'x', request_id: 'x', ledger_tx_id: 'x', wallet_tx_id: 'x' },
    })),
    legs: legs.rows.map((l) => ({
      ...l,
      member_id: index.get(String(l.member_id)),
      idem_key: norm(l.idem_key),
      debit: norm(l.debit),
      credit: norm(l.credit),
    })),
    events: Number(events.rows[0]!.n),
    balances: players.map((p) => [balances[memberMain(p.id)]!.available, balances[memberBonus(p.id)]!.available]),
  };
}

describe('wallet.winMany (set-based wins of a shared round)', () => {
  it('answers, rows and money are those of one win call per member, from the same state', async () => {
    const games = t.app.modules.games;
    const a = await group('eqA');
    const b = await group('eqB');
    const one = [];
    for (const body of a.wins) one.push(await games.wallet.win({ merchant: demo, vendor: a.vendor, body }));
    const many = await games.wallet.winMany(demo, b.vendor, b.wins);
    expect(many.map((x) => x.status)).toEqual(['OK', 'OK', 'OK', 'ALREADY_SETTLED', 'TX_NOT_FOUND', 'OK']);
    const fa = await footprint('eqA', a.players, one);
    const fb = await footprint('eqB', b.players, many);
    expect(fb).toEqual(fa);
    // Money: each paid member has its stake back as the win said; the rolled-back bet is whole again.
    expect(fb.balances.map(([main]) => main)).toEqual(
      PLAN.map((p) => (p.before ? 1_000n * UNIT : 1_000n * UNIT - p.stake + p.win)),
    );
    expect(fb.events).toBe(4);
  });

  it('a retry (another dealer after a crash) replays every stored answer and moves nothing', async () => {
    const games = t.app.modules.games;
    const b = await group('rtB');
    const first = await games.wallet.winMany(demo, b.vendor, b.wins);
    const before = await footprint('rtB', b.players, first);
    const again = await Promise.all([
      games.wallet.winMany(demo, b.vendor, b.wins),
      games.wallet.winMany(demo, b.vendor, [...b.wins].reverse()),
    ]);
    expect(again[0]!.map((x) => x.json)).toEqual(first.map((x) => x.json));
    expect([...again[1]!].reverse().map((x) => x.json)).toEqual(first.map((x) => x.json));
    // A single call of the same win gets the same bytes.
    const single = await games.wallet.win({ merchant: demo, vendor: b.vendor, body: b.wins[0]! });
    expect(single.json).toBe(first[0]!.json);
    expect(await footprint('rtB', b.players, first)).toEqual(before);
  });

  it('another body under a used tx id is DUPLICATE_MISMATCH, as a single call answers; a player twice is refused', async () => {
    const games = t.app.modules.games;
    const b = await group('mmB');
    await games.wallet.winMany(demo, b.vendor, b.wins);
    const changed = b.wins.map((w, i) => (i === 0 ? { ...w, amount: String(BigInt(w.amount) + 1n) } : w));
    const many = await games.wallet.winMany(demo, b.vendor, changed);
    const single = await games.wallet.win({ merchant: demo, vendor: b.vendor, body: changed[0]! });
    expect(many[0]!.status).toBe('DUPLICATE_MISMATCH');
    expect(many[0]!.json).toBe(single.json);
    await expect(games.wallet.winMany(demo, b.vendor, [b.wins[0]!, b.wins[0]!])).rejects.toThrow(/twice/);
  });
});
