// Settlement profile of one ELOTT draw (a working tool, not the issue's bench): a few orders placed through the
// service, then the bets multiplied in SQL to BENCH_BETS rows (same bet mix, members spread) so the settlement can be
// profiled without minutes of placing (BENCH_FILL=service: placed through the service as bench:lottery does, each
// order its own transaction); then one advance() with the time spent in each repository and ledger call and, on
// PostgreSQL, the server's WAL / checkpoint / buffer counters and the bet table's updates (HOT or not) around it.
//   node --import tsx bench/lottery-settle-profile.ts   BENCH_BETS (200000), BENCH_MEMBERS (10000),
//                                                       BENCH_PG_URL ('off' skips), BENCH_PGLITE ('off' skips),
//                                                       BENCH_FILL (sql | service), BENCH_CLIENTS (16),
//                                                       BENCH_BEFORE_SETTLE (a statement, e.g. 'checkpoint')
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { type AnyDb, tablesOf } from '../apps/server/src/db/schema.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/ledger-audit.repository.ts';
import { createFeedRepository } from '../apps/server/src/modules/lottery/feed.repository.ts';
import { createFeedService } from '../apps/server/src/modules/lottery/feed.service.ts';
import { createLotteryRepository } from '../apps/server/src/modules/lottery/lottery.repository.ts';
import { createLotteryService } from '../apps/server/src/modules/lottery/lottery.service.ts';
import type { LotteryTables } from '../apps/server/src/modules/lottery/lottery.tables.ts';
import { onPglite, onScratchPostgres } from './databases.ts';
import { lotteryBenchSetup } from './lottery-setup.ts';

const BETS = Number(process.env.BENCH_BETS ?? 200_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** 'sql': the five template bets multiplied in SQL (default); 'service': placed through placeBets like bench:lottery. */
const FILL = process.env.BENCH_FILL ?? 'sql';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
/** PostgreSQL: a statement run on the scratch database just before the settlement (e.g. 'checkpoint'). */
const BEFORE = process.env.BENCH_BEFORE_SETTLE;
const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const BET_MIX = [
  { code: 'ssc.position', selection: { positions: [ALL, [], [], [], []] } },
  { code: 'ssc.bsoe.sum', selection: { sides: ['big', 'odd'] } },
  {
    code: 'ssc.straight.2b',
    selection: {
      positions: [
        [1, 2, 3],
        [4, 5],
      ],
    },
  },
  { code: 'ssc.dragontiger', selection: { sides: ['dragon'] } },
  { code: 'ssc.group6.3f', selection: { digits: [1, 3, 5, 7] } },
];

function timed<T extends object>(name: string, target: T, into: Map<string, { ms: number; n: number }>): T {
  return new Proxy(target, {
    get(obj, prop, recv) {
      const v = Reflect.get(obj, prop, recv) as unknown;
      if (typeof v !== 'function') return v;
      return async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await (v as (...a: unknown[]) => unknown).apply(obj, args);
        } finally {
          const k = `${name}.${String(prop)}`;
          const e = into.get(k) ?? { ms: 0, n: 0 };
          e.ms += performance.now() - t0;
          e.n++;
          into.set(k, e);
        }
      };
    },
  });
}

async function profileOne(label: string, database: Database): Promise<void> {
  const { db, merchantId, members, ledger, merchants, merchant } = await lotteryBenchSetup(database, 'prof', MEMBERS);
  let now = Date.now();
  const times = new Map<string, { ms: number; n: number }>();
  const ldb = tablesOf<LotteryTables>(db);
  const clock = () => new Date(now);
  // The feed lotteries' service answers the bet checks of every game kind (ELOTT games check with their engine).
  const feed = createFeedService({ db: ldb, repo: createFeedRepository(ldb), ledger, merchants, clock });
  const lottery = createLotteryService({
    db: ldb,
    repo: timed('repo', createLotteryRepository(ldb), times),
    ledger: timed('ledger', ledger, times),
    merchants,
    feed,
    clock,
  });
  await lottery.seedDemo(merchant);
  await sql`update lottery_games set max_number_stake = 1000000000000000 where merchant_id = ${merchantId}`.execute(db);
  await lottery.schedule();
  const game = await lottery.gameInfo(merchant, 'elott-ssc-5m');
  const t0 = performance.now();
  if (FILL === 'service') {
    // As bench:lottery: orders of 50 bets by CLIENTS concurrent clients, each order its own transaction.
    const orders = Math.ceil(BETS / 50);
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (;;) {
          const i = next++;
          if (i >= orders) return;
          const n = Math.min(50, BETS - i * 50);
          await lottery.placeBets(merchant, members[i % members.length]!, {
            gameCode: 'elott-ssc-5m',
            issueId: game.current.issueId,
            requestId: randomUUID(),
            bets: Array.from({ length: n }, (_, k) => ({ ...BET_MIX[k % BET_MIX.length]!, unitStake: '100' })),
          });
        }
      }),
    );
  } else {
    await lottery.placeBets(merchant, members[0]!, {
      gameCode: 'elott-ssc-5m',
      issueId: game.current.issueId,
      requestId: randomUUID(),
      bets: BET_MIX.map((b) => ({ ...b, unitStake: '100' })),
    });
    // Multiply the five template bets to BETS rows over the members (in chunks: PGlite holds it all in memory).
    for (let from = 1; from <= BETS; from += 100_000) {
      const to = Math.min(BETS, from + 99_999);
      await sql`
        insert into lottery_bets (merchant_id, member_id, order_id, issue_pk, reference, code, selection, describe,
                                  units, unit_stake, charge)
        select t.merchant_id, (${sql.raw(`array[${members.join(',')}]::int8[]`)})[1 + (g / 50) % ${MEMBERS}],
               t.order_id, t.issue_pk, 'LBP' || g, t.code, t.selection, t.describe, t.units, t.unit_stake, t.charge
        from generate_series(${from}::int, ${to}::int) g
        join (select *, row_number() over (order by id) - 1 as k from lottery_bets where merchant_id = ${merchantId}
              and reference not like 'LBP%') t on t.k = g % 5`.execute(db);
    }
    await sql`delete from lottery_bets where merchant_id = ${merchantId} and reference not like 'LBP%'`.execute(db);
    if (database.kind === 'postgres') await sql`vacuum analyze lottery_bets`.execute(db);
  }
  console.log(`${label}: ${BETS} bets (${FILL}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (database.kind === 'postgres' && BEFORE) await sql.raw(BEFORE).execute(db);
  if (database.kind === 'postgres' && process.env.BENCH_EXPLAIN) {
    // The settlement's read of the bets (settleMembers' grouping) on the fresh rows, before the measured run (which
    // then reads pages whose hint bits this pass has set).
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain (analyze, buffers)
      select b.member_id, min(b.merchant_id), count(*), sum(b.charge), sum(k.payout)
      from lottery_bets b
      join lottery_issue_kinds k
        on k.issue_pk = b.issue_pk and k.code = b.code and k.unit_stake = b.unit_stake and k.selection = b.selection
      where b.issue_pk = (select i.id from lottery_issues i join lottery_games g on g.id = i.game_id
                          where g.merchant_id = ${merchantId} and g.game_code = 'elott-ssc-5m'
                            and i.issue_id = ${game.current.issueId})
        and b.status <> 'refunded'
      group by b.member_id`.execute(db);
    console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
  const stats0 = database.kind === 'postgres' ? await pgStats(db) : null;
  times.clear();
  now = Date.parse(game.current.drawsAt) + 1000;
  const s0 = performance.now();
  await lottery.advance();
  const settle = (performance.now() - s0) / 1000;
  const issue = await lottery.issueInfo(merchant, 'elott-ssc-5m', game.current.issueId);
  if (issue.status !== 'settled' || issue.totals?.bets !== BETS)
    throw new Error(`not settled: ${JSON.stringify(issue)}`);
  const audit = await auditLedger(db);
  if (!audit.ok) throw new Error(`ledger audit: ${JSON.stringify(audit.problems).slice(0, 500)}`);
  console.log(
    `${label}: settle ${settle.toFixed(2)} s, winners ${issue.totals.winners}, payout ${issue.totals.payout}`,
  );
  for (const [k, v] of [...times].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${k.padEnd(32)} ${(v.ms / 1000).toFixed(2).padStart(7)} s  ×${v.n}`);
  if (stats0) {
    // Server-wide counters (other sessions' work counts too), and the bet table's own.
    const stats1 = await pgStats(db);
    console.log(
      '  server/bets during the settlement:',
      Object.entries(stats1)
        .map(([k, v]) => `${k} ${typeof v === 'number' ? v - (stats0[k] as number) : v}`)
        .join(', '),
    );
  }
}

/** WAL, checkpoints and buffers of the server, and the bet table's updates (HOT or not) — numbers to subtract. */
async function pgStats(db: AnyDb): Promise<Record<string, number>> {
  const r = await sql<Record<string, string>>`
    select w.wal_records, w.wal_fpi, w.wal_bytes, b.checkpoints_timed + b.checkpoints_req as checkpoints,
           b.buffers_checkpoint, b.buffers_clean, b.buffers_backend, t.n_tup_upd, t.n_tup_hot_upd,
           (select sum(heap_blks_read) from pg_statio_user_tables) as heap_blks_read
    from pg_stat_wal w, pg_stat_bgwriter b, pg_stat_user_tables t where t.relname = 'lottery_bets'`.execute(db);
  return Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, Number(v)]));
}

if (process.env.BENCH_PGLITE !== 'off') await onPglite((d) => profileOne('PGlite', d));
if (PG_URL !== 'off') await onScratchPostgres(PG_URL, 8, (d) => profileOne('PostgreSQL', d));
