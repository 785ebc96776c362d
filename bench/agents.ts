// Agent reports on a big team, on PostgreSQL: an agent whose team has BENCH_MEMBERS (default 100,000) members and
// BENCH_BETS (default 1,000,000) bets spread over BENCH_DAYS (default 30) days. The tree and the rounds are written
// in bulk (apps/server/test/helpers/agent-tree.ts), the daily roll-up is built by the agent-rollup job's own pass
// (timed), then each report is requested through the full route stack (app.inject: session, policy, SQL,
// presenter) one after another for BENCH_SECONDS (default 5) each; p50/p95/p99 in ms.
//   npm run bench:agents      BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_KEEP=1
//                             keeps the database; BENCH_DB=<its name> runs only the reports on it (migrated first)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { generateTree } from '../apps/server/test/helpers/agent-tree.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

// BENCH_DB=<name>: the reports only, on a database kept by an earlier run (BENCH_KEEP=1), migrated first.
const REUSE = process.env.BENCH_DB;
const name = REUSE ?? `sea_bench_agents_${randomBytes(4).toString('hex')}`;
const admin = await openDatabase({ kind: 'postgres', url: PG_URL, poolSize: 1 });
if (!REUSE) await admin.session((exec) => exec(`create database ${name}`));
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
try {
  await migrate(database);
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  const merchant = (await app.modules.merchants.findByCode('demo'))!;
  // UTC days ending today, so the default period (today) has bets too.
  const end = Date.parse(`${day(Date.now())}T00:00:00Z`) + 86_400_000;
  const from = new Date(end - DAYS * 86_400_000);

  let t0 = performance.now();
  const tree = REUSE
    ? undefined
    : await generateTree(database.db, {
        merchantId: merchant.id,
        members: MEMBERS,
        rounds: BETS,
        from,
        days: DAYS,
        seed: 7,
        agentShare: 0.05,
        prefix: 'b',
      });
  const generated = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const rolled = REUSE ? { cells: 0 } : await app.modules.agents.runRollup();
  const rollup = (performance.now() - t0) / 1000;
  // An incremental pass with nothing new (what the job does every minute on a quiet site).
  t0 = performance.now();
  await app.modules.agents.runRollup();
  const idle = performance.now() - t0;
  // As autovacuum would after the bulk load (the visibility map lets the report reads skip the heap).
  await sql`vacuum analyze`.execute(database.db);

  const root =
    tree?.ids[0] ??
    (
      await sql<{
        id: bigint;
      }>`select min(id) as id from members where merchant_id = ${merchant.id} and account like 'b%'`.execute(
        database.db,
      )
    ).rows[0]!.id;
  const row = (await app.modules.members.findById(merchant.id, root))!;
  const { token } = await app.modules.auth.startSession(merchant, row, 'agent', 'password', {
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  const depth = (
    await sql<{ d: number }>`select max(depth)::int as d from member_tree where ancestor_id = ${root}`.execute(
      database.db,
    )
  ).rows[0]!.d;

  const today = day(end - 86_400_000);
  const week = day(end - 7 * 86_400_000);
  const month = day(from.getTime());
  const cases: [string, string][] = [
    ['team overview, today', `/wps/agent/team/overview?from=${today}&to=${today}`],
    ['team overview, 7 days', `/wps/agent/team/overview?from=${week}&to=${today}`],
    [`team overview, ${DAYS} days`, `/wps/agent/team/overview?from=${month}&to=${today}`],
    ['P&L per member (page 1 of 20), 7 days', `/wps/agent/report/pnl?from=${week}&to=${today}&pageSize=20`],
    ['P&L per level, 7 days', `/wps/agent/report/pnl?by=level&from=${week}&to=${today}`],
    [`revenue by day, ${DAYS} days`, `/wps/agent/report/revenue?from=${month}&to=${today}`],
    ['downline list (direct, page 1)', '/wps/agent/downline'],
  ];
  const rows: string[] = [];
  for (const [what, path] of cases) {
    const samples: number[] = [];
    const stop = performance.now() + SECONDS * 1000;
    let errors = 0;
    while (performance.now() < stop) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
      samples.push(performance.now() - s);
      if (res.statusCode !== 200) errors++;
    }
    const first = samples[0]!;
    samples.sort((a, b) => a - b);
    rows.push(
      `| ${what} | ${samples.length} | ${first.toFixed(1)} | ${quantile(samples, 0.5).toFixed(1)} | ` +
        `${quantile(samples, 0.95).toFixed(1)} | ${quantile(samples, 0.99).toFixed(1)} | ${errors} |`,
    );
  }
  // The P&L per member after the roll-up wrote (as every minute on a live site): BENCH_LIVE (default 500) new
  // settled rounds of random team members, one roll-up pass, then the first request of the 7-day order kept
  // above (brought forward by the changed members' sums) against the first request of a period not asked yet
  // (computed cold over the whole team), five times.
  const live = Number(process.env.BENCH_LIVE ?? 500);
  const ask = async (path: string) => {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return performance.now() - s;
  };
  const liveRows: string[] = [];
  for (let k = 1; k <= 5; k++) {
    // Written after the roll-up's marks (the generated rounds run to the end of today) and played today at noon.
    const noon = new Date(end - 43_200_000).toISOString();
    await sql`with m as (select descendant_id as member from member_tree where ancestor_id = ${root}
                          order by random() limit ${live}),
                   t as (select max(created_at) + interval '1 second' as at from game_transactions
                          where merchant_id = ${merchant.id}),
                   r as (insert into game_rounds (merchant_id, vendor_code, member_id, round_ref, status, stake, payout,
                                                  started_at, settled_at)
                         select ${merchant.id}, 'GEN', member, 'live' || gen_random_uuid()::text, 'settled', 50000, 0,
                                ${noon}::timestamptz, ${noon}::timestamptz from m
                         returning id, member_id, stake)
              insert into game_transactions (merchant_id, vendor_code, member_id, tx_ref, kind, round_id, amount, status,
                                             request_hash, created_at)
              select ${merchant.id}, 'GEN', member_id, 'tlive' || id::text, 'bet', id, stake, 'applied', 'generated', t.at
                from r, t`.execute(database.db);
    const pass = await app.modules.agents.runRollup();
    const kept = await ask(`/wps/agent/report/pnl?from=${week}&to=${today}&pageSize=20`);
    const other = day(end - (7 + k) * 86_400_000);
    const cold = await ask(`/wps/agent/report/pnl?from=${other}&to=${today}&pageSize=20`);
    liveRows.push(`| ${k} | ${pass.cells} | ${kept.toFixed(1)} | ${cold.toFixed(1)} |`);
  }
  await app.close();
  console.log(
    `\nAgent reports on PostgreSQL: team of ${MEMBERS.toLocaleString('en')} members (depth ${depth}), ` +
      `${BETS.toLocaleString('en')} bets over ${DAYS} days; generated in ${generated.toFixed(0)} s, ` +
      `roll-up first pass ${rollup.toFixed(0)} s (${rolled.cells.toLocaleString('en')} cells), idle pass ${idle.toFixed(0)} ms; ` +
      `${SECONDS} s per report, sequential requests through app.inject\n`,
  );
  console.log('| report | requests | first ms | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log(
    `\nP&L per member, first request after a roll-up pass over ${live} new rounds: the kept 7-day order brought ` +
      `forward against a period not asked before (computed cold)\n`,
  );
  console.log('| pass | cells written | kept order, first ms | cold, first ms |\n|---|---|---|---|');
  console.log(liveRows.join('\n'));
} finally {
  await database.close();
  // BENCH_KEEP=1 keeps the database for EXPLAIN and BENCH_DB (its name is printed); a reused one is kept.
  if (process.env.BENCH_KEEP || REUSE) console.log(`kept database ${name}`);
  else await admin.session((exec) => exec(`drop database if exists ${name} with (force)`));
  await admin.close();
}
