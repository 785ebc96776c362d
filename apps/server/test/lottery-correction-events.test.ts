import { randomUUID } from 'node:crypto';
import { prizesOf, type VnResult } from '@sea/games';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayEvent, PlayEventConsumer } from '../src/lib/play-events.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { missionDelta } from '../src/modules/rewards/rewards.consumer.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 23: a VN result corrected after settlement re-sends its play events — one new event per corrected bet
 * (`lottery-fix:<bet>:<version>`, adjusting `lottery:<issue>:<member>`: stake and valid bet 0, payout the change),
 * so the engagement consumers see the corrected payout exactly once: the settlement's event always resolves to the
 * first payout, whether it is delivered before the correction or after it; replays add nothing.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-11-26T04:00:00.000Z');
const UNIT = 100n;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 200, checkpointEvery: 50 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.feed.schedule();
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

/** An MT board whose special prize ends in `de` (deterministic digits elsewhere). */
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

/** Every event the consumer applied once (ids through firstTime, in its own transaction). */
function probe(name: string) {
  const seen: PlayEvent[] = [];
  let delivered = 0;
  const c: PlayEventConsumer = {
    name,
    async handle(events) {
      delivered += events.length;
      const fresh = await t.database.all
        .transaction()
        .execute((trx) => t.app.modules.playEvents.firstTime(trx, name, [...new Set(events.map((e) => e.id))]));
      for (const e of events) if (fresh.delete(e.id)) seen.push(e);
    },
  };
  return { c, seen, delivered: () => delivered };
}

const issueOf = async (game: string) =>
  (await t.app.inject({ method: 'GET', url: `/lgw/lottery/feed/games/${game}` })).json().value.current as {
    issueId: string;
    drawsAt: string;
  };
const bet = async (p: Player, game: string, issueId: string, de: string) => {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: {
      requestId: randomUUID(),
      gameCode: game,
      issueId,
      bets: [{ code: 'vn.de', selection: { numbers: [de] }, unitStake: String(10n * UNIT) }],
    },
  });
  expect(r.statusCode, r.body).toBe(200);
};

describe('a corrected VN result and the play events', () => {
  it('each corrected bet is one new adjusting event; the consumers see the corrected payout once, whatever the order', async () => {
    const seen = probe('correction-probe');
    t.app.modules.playEvents.consumers.register(seen.c);
    const games = ['vn-mt-khanhhoa', 'vn-mt-danang'] as const;
    const issues = await Promise.all(games.map(issueOf));
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    const [w1, l1, w2, l2] = players as [Player, Player, Player, Player];
    await bet(w1, games[0], issues[0]!.issueId, '42');
    await bet(l1, games[0], issues[0]!.issueId, '37');
    await bet(w2, games[1], issues[1]!.issueId, '42');
    await bet(l2, games[1], issues[1]!.issueId, '37');

    now = Math.max(...issues.map((i) => Date.parse(i.drawsAt))) + 60_000;
    const [a, b] = await Promise.all([1, 2].map(() => createTestAdmin(t, { role: 'games' })));
    const enter = async (game: number, result: VnResult) => {
      const body = { gameCode: games[game], issueId: issues[game]!.issueId, result };
      const e = await t.app.inject({
        method: 'POST',
        url: '/admin/api/lottery/results',
        headers: bearer(a!.token),
        payload: body,
      });
      expect(e.statusCode, e.body).toBe(200);
      const c = await t.app.inject({
        method: 'POST',
        url: '/admin/api/lottery/results/confirm',
        headers: bearer(b!.token),
        payload: body,
      });
      expect(c.statusCode, c.body).toBe(200);
    };
    // Until delivered, bounded by time, not by a number of passes: on a PostgreSQL server shared with other test
    // files the drainer reads only rows older than every running transaction (pg_snapshot_xmin), so another file's
    // open transaction can hold the queue back for a while — it delays, never loses.
    const drain = async () => {
      const until = Date.now() + 60_000;
      while ((await t.app.modules.playEvents.backlog('correction-probe')) > 0n && Date.now() < until) {
        const reports = await t.app.modules.playEvents.drain();
        if (!reports.some((r) => r.delivered > 0)) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await t.app.modules.playEvents.backlog('correction-probe')).toBe(0n);
    };

    // Game 1 settles and its events are delivered before the correction; game 2 settles, not delivered yet.
    await enter(0, mtResult(11, '42'));
    await t.app.modules.lottery.feed.advance();
    await drain();
    await enter(1, mtResult(13, '42'));
    await t.app.modules.lottery.feed.advance();
    // The official correction of both: the special prize ends in 37.
    await enter(0, mtResult(11, '37'));
    await enter(1, mtResult(13, '37'));
    expect((await t.app.modules.lottery.feed.advance()).corrections).toBe(2);
    expect((await t.app.modules.lottery.feed.advance()).corrections).toBe(0); // applied once
    await drain();
    await drain(); // a replay delivers nothing new

    const won = 10n * UNIT * 95n;
    const mine = (p: Player) => seen.seen.filter((e) => e.memberId === p.id && e.kind === 'bet_settled');
    for (const [p, first, fixed] of [
      [w1, won, 0n],
      [l1, 0n, won],
      [w2, won, 0n],
      [l2, 0n, won],
    ] as const) {
      const events = mine(p) as Extract<PlayEvent, { kind: 'bet_settled' }>[];
      expect(events).toHaveLength(2);
      const [settled, fix] = [events.find((e) => !e.adjusts)!, events.find((e) => e.adjusts)!];
      // The settlement's event: the first payout (game 2's was resolved after the correction: still the first).
      expect(settled).toMatchObject({ product: 'lottery', category: 'LOTT', stake: 10n * UNIT, payout: first });
      expect(settled.validBet).toBe(10n * UNIT);
      // The correction's: a new id, adjusting the settlement's; no stake counted twice; the change of payout.
      expect(fix.id).toMatch(/^lottery-fix:\d+:2$/);
      expect(fix).toMatchObject({ adjusts: settled.id, stake: 0n, validBet: 0n, payout: fixed - first });
      expect(settled.payout + fix.payout).toBe(fixed);
    }
    // A correction is no new round for the missions; its valid bet adds nothing to a bet-amount mission.
    const fix = mine(w1).find((e) => e.kind === 'bet_settled' && e.adjusts)!;
    expect(missionDelta({ kind: 'rounds', category: null }, fix)).toBe(0n);
    expect(missionDelta({ kind: 'bet_amount', category: null }, fix)).toBe(0n);
    expect(
      missionDelta(
        { kind: 'rounds', category: null },
        mine(w1).find((e) => e.id !== fix.id)!,
      ),
    ).toBe(1n);
  }, 180_000);
});
