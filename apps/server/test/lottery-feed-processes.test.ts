import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { settleElottBet } from '@sea/games';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { type FeedResult, SIMULATED_PUBLISH_SECONDS, simulatedFeed } from '../src/modules/lottery/index.ts';
import { feedDefaultOdds, settleFeedBet } from '../src/modules/lottery/feed.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

// Two server processes (helpers/lottery-feed-worker.ts: the whole app on this file's PostgreSQL database) run the
// lottery-feed job's step at the same time, three runs each, on a manual draw whose result two operators confirmed
// and on a simulated-feed draw whose result both fetch: every bet settled and paid once, the books clean.
const WORKER = fileURLToPath(new URL('./helpers/lottery-feed-worker.ts', import.meta.url));
const UNIT = 100n;
// Thursday 26 Nov 2026, 11:00 in Vietnam: MB draws today 18:15 ICT, Đà Nẵng (manual) on Saturday 28th.
let now = Date.parse('2026-11-26T04:00:00.000Z');
const keysDir = mkdtempSync(join(tmpdir(), 'sea-lottery-keys-'));
let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  // The lottery's key store (chain signer, simulated beacon) in one folder the workers share, as the processes
  // of one installation do (DATA_DIR or LOTTERY_SIGNER_KEY): a chain is walked by whichever process draws.
  t = await buildTestApp({
    clock: () => new Date(now),
    lottery: { chainLength: 200, checkpointEvery: 50 },
    config: { DATA_DIR: keysDir },
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

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}
const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.available ?? 0n;

/** A worker process, ready to run once it reads a line. */
function startWorker(
  clockMs: number,
  step: 'feed' | 'elott' = 'feed',
): { child: ChildProcess; ready: Promise<void>; done: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, t.database.url!, String(clockMs), '3', step], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, SEA_TEST_DATA_DIR: keysDir },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const ready = new Promise<void>((resolve, reject) => {
    const tick = setInterval(() => {
      if (out.includes('ready\n')) {
        clearInterval(tick);
        resolve();
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(tick);
      reject(new Error(`worker exited ${code} before ready:\n${err}`));
    });
  });
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`worker exited ${code}:\n${err}`)))),
  );
  void ready.catch(() => undefined);
  return { child, ready, done };
}

describe.skipIf(!process.env.DATABASE_URL)('feed lottery: two server processes on one PostgreSQL', () => {
  it('settle each bet once: a confirmed manual result and a simulated feed result', async () => {
    const place = (p: Player, gameCode: string, issueId: string, bets: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/lottery/bets',
        headers: bearer(p.token),
        payload: { requestId: randomUUID(), gameCode, issueId, bets },
      });
    const mb = (await get('/lgw/lottery/feed/games/vn-mb')).current;
    const dn = (await get('/lgw/lottery/feed/games/vn-mt-danang')).current;
    expect(dn.drawsAt).toBe('2026-11-28T10:15:00.000Z');

    // The MB result the simulated feed will publish (the test reads the game's secret).
    const secret = (
      await sql<{ secret: string }>`
        select f.secret from lottery_feed_games f join lottery_games g on g.id = f.game_id
        where g.game_code = 'vn-mb' and g.merchant_id = ${demo.id}`.execute(t.database.db)
    ).rows[0]!.secret;
    const mbResult = (await simulatedFeed.fetch(
      { kind: 'vn', region: 'MB', secret },
      { gameCode: 'vn-mb', issueId: mb.issueId, drawsAt: new Date(mb.drawsAt) },
      new Date(Date.parse(mb.drawsAt) + 3_600_000),
    )) as FeedResult & { prizes: Record<string, string[]> };
    const mbDe = mbResult.prizes.DB![0]!.slice(-2);
    const mbLo = mbResult.prizes.G7![0]!.slice(-2);

    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newPlayer(t, demo, { fund: 10_000n * UNIT })));
    const bet = (code: string, numbers: string[], stake: bigint) => ({
      code,
      selection: { numbers },
      unitStake: String(stake * UNIT),
    });
    for (const [i, p] of players.entries()) {
      const mbBets = [
        bet('vn.de', [mbDe, ['00', '01', '02'].find((n) => n !== mbDe)!], BigInt(i + 1)),
        bet('vn.lo2', [mbLo], 1n),
        bet('vn.lo2', [String(10 + i)], 1n),
      ];
      const a = await place(p, 'vn-mb', mb.issueId, mbBets);
      expect(a.statusCode, a.body).toBe(200);
      const b = await place(p, 'vn-mt-danang', dn.issueId, [
        bet('vn.de', ['42', String(50 + i)], BigInt(i + 1)),
        bet('vn.lo2', ['42'], 1n),
      ]);
      expect(b.statusCode, b.body).toBe(200);
    }
    const charges = new Map<bigint, bigint>();
    for (const p of players) charges.set(p.id, 10_000n * UNIT - (await balance(p)));

    // Đà Nẵng's result: entered by one operator and confirmed by another (the special prize ends in 42).
    now = Date.parse(dn.drawsAt) + 3_600_000;
    const [a, b] = [await createTestAdmin(t), await createTestAdmin(t)];
    const dnResult = { region: 'MT', prizes: { ...mtPrizes(5), DB: ['123442'] } };
    const entry = { gameCode: 'vn-mt-danang', issueId: dn.issueId, result: dnResult };
    for (const [who, path] of [
      [a, ''],
      [b, '/confirm'],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/admin/api/lottery/results${path}`,
        headers: bearer(who.token),
        payload: entry,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(now).toBeGreaterThan(Date.parse(mb.drawsAt) + SIMULATED_PUBLISH_SECONDS * 1000);

    // Two processes, three runs each at once.
    const answers = (await runWorkers('feed')) as { steps: number }[];
    expect(answers).toHaveLength(6);
    expect(answers.reduce((s, x) => s + x.steps, 0)).toBeGreaterThan(0);

    // Every bet settled once, with the engine's payout; one win journal per member and draw; balances exact.
    const issues = (
      await sql<{ game_code: string; status: string; bets: number; payout: string }>`
        select g.game_code, i.status, i.bets, i.payout::text from lottery_issues i
        join lottery_games g on g.id = i.game_id
        where (g.game_code, i.issue_id) in (('vn-mb', ${mb.issueId}), ('vn-mt-danang', ${dn.issueId}))
        order by g.game_code`.execute(t.database.db)
    ).rows;
    expect(issues.map((i) => [i.game_code, i.status, i.bets])).toEqual([
      ['vn-mb', 'settled', 18],
      ['vn-mt-danang', 'settled', 12],
    ]);
    const bets = (
      await sql<{
        member_id: bigint;
        game_code: string;
        code: string;
        selection: unknown;
        unit_stake: bigint;
        status: string;
        payout: string;
        paid: boolean;
        result_version: number;
      }>`
        select b.member_id, g.game_code, b.code, b.selection, b.unit_stake, b.status, b.payout::text, b.paid,
               b.result_version
        from lottery_bets b join lottery_issues i on i.id = b.issue_pk join lottery_games g on g.id = i.game_id
        where b.member_id in (${sql.join(players.map((p) => p.id))})`.execute(t.database.db)
    ).rows;
    expect(bets).toHaveLength(30);
    const results: Record<string, FeedResult> = { 'vn-mb': mbResult, 'vn-mt-danang': dnResult as FeedResult };
    const specs = {
      'vn-mb': { kind: 'vn' as const, region: 'MB' as const },
      'vn-mt-danang': { kind: 'vn' as const, region: 'MT' as const },
    };
    const expected = new Map<bigint, bigint>();
    for (const x of bets) {
      const spec = specs[x.game_code as keyof typeof specs];
      const { payout } = settleFeedBet(
        spec,
        feedDefaultOdds(spec),
        { code: x.code, selection: x.selection },
        results[x.game_code]!,
        BigInt(x.unit_stake),
      );
      expect([x.status, x.payout, x.paid, x.result_version]).toEqual([
        payout > 0n ? 'won' : 'lost',
        String(payout),
        payout > 0n,
        1,
      ]);
      expected.set(BigInt(x.member_id), (expected.get(BigInt(x.member_id)) ?? 0n) + payout);
    }
    // Every member won the đề of both draws: a journal per member and draw.
    for (const p of players) {
      expect(expected.get(p.id)! > 0n).toBe(true);
      expect(await balance(p)).toBe(10_000n * UNIT - charges.get(p.id)! + expected.get(p.id)!);
    }
    const journals = (
      await sql<{ key: string; n: number }>`
        select split_part(idem_key, ':', 3) as key, count(*)::int as n from ledger_journals
        where scope = 'lottery' and (idem_key like ${`lottery:pay:vn-mb:${mb.issueId}:%`}
                                     or idem_key like ${`lottery:pay:vn-mt-danang:${dn.issueId}:%`})
        group by 1 order by 1`.execute(t.database.db)
    ).rows;
    expect(journals).toEqual([
      { key: 'vn-mb', n: 6 },
      { key: 'vn-mt-danang', n: 6 },
    ]);
    const feedResults = await sql<{ n: number }>`
      select count(*)::int as n from lottery_feed_results r join lottery_issues i on i.id = r.issue_pk
      join lottery_games g on g.id = i.game_id where g.game_code = 'vn-mb' and i.issue_id = ${mb.issueId}`.execute(
      t.database.db,
    );
    expect(feedResults.rows[0]!.n).toBe(1);
  }, 180_000);
});

/** Both worker processes told to go at once; their runs' answers. */
async function runWorkers(step: 'feed' | 'elott'): Promise<{ steps?: number }[]> {
  const workers = [startWorker(now, step), startWorker(now, step)];
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.child.stdin!.write('go\n');
  const outs = await Promise.all(workers.map((w) => w.done));
  return outs.flatMap((o) => (JSON.parse(o.split('\n').find((l) => l.startsWith('{'))!) as { answers: [] }).answers);
}

describe.skipIf(!process.env.DATABASE_URL)('fast lottery (ELOTT): two server processes on one PostgreSQL', () => {
  it('draw and settle an issue once: every bet paid as the engine says, one win journal per member', async () => {
    // The fast games' chains and issues around the test clock (the feed test above moved it on by days).
    let g: { current: { issueId: string; drawsAt: string; closesAt: string } | null; prizeGroup?: number } = {
      current: null,
    };
    for (let pass = 0; pass < 6 && !(g.current && Date.parse(g.current.closesAt) > now); pass++) {
      await t.app.modules.lottery.schedule();
      await t.app.modules.lottery.advance();
      const res = await t.app.inject({ method: 'GET', url: '/lgw/lottery/games/elott-k3-1m' });
      if (res.statusCode === 200) g = res.json().value;
    }
    expect(g.current).not.toBeNull();
    const issueId = g.current!.issueId;
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    // Sums 3–18 cover every throw: each member wins one line of its sum bet; big/small wins half the time.
    const sum = { code: 'k3.sum', selection: { picks: Array.from({ length: 16 }, (_, i) => i + 3) }, unitStake: '100' };
    const side = { code: 'k3.bsoe', selection: { sides: ['big'] }, unitStake: '500' };
    for (const p of players) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/wps/lottery/bets',
        headers: bearer(p.token),
        payload: { requestId: randomUUID(), gameCode: 'elott-k3-1m', issueId, bets: [sum, side] },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const charge = 1_000n * UNIT - (await balance(players[0]!));
    expect(charge).toBe(16n * 100n + 500n);

    now = Date.parse(g.current!.drawsAt) + 1000;
    const answers = await runWorkers('elott');
    expect(answers).toHaveLength(6);

    const v = await get(`/lgw/lottery/issues/${issueId}?gameCode=elott-k3-1m`);
    expect(v.status).toBe('settled');
    const win = [sum, side].reduce(
      (s, b) => s + settleElottBet('k3', b, v.result, BigInt(b.unitStake), g.prizeGroup ?? 1960).payout,
      0n,
    );
    expect(win > 0n).toBe(true);
    for (const p of players) expect(await balance(p)).toBe(1_000n * UNIT - charge + win);
    const journals = await sql<{ n: number }>`
      select count(*)::int as n from ledger_journals
      where scope = 'lottery' and idem_key like ${`lottery:pay:elott-k3-1m:${issueId}:%`}`.execute(t.database.db);
    expect(journals.rows[0]!.n).toBe(players.length);
  }, 180_000);
});

/** Every MN/MT prize with numbers from `seed` (DB replaced by the caller). */
function mtPrizes(seed: number): Record<string, string[]> {
  let x = seed;
  const digits = (n: number) =>
    Array.from({ length: n }, () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return String(Math.floor(x / 65536) % 10);
    }).join('');
  const sizes: Record<string, [number, number]> = {
    DB: [1, 6],
    G1: [1, 5],
    G2: [1, 5],
    G3: [2, 5],
    G4: [7, 5],
    G5: [1, 4],
    G6: [3, 4],
    G7: [1, 3],
    G8: [1, 2],
  };
  return Object.fromEntries(
    Object.entries(sizes).map(([k, [count, n]]) => [k, Array.from({ length: count }, () => digits(n))]),
  );
}
