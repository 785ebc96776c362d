import { randomUUID } from 'node:crypto';
import { chainHashAt, drawElott, type ElottKind, mixBeacon, settleElottBet, verifyChainLink } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { createLotteryModule, issueIdOf, SCHEDULE_AHEAD_SECONDS } from '../src/modules/lottery/index.ts';
import { createFeedService } from '../src/modules/lottery/feed.service.ts';
import { createFeedRepository } from '../src/modules/lottery/feed.repository.ts';
import { createLotteryRepository } from '../src/modules/lottery/lottery.repository.ts';
import { createLotteryService } from '../src/modules/lottery/lottery.service.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

// Chains roll over: with 120 issues a chain, the scheduler runs across the boundary of chain 1 into chain 2 (and
// publishes chain 3), one process, two processes racing, and a process that dies in the middle of the rollover.
const LENGTH = 120;
const AHEAD = 5_400; // publish the next chain when less than 90 minutes of the current one are left
const options = { chainLength: LENGTH, checkpointEvery: 7, nextChainAheadSeconds: AHEAD };
const UNIT = 100n;

let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-11-26T04:00:05.000Z');
const clock = () => new Date(now);

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: options });
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

/** Only `code` is scheduled (each test rolls one game over). */
async function only(code: string) {
  await db().updateTable('lottery_games').set({ enabled: false }).where('kind', 'in', ['ssc', 'k3']).execute();
  await db().updateTable('lottery_games').set({ enabled: true }).where('game_code', '=', code).execute();
}

const issuesOf = (code: string) =>
  db()
    .selectFrom('lottery_issues as i')
    .innerJoin('lottery_games as g', 'g.id', 'i.game_id')
    .innerJoin('lottery_chains as c', 'c.id', 'i.chain_id')
    .select(['i.issue_id', 'i.chain_index', 'i.opens_at', 'i.draws_at', 'i.status', 'c.seq', 'c.published_at'])
    .where('g.game_code', '=', code)
    .orderBy('i.draws_at')
    .execute();

const chainsOf = (code: string) =>
  db()
    .selectFrom('lottery_chains as c')
    .innerJoin('lottery_games as g', 'g.id', 'c.game_id')
    .select(['c.id', 'c.seq', 'c.terminal_hash', 'c.first_draw_at', 'c.published_at', 'c.length'])
    .where('g.game_code', '=', code)
    .orderBy('c.seq')
    .execute();

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

/** No gap, no duplicate: every issue draws one interval after the one before and its number is the next slot's. */
function expectContinuous(issues: Awaited<ReturnType<typeof issuesOf>>, intervalSeconds: number) {
  expect(new Set(issues.map((i) => i.issue_id)).size).toBe(issues.length);
  for (let k = 1; k < issues.length; k++) {
    const [a, b] = [issues[k - 1]!, issues[k]!];
    expect(b.draws_at.getTime() - a.draws_at.getTime(), `${a.issue_id} → ${b.issue_id}`).toBe(intervalSeconds * 1000);
    expect(b.issue_id).toBe(issueIdOf(b.opens_at, intervalSeconds, 'Asia/Manila'));
    // chain n's last index is followed by chain n + 1's first
    if (b.seq === a.seq) expect(b.chain_index).toBe(a.chain_index! + 1);
    else expect([b.seq, b.chain_index, a.chain_index]).toEqual([a.seq + 1, 1, LENGTH]);
  }
}

/** The verifier's check of a drawn issue: its hash walks back to its own chain's published terminal hash. */
async function expectVerifies(code: string, kind: ElottKind, issueId: string, published: Map<number, string>) {
  const v = await get(`/lgw/lottery/issues/${issueId}?gameCode=${code}`);
  expect(v.chain.terminalHash).toBe(published.get(v.chain.seq));
  expect(verifyChainLink(v.hash, v.previousHash)).toBe(true);
  expect(chainHashAt(v.hash, v.chainIndex, 0)).toBe(v.chain.terminalHash);
  expect(drawElott(kind, v.hash, mixBeacon(v.chain.salt, v.beacon.value), issueId)).toEqual(v.result);
  expect(v.salt).toBe(v.chain.salt);
  return v;
}

describe('hash chains roll over', () => {
  it('the scheduler runs across the boundary: the next chain is public first, issues continue, each verifies against its own chain', async () => {
    const code = 'elott-ssc-1m';
    await only(code);
    let p: Player | undefined;
    // The terminal hash of each chain as the game page first showed it, and the minute it did.
    const published = new Map<number, string>();
    const shownAt = new Map<number, number>();
    const firstIssueAt = new Map<number, number>();
    let order: { charge: string; bets: { issueId: string }[] } | undefined;
    const bet = { code: 'ssc.bsoe.sum', selection: { sides: ['big', 'small'] }, unitStake: String(UNIT) };
    for (let minute = 0; minute <= 170; minute++) {
      await lottery().schedule();
      await lottery().advance();
      const g = await get(`/lgw/lottery/games/${code}`);
      for (const c of [g.chain, g.nextChain].filter(Boolean)) {
        if (!published.has(c.seq)) {
          published.set(c.seq, c.terminalHash);
          shownAt.set(c.seq, minute);
        }
        expect(c.terminalHash).toBe(published.get(c.seq));
      }
      for (const i of await issuesOf(code)) if (!firstIssueAt.has(i.seq)) firstIssueAt.set(i.seq, minute);
      // A chase across the boundary: chain 1's last two issues and chain 2's first, in one order.
      if (!order && g.current.issueId === g.next[0].issueId && g.chain.lastIssueId === g.next[2]?.issueId) {
        p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
        const r = await t.app.inject({
          method: 'POST',
          url: '/wps/lottery/bets',
          headers: bearer(p!.token),
          payload: {
            requestId: randomUUID(),
            gameCode: code,
            issueId: g.next[1].issueId,
            bets: [bet],
            chase: { issues: 3, stopOnWin: false },
          },
        });
        expect(r.statusCode, r.body).toBe(200);
        order = r.json().value;
        expect(g.nextChain).toMatchObject({ seq: 2, firstDrawAt: expect.any(String) });
        expect(Date.parse(g.nextChain.firstDrawAt) - Date.parse(g.chain.lastDrawAt)).toBe(60_000);
      }
      now += 60_000;
    }
    expect(order).toBeDefined();

    const chains = await chainsOf(code);
    expect(chains.map((c) => c.seq)).toEqual([1, 2, 3]);
    const issues = await issuesOf(code);
    expectContinuous(issues, 60);
    expect(issues.filter((i) => i.seq === 1)).toHaveLength(LENGTH);
    // Each next chain was on the game page well before any of its issues existed, and published before its first
    // issue opened by more than the schedule's window.
    for (const seq of [2, 3]) expect(shownAt.get(seq)!).toBeLessThan(firstIssueAt.get(seq) ?? Infinity);
    expect(firstIssueAt.get(2)! - shownAt.get(2)!).toBeGreaterThanOrEqual(20);
    const firstOf2 = issues.find((i) => i.seq === 2)!;
    expect(firstOf2.opens_at.getTime() - firstOf2.published_at.getTime()).toBeGreaterThan(
      SCHEDULE_AHEAD_SECONDS * 1000,
    );
    expect(chains[1]!.terminal_hash).not.toBe(chains[0]!.terminal_hash);

    // Every drawn issue recomputes from its own chain: the last of chain 1 and the first of chain 2 around the seam,
    // and a sample of the rest.
    const drawn = issues.filter((i) => i.status === 'settled');
    expect(drawn.length).toBeGreaterThan(LENGTH + 40);
    const seam = drawn.findIndex((i) => i.seq === 2);
    for (const [k, i] of drawn.entries()) {
      if (Math.abs(k - seam) > 2 && k % 9 !== 0) continue;
      const v = await expectVerifies(code, 'ssc', i.issue_id, published);
      expect(v.chain.seq).toBe(i.seq);
      expect(v.chainIndex).toBe(i.chain_index);
    }
    const first2 = await get(`/lgw/lottery/issues/${drawn[seam]!.issue_id}?gameCode=${code}`);
    expect(first2.chainIndex).toBe(1);
    expect(first2.previousHash).toBe(published.get(2));

    // The chase settled on both chains: 3 issues, each paid as the engine says for its own draw.
    const mine = await get(`/lgw/lottery/games/${code}/results?pageSize=100`);
    const resultOf = new Map(mine.list.map((r: { issueId: string; result: number[] }) => [r.issueId, r.result]));
    const bets = (await lottery().myBets(demo, p!.id, { gameCode: code, page: 1, pageSize: 10 })).list;
    expect(bets).toHaveLength(3);
    let paid = 0n;
    for (const b of bets) {
      expect(b.status === 'won' || b.status === 'lost').toBe(true);
      const want = settleElottBet('ssc', bet, resultOf.get(b.issueId) as number[], UNIT, 1960).payout;
      expect(b.payout).toBe(String(want));
      paid += want;
    }
    const bal = await t.app.modules.ledger.balances(demo.id, [memberMain(p!.id)]);
    expect(bal[memberMain(p!.id)]!.available).toBe(1_000n * UNIT - BigInt(order!.charge) + paid);
  }, 240_000);

  it('two schedulers racing across the boundary publish each chain once and create each issue once', async () => {
    const code = 'elott-k3-1m';
    await only(code);
    // The second process: its own database handle (PostgreSQL: its own pool) and its own module.
    const second: Database =
      t.database.url !== undefined
        ? await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 4 })
        : t.database;
    try {
      const b = createLotteryModule({
        db: second.db,
        ledger: t.app.modules.ledger,
        merchants: t.app.modules.merchants,
        clock,
        options,
      });
      const published = new Map<number, string>();
      let created = 0;
      for (let minute = 0; minute <= 160; minute += 3) {
        const [x, y] = await Promise.all([lottery().schedule(), b.schedule()]);
        created += x.created + y.created;
        await Promise.all([lottery().advance(), b.advance()]);
        for (const c of await chainsOf(code)) published.set(c.seq, c.terminal_hash);
        now += 180_000;
      }
      // chain 3 too: chain 2 has less than 90 minutes left at minute 151
      const chains = await chainsOf(code);
      expect(chains.map((c) => c.seq)).toEqual([1, 2, 3]);
      const issues = await issuesOf(code);
      expect(created).toBe(issues.length);
      expectContinuous(issues, 60);
      expect(new Set(issues.map((i) => i.seq))).toEqual(new Set([1, 2]));
      const drawn = issues.filter((i) => i.status === 'settled');
      const seam = drawn.findIndex((i) => i.seq === 2);
      expect(seam).toBeGreaterThan(0);
      for (const i of drawn.slice(seam - 2, seam + 2)) await expectVerifies(code, 'k3', i.issue_id, published);
    } finally {
      if (second !== t.database) await second.close();
    }
  }, 240_000);

  it('a process dying in the middle of the rollover: the next one finishes it, nothing twice', async () => {
    const code = 'elott-ssc-5m';
    await only(code);
    await lottery().schedule();
    const [c1] = await chainsOf(code);
    expect(c1).toBeDefined();
    // Jump to 70 minutes before chain 1's last draw: the next chain is due (less than 90 minutes left) and the
    // schedule window (60 minutes) is 10 minutes short of chain 2.
    const lastDraw = c1!.first_draw_at.getTime() + (LENGTH - 1) * 300_000;
    now = lastDraw - 70 * 60_000;

    const repo = createLotteryRepository(db());
    const crashing = (crash: { chain?: boolean; issuesOfChain?: bigint | 'next' }) =>
      createLotteryService({
        db: db(),
        repo: {
          ...repo,
          async addChainIfAbsent(row) {
            if (crash.chain) throw new Error('died while publishing');
            return repo.addChainIfAbsent(row);
          },
          async addIssues(rows) {
            if (crash.issuesOfChain === 'next' && rows.some((r) => r.chain_id !== c1!.id))
              throw new Error('died mid-rollover');
            return repo.addIssues(rows);
          },
        },
        ledger: t.app.modules.ledger,
        merchants: t.app.modules.merchants,
        feed: createFeedService({
          db: db(),
          repo: createFeedRepository(db()),
          ledger: t.app.modules.ledger,
          merchants: t.app.modules.merchants,
          clock,
        }),
        clock,
        options,
      });
    // 1. Dies after generating chain 2, before storing it: nothing published, no issue of the game created.
    const before = (await issuesOf(code)).length;
    await expect(crashing({ chain: true }).schedule()).rejects.toThrow('died while publishing');
    expect((await chainsOf(code)).map((c) => c.seq)).toEqual([1]);
    expect((await issuesOf(code)).length).toBe(before);
    // 2. Publishes chain 2, then moves on 20 minutes and dies writing chain 2's first issues (chain 1's are in).
    await crashing({}).schedule();
    expect((await chainsOf(code)).map((c) => c.seq)).toEqual([1, 2]);
    now += 20 * 60_000;
    await expect(crashing({ issuesOfChain: 'next' }).schedule()).rejects.toThrow('died mid-rollover');
    const half = await issuesOf(code);
    expect(half[half.length - 1]).toMatchObject({ seq: 1, chain_index: LENGTH });
    // 3. A fresh process (and the old one's twin at the same time) carries on.
    const [r1, r2] = await Promise.all([lottery().schedule(), crashing({}).schedule()]);
    const chains = await chainsOf(code);
    expect(chains.map((c) => c.seq)).toEqual([1, 2]);
    const issues = (await issuesOf(code)).filter((i) => i.draws_at.getTime() >= now - 3_600_000);
    expectContinuous(issues, 300);
    const two = issues.filter((i) => i.seq === 2);
    expect(two.length).toBe(r1.created + r2.created);
    expect(two.map((i) => i.chain_index)).toEqual(two.map((_, k) => k + 1));
    expect(two[0]!.draws_at.getTime()).toBe(lastDraw + 300_000);
    expect(two[two.length - 1]!.draws_at.getTime()).toBeLessThanOrEqual(now + SCHEDULE_AHEAD_SECONDS * 1000);
  }, 120_000);

  it('no code path sets or overrides a result: a published chain and a drawn issue never change', async () => {
    const code = 'elott-ssc-1m';
    const drawn = (await issuesOf(code)).find((i) => i.status === 'settled')!;
    const [c1] = await chainsOf(code);
    const issue = db()
      .selectFrom('lottery_issues as i')
      .innerJoin('lottery_games as g', 'g.id', 'i.game_id')
      .select('i.id')
      .where('g.game_code', '=', code)
      .where('i.issue_id', '=', drawn.issue_id);
    const id = (await issue.executeTakeFirstOrThrow()).id;
    await expect(
      db()
        .updateTable('lottery_issues')
        .set({ result: JSON.stringify([1, 2, 3, 4, 5]) })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/never changed/);
    await expect(
      db()
        .updateTable('lottery_issues')
        .set({ hash: 'f'.repeat(64) })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/never changed/);
    await expect(
      db().updateTable('lottery_issues').set({ chain_index: 7 }).where('id', '=', id).execute(),
    ).rejects.toThrow(/never changed/);
    await expect(
      db()
        .updateTable('lottery_chains')
        .set({ terminal_hash: '0'.repeat(64) })
        .where('id', '=', c1!.id)
        .execute(),
    ).rejects.toThrow(/never changed/);
    await expect(db().deleteFrom('lottery_chains').where('id', '=', c1!.id).execute()).rejects.toThrow(/never changed/);
    await expect(sql`truncate lottery_chains cascade`.execute(db())).rejects.toThrow(/never changed/);
    // The settlement's own writes (totals, status) still go through.
    await db()
      .updateTable('lottery_issues')
      .set({ winners: sql`winners` })
      .where('id', '=', id)
      .execute();
  });
});
