import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { prizesOf, type VnResult } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { windowKey } from '../src/modules/rewards/windows.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Migration 0255 (issue 23): the rounds settled before 0241 made reward_leaderboard_wins are noted from the settled
 * game rounds and lottery bets by the rewards consumer's rule, so a corrected lottery result of such a round
 * recomputes its best-win windows. Rounds are settled and counted on the boards, their rows removed (as before
 * 0241), the migration's statement run (twice: idempotent), then the result corrected. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
const BACKFILL = readFileSync(
  new URL('../src/db/migrations/0255_leaderboard_wins_backfill.sql', import.meta.url),
  'utf8',
);
let t: TestApp;
let demo: Merchant;
// Relative to the real time: the backfill notes what settled within the last 15 days of the database's now().
let now = Date.now() - 3_600_000;
const UNIT = 100n;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 200, checkpointEvery: 50 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.feed.schedule();
});
afterAll(() => t?.close());

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
/** Until the rewards consumer has applied every event (bounded by time, as lottery-correction-events.test.ts). */
const drain = async () => {
  const until = Date.now() + 60_000;
  while ((await t.app.modules.playEvents.backlog('rewards')) > 0n && Date.now() < until) {
    const reports = await t.app.modules.playEvents.drain();
    if (!reports.some((r) => r.delivered > 0)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await t.app.modules.playEvents.backlog('rewards')).toBe(0n);
};
const best = async (p: Player, period: 'daily' | 'weekly') => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wps/rewards/leaderboard?period=${period}&metric=multiplier`,
    headers: { ...bearer(p.token), merchant: 'demo' },
  });
  const b = r.json();
  if (!b.success) throw new Error(r.body);
  return (b.value.me?.score as string | undefined) ?? null;
};
const both = async (p: Player) => {
  // The clock moved to the draw: a new session (the one of the bet has idled out).
  const row = (await t.app.modules.members.findById(demo.id, p.id))!;
  p.token = (
    await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
  ).token;
  return [await best(p, 'daily'), await best(p, 'weekly')];
};
const winRows = async (...ps: Player[]) =>
  (
    await sql<{
      event_id: string;
      member_id: string;
      stake: string | null;
      payout: string;
      settled_at: Date | null;
      day_key: string | null;
      week_key: string | null;
      noted_at: Date;
    }>`select event_id, member_id::text, stake::text, payout::text, settled_at, day_key, week_key, noted_at
         from reward_leaderboard_wins where member_id = any(${ps.map((p) => String(p.id))}::int8[])
        order by event_id`.execute(t.database.db)
  ).rows;
/** A settled game round of the member (stake PHP 100), given to the consumer as the games module publishes it. */
async function round(p: Player, payout: bigint, at: Date) {
  const vendor = await sql<{ code: string }>`select code from vendors where merchant_id = ${demo.id} limit 1`.execute(
    t.database.db,
  );
  const { rows } = await sql<{ id: string }>`
    insert into game_rounds (merchant_id, vendor_code, member_id, round_ref, status, stake, payout, started_at, settled_at)
    values (${demo.id}, ${vendor.rows[0]!.code}, ${p.id}, ${randomUUID()}, 'settled', 10000, ${payout}, ${at}, ${at})
    returning id::text`.execute(t.database.db);
  const id = rows[0]!.id;
  await t.app.modules.rewards.consumers[0]!.handle([
    {
      kind: 'bet_settled',
      id: `round:${id}`,
      merchantId: demo.id,
      memberId: p.id,
      product: 'house',
      category: 'SLOT',
      gameCode: 'LUCKY_DRAGON',
      stake: 10_000n,
      validBet: 10_000n,
      payout,
      settledAt: at,
    },
  ]);
  return `round:${id}`;
}

describe('migration 0255: the best-win rounds settled before 0241', () => {
  it('noted by the backfill, a round settled before the table existed is recomputed after its correction', async () => {
    const games = ['vn-mt-khanhhoa', 'vn-mt-danang'] as const;
    const issues = await Promise.all(games.map(issueOf));
    const [p1, p2] = await Promise.all([1, 2].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    await bet(p1!, games[0], issues[0]!.issueId, '42');
    await bet(p2!, games[1], issues[1]!.issueId, '42');
    now = Math.max(...issues.map((i) => Date.parse(i.drawsAt))) + 60_000;
    const roundAt = new Date(now); // the same board windows as the lottery's settlement
    const r1 = await round(p1!, 30_000n, roundAt); // × 3
    await round(p2!, 20_000n, roundAt); // × 2
    const [a, b] = await Promise.all([1, 2].map(() => createTestAdmin(t, { role: 'games' })));
    const enter = async (game: number, result: VnResult) => {
      const body = { gameCode: games[game], issueId: issues[game]!.issueId, result };
      for (const [admin, url] of [
        [a!, '/admin/api/lottery/results'],
        [b!, '/admin/api/lottery/results/confirm'],
      ] as const) {
        const r = await t.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload: body });
        expect(r.statusCode, r.body).toBe(200);
      }
    };
    await enter(0, mtResult(11, '42'));
    await enter(1, mtResult(13, '42'));
    await t.app.modules.lottery.feed.advance();
    await drain();
    const won = 10n * UNIT * 95n; // × 95
    expect(await both(p1!)).toEqual(['950000', '950000']);
    expect(await both(p2!)).toEqual(['950000', '950000']);
    const noted = await winRows(p1!, p2!);
    expect(noted.map((r) => r.event_id).sort()).toHaveLength(4);

    // As before 0241: the boards counted these rounds, the table does not hold them.
    await sql`delete from reward_leaderboard_wins where member_id in (${p1!.id}, ${p2!.id})`.execute(t.database.db);
    // Game 2's result corrected before the backfill (after 0241): its row is the change alone, stake unknown.
    await enter(1, mtResult(13, '37'));
    expect((await t.app.modules.lottery.feed.advance()).corrections).toBe(1);
    await drain();
    expect((await winRows(p2!)).map((r) => [r.stake, r.payout])).toEqual([[null, String(-won)]]);

    // The statement as it ran at 0255, when the rewards consumer's applied ids were its own table (0256 moved them to
    // play_event_done, one row per event): that table rebuilt from them for the run.
    await sql`create view reward_applied_events as
      select c as consumer, event_id, applied_at from play_event_done, unnest(consumers) as c`.execute(t.database.db);
    await sql.raw(BACKFILL).execute(t.database.db);
    const after = await winRows(p1!, p2!);
    await sql.raw(BACKFILL).execute(t.database.db); // again: nothing changes
    await sql`drop view reward_applied_events`.execute(t.database.db);
    expect(await winRows(p1!, p2!)).toEqual(after);

    const tz = demo.timezone;
    const lotteryAt = after.find(
      (r) => r.event_id.startsWith('lottery:') && r.member_id === String(p1!.id),
    )!.settled_at!;
    const keys = (at: Date) => ({ day_key: windowKey('daily', at, tz), week_key: windowKey('weekly', at, tz) });
    expect(after.filter((r) => r.member_id === String(p1!.id))).toEqual([
      expect.objectContaining({ stake: '1000', payout: String(won), ...keys(lotteryAt), noted_at: lotteryAt }),
      expect.objectContaining({ event_id: r1, stake: '10000', payout: '30000', ...keys(roundAt), noted_at: roundAt }),
    ]);
    // Game 2's row completed with its round: the first payout plus the correction already counted.
    expect(
      after.filter((r) => r.member_id === String(p2!.id) && r.event_id.startsWith('lottery:')).map((r) => r.stake),
    ).toEqual(['1000']);
    expect(after.find((r) => r.member_id === String(p2!.id) && r.event_id.startsWith('lottery:'))!.payout).toBe('0');

    // Game 1's result corrected now: its round, the best, lost → the windows' best is the remaining round, × 3.
    await enter(0, mtResult(11, '37'));
    expect((await t.app.modules.lottery.feed.advance()).corrections).toBe(1);
    await drain();
    expect(await both(p1!)).toEqual(['30000', '30000']);
  }, 240_000);
});
