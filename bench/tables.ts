// Our shared-round tables at scale (issue 27), on a scratch PostgreSQL database, through the whole app (buildApp):
//   1. baccarat rounds of BENCH_BETS bets (default 5,000) from BENCH_PLAYERS members (default 500), placed through
//      the table's API (POST /baccarat/v1/tables/BAC-1/bets: the seamless wallet, one ledger journal per bet), then the
//      dealer's pass that claims the result and pays every member (one win per member, each bet settled): its time is
//      the figure, target ≤ 1 s. BENCH_PAIRS (default 2) pairs of rounds, alternately paid one wallet win call per
//      member (winMode 'per-call', a second app on the same database: the former way) and set-based (winMany, the
//      default); every bet settled and the ledger audit clean;
//   2. BENCH_TABLES tables (default 200) dealt by this one process for BENCH_SECONDS (default 60) of real time, the
//      dealer's pass every second as the job runs it: the pass's p50 / p99 / max and this process's CPU (user + sys
//      over wall time);
//   3. the host's speed in the same run: the trivial-commit ceiling (a one-row UPDATE per transaction, 4 clients).
//   npm run bench:tables     BENCH_PG_URL (else DATABASE_URL, TEST_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_BETS=500 BENCH_PLAYERS=50 BENCH_TABLES=20 BENCH_SECONDS=10 npm run bench:tables   a small run
//   BENCH_SECONDS=0 npm run bench:tables   the settlement figures only
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/ledger-audit.repository.ts';
import { onScratchPostgres, trivialCommitCeiling } from './databases.ts';

const PG_URL =
  process.env.BENCH_PG_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const BETS = Number(process.env.BENCH_BETS ?? 5_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const TABLES = Number(process.env.BENCH_TABLES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Rounds settled each way, alternately (one win call per member, then set-based). */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const CLIENTS = 16;
const SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** `n` tasks, `clients` at a time. */
async function pool(n: number, clients: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(clients, n) }, async () => {
      for (let i = next++; i < n; i = next++) await task(i);
    }),
  );
}

await onScratchPostgres(PG_URL, 16, async (database) => {
  await migrate(database);
  const ceiling = await trivialCommitCeiling(database);
  console.log(
    `host: trivial-commit ceiling ${Math.round(ceiling.perSecond)} commits/s (4 clients, p99 ${ceiling.p99.toFixed(2)} ms)`,
  );
  let now = Date.now();
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
    clock: () => new Date(now),
    // Time enough to place every bet in one round (the clock stands still meanwhile anyway).
    baccarat: { bettingSeconds: 60 },
  });
  try {
    const m = app.modules;
    const merchant = (await m.merchants.findByCode('demo'))!;
    const list = (await app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=SEA&pageSize=42' })).json();
    const nodeId = list.value.content.find((g: { gameCode: string }) => g.gameCode === 'baccarat').nodeId as string;
    // Players: members, funded through the ledger, each with its table page's game session.
    let t0 = performance.now();
    const tokens: string[] = new Array(PLAYERS);
    await pool(PLAYERS, CLIENTS, async (i) => {
      const member = await m.members.create({ merchant, account: `bench${i}`, password: 'bench tables pw 1' });
      await m.ledger.postOrThrow({
        merchantId: merchant.id,
        currency: merchant.currency,
        scope: 'bench_funding',
        key: `bench-fund:${member.id}`,
        kind: 'adjustment',
        memberId: member.id,
        legs: [
          {
            debit: systemAccount('adjustments', member.id),
            credit: memberMain(member.id),
            amount: 1_000_000_00n,
            code: 'adjustment',
          },
        ],
      });
      const { token } = await m.auth.startSession(merchant, member, 'member', 'password', {
        ip: '203.0.113.9',
        userAgent: 'bench',
      });
      const launch = await app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { nodeId },
      });
      tokens[i] = new URL(launch.json().value.url, 'http://site').searchParams.get('token')!;
    });
    console.log(`${PLAYERS} players seated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The merchant's tables are made on its first visit; then the round opens.
    const table = async (token: string) =>
      (
        await app.inject({ method: 'GET', url: '/baccarat/v1/tables/BAC-1', headers: { 'x-game-session': token } })
      ).json().value.table;
    await table(tokens[0]!);
    // Lift the table's round limit: the bench puts far more on one round than a real table allows.
    await sql`update baccarat_tables set round_max = 1000000000000 where merchant_id = ${merchant.id}`.execute(
      database.db,
    );

    // The same round settled both ways, alternately: one win call per member (before: a second app on the same
    // database, winMode 'per-call') and the set-based winMany (after: the bench's app).
    const perCall = await buildApp({
      config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined },
      database,
      logger: false,
      hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
      clock: () => new Date(now),
      baccarat: { bettingSeconds: 60, winMode: 'per-call' },
    });
    const figures: Record<'per-call' | 'set', number[]> = { 'per-call': [], set: [] };
    let lastId = '';
    try {
      for (let r = 0; r < 2 * PAIRS; r++) {
        const mode = r % 2 === 0 ? 'per-call' : 'set';
        // The next round in BETTING (the first pass opens it; later ones move past the last round's RESULT).
        let round = (await table(tokens[0]!)).round as { id: string; phase: string } | undefined;
        for (let k = 0; k < 6 && (!round || round.phase !== 'betting' || round.id === lastId); k++) {
          await m.baccarat.advance();
          round = (await table(tokens[0]!)).round;
          if (round?.phase !== 'betting' || round.id === lastId) now += 30_000;
        }
        if (!round || round.phase !== 'betting' || round.id === lastId)
          throw new Error(`no round in betting: ${JSON.stringify(round)}`);
        t0 = performance.now();
        let refused = 0;
        await pool(BETS, CLIENTS, async (i) => {
          const res = await app.inject({
            method: 'POST',
            url: '/baccarat/v1/tables/BAC-1/bets',
            headers: { 'x-game-session': tokens[i % PLAYERS]!, 'content-type': 'application/json' },
            payload: { requestId: randomUUID(), roundId: round.id, spot: SPOTS[i % SPOTS.length], amount: '1000' },
          });
          if (res.statusCode !== 200) refused++;
        });
        const placing = (performance.now() - t0) / 1000;
        if (refused) throw new Error(`${refused} bets refused`);
        console.log(
          `${BETS} bets placed in ${placing.toFixed(1)} s (${Math.round(BETS / placing)} bets/s, ${CLIENTS} clients)`,
        );

        now += 61_000; // betting closed: the pass deals
        await m.baccarat.advance();
        now += 20_000; // every card shown: the next pass claims the result and pays every member
        t0 = performance.now();
        await (mode === 'set' ? m : perCall.modules).baccarat.advance();
        const settleMs = performance.now() - t0;
        const { rows } = await sql<{ status: string; n: string }>`
          select status, count(*) as n from baccarat_bets where round_id = ${BigInt(round.id)} group by 1`.execute(
          database.db,
        );
        const byStatus = Object.fromEntries(rows.map((x) => [x.status, Number(x.n)]));
        if (byStatus.settled !== BETS) throw new Error(`not every bet settled: ${JSON.stringify(byStatus)}`);
        figures[mode].push(settleMs);
        lastId = round.id;
        console.log(
          `settlement (${mode === 'set' ? 'set-based winMany' : 'one win call per member'}): one round, ${BETS} bets ` +
            `of ${PLAYERS} members paid and settled in ${Math.round(settleMs)} ms (target ≤ 1000 ms)`,
        );
      }
    } finally {
      await perCall.close();
    }
    const audit = await auditLedger(database.db);
    if (!audit.ok) throw new Error(`ledger audit: ${JSON.stringify(audit.problems)}`);
    const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(' / ');
    console.log(
      `settlement ms, alternately — one win call per member: ${fmt(figures['per-call'])}; set-based: ` +
        `${fmt(figures.set)}; ledger audit clean`,
    );
    if (SECONDS <= 0) return;

    // Many tables on one process: the dealer's pass every second, by the real clock.
    const codes = Array.from({ length: TABLES }, (_, i) => `BENCH-${i + 1}`);
    await sql`insert into baccarat_tables (merchant_id, code, name, variant, min_bet, max_bet, round_max, betting_seconds, sort)
      select ${merchant.id}, c, c, 'commission', 1000, 5000000, 100000000, 15, 100
        from unnest(${codes}::text[]) as c`.execute(database.db);
    const passes: number[] = [];
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    while (performance.now() - wall0 < SECONDS * 1000) {
      const tick = performance.now();
      now = Date.now();
      await m.baccarat.advance();
      passes.push(performance.now() - tick);
      const wait = 1000 - (performance.now() - tick);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - wall0;
    passes.sort((a, b) => a - b);
    const openTables = (await m.baccarat.lobby(merchant, tokens[0])).tables.length;
    console.log(
      `${TABLES + 3} tables (${openTables} in the lobby) dealt by one process for ${SECONDS} s: pass p50 ` +
        `${Math.round(quantile(passes, 0.5))} ms, p99 ${Math.round(quantile(passes, 0.99))} ms, max ` +
        `${Math.round(passes.at(-1)!)} ms; this process's CPU ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(0)} % ` +
        `of one core (the database's own CPU not counted)`,
    );
  } finally {
    await app.close();
  }
});
