// Back office on PostgreSQL (issue 22): both of the figures in one run — the dashboard of a merchant with
// 10,000,000 bet records, then the member search over 1,000,000 members (bench/members-search.ts, run after it).
// BENCH_SCALE (default 1) scales every size of both (0.01 = 100,000 bet records and 10,000 members to search: a quick
// check that the whole bench runs); each size's own variable still wins.
//
// The dashboard of a merchant with BENCH_BETS (default 10,000,000 × scale) bet records over BENCH_DAYS (default 60)
// days, on a scratch database created and dropped by the bench:
//   - the bet records are written in bulk with SQL (generate_series, in chunks of 1,000,000): rounds of the demo
//     merchant's catalogue games (every category), played by ~BENCH_BETS / BENCH_DAYS / BENCH_BETS_PER_PLAYER_DAY
//     members a day out of BENCH_MEMBERS (default 100,000 × scale) registered over the period; BENCH_DEPOSITS
//     (300,000 × scale) deposits and BENCH_WITHDRAWALS (50,000 × scale) withdrawals spread over it;
//   - the agents' member-day cells (where the dashboard's active players come from) are filled by one INSERT …
//     SELECT with the agent-rollup job's definition (settled bets by bet day), since the generated rounds carry no
//     wallet calls for the job to find; the dashboard's own roll-up is built by its real recount
//     (dashboard.rebuildRollup, timed), then an incremental pass after 1,000 new rounds (timed);
//   - GET /admin/api/dashboard for today, 7, 30 and 92 days through the full route stack (app.inject: staff session,
//     permission, SQL, presenter), sequential requests for BENCH_SECONDS (default 10) each; p50/p95/p99 in ms; the
//     30-day totals are checked against a direct sum over the bet records;
//   - the host's speed in the same run: the trivial-commit ceiling (a one-row UPDATE per transaction, 4 clients).
//   npm run bench:backoffice   BENCH_PG_URL (else DATABASE_URL, TEST_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SCALE=0.01 BENCH_SECONDS=2 BENCH_CALLS=20 npm run bench:backoffice   a small run of both parts
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { onScratchPostgres, trivialCommitCeiling } from './databases.ts';

const PG_URL =
  process.env.BENCH_PG_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 10)) throw new Error(`BENCH_SCALE must be in (0, 10], not ${process.env.BENCH_SCALE}`);
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const BETS = Number(process.env.BENCH_BETS ?? scaled(10_000_000));
const DAYS = Number(process.env.BENCH_DAYS ?? 60);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? Math.max(1_000, scaled(100_000)));
const PER_PLAYER_DAY = Number(process.env.BENCH_BETS_PER_PLAYER_DAY ?? 200);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? scaled(300_000));
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? scaled(50_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHUNK = 1_000_000;
const DAY_MS = 86_400_000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(0);
const log = (line: string) => console.error(`[backoffice] ${new Date().toISOString().slice(11, 19)} ${line}`);

interface Figures {
  count: number;
  first: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function sample(seconds: number, once: () => Promise<boolean>): Promise<Figures> {
  const samples: number[] = [];
  let errors = 0;
  const stop = performance.now() + seconds * 1000;
  while (performance.now() < stop) {
    const s = performance.now();
    if (!(await once())) errors++;
    samples.push(performance.now() - s);
  }
  const first = samples[0]!;
  samples.sort((a, b) => a - b);
  return {
    count: samples.length,
    first,
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    p99: quantile(samples, 0.99),
    errors,
  };
}

async function generate(database: Database, merchantId: bigint, start: Date) {
  const db = database.db;
  const players = Math.max(1, Math.ceil(BETS / DAYS / PER_PLAYER_DAY));
  let t0 = performance.now();
  // Members registered over the period (registrations per day), contiguous ids from one statement.
  await sql`insert into members (merchant_id, account, password_hash, created_at)
            select ${merchantId}, 'bo' || g, 'x', ${start}::timestamptz + ((g % ${DAYS}) || ' days')::interval
                   + (((g * 7919) % 86400) || ' seconds')::interval
              from generate_series(1, ${MEMBERS}) g`.execute(db);
  const { m0 } = (
    await sql<{
      m0: string;
    }>`select min(id) as m0 from members where merchant_id = ${merchantId} and account like 'bo%'`.execute(db)
  ).rows[0]!;
  log(`${MEMBERS.toLocaleString('en')} members in ${seconds(t0)} s`);

  // Bet records: day d = i mod DAYS; that day's players are `players` members picked by a stride; stakes 1.00–50.00,
  // payouts 0–1.9× the stake (RTP ≈ 95 %); one round in 200 still open (counts for nothing).
  t0 = performance.now();
  for (let from = 1; from <= BETS; from += CHUNK) {
    const to = Math.min(BETS, from + CHUNK - 1);
    await sql`
      with g as (select array_agg(id order by id) as ids, array_agg(vendor_code order by id) as vendors
                   from games where merchant_id = ${merchantId})
      insert into game_rounds (merchant_id, vendor_code, member_id, game_id, round_ref, status, stake, payout,
                               started_at, settled_at)
      select ${merchantId}, g.vendors[1 + (i * 31) % cardinality(g.ids)], m.member, g.ids[1 + (i * 31) % cardinality(g.ids)],
             'bo' || i, case when i % 200 = 0 then 'open' else 'settled' end, s.stake,
             case when i % 200 = 0 then 0 else s.stake * ((i * 7) % 20) / 10 end, t.at,
             case when i % 200 = 0 then null else t.at + interval '20 seconds' end
        from generate_series(${from}::bigint, ${to}::bigint) i
       cross join g
       cross join lateral (select (100 + (i * 13) % 4900)::bigint as stake) s
       cross join lateral (select ${m0}::bigint + ((i % ${DAYS}) * 104729 + ((i / ${DAYS}) % ${players}) * 7919)
                                  % ${MEMBERS} as member) m
       cross join lateral (select ${start}::timestamptz + ((i % ${DAYS}) || ' days')::interval
                                  + (((i * 37) % 86300) || ' seconds')::interval as at) t`.execute(db);
    log(`bet records ${to.toLocaleString('en')} / ${BETS.toLocaleString('en')} (${seconds(t0)} s)`);
  }
  const betSeconds = (performance.now() - t0) / 1000;

  // Deposits (90 % credited, the rest pending bank transfers) and withdrawals (paid out) over the period.
  t0 = performance.now();
  await sql`
    with m as (select id, kind from deposit_methods where merchant_id = ${merchantId} order by id limit 1)
    insert into deposits (merchant_id, member_id, method_id, kind, amount, currency, status, request_id, order_ref,
                          reference, journal_id, created_at, completed_at)
    select ${merchantId}, ${m0}::bigint + (i * 7919) % ${MEMBERS}, m.id, m.kind, 10000 + (i * 17) % 990000, 'PHP',
           case when i % 10 = 0 then 'pending' else 'success' end, 'bo' || i, 'BO' || i, 'DEP-BO' || i,
           case when i % 10 = 0 then null else i end, t.at, case when i % 10 = 0 then null else t.at end
      from generate_series(1::bigint, ${DEPOSITS}) i cross join m
     cross join lateral (select ${start}::timestamptz + ((i % ${DAYS}) || ' days')::interval
                                + (((i * 53) % 86300) || ' seconds')::interval as at) t`.execute(db);
  const banks = Math.min(MEMBERS, 20_000);
  await sql`insert into member_bank_accounts (merchant_id, member_id, bank_name, account_number, account_name)
            select ${merchantId}, ${m0}::bigint + g, 'BDO', lpad(g::text, 10, '0'), 'Bench Member'
              from generate_series(0, ${banks - 1}) g`.execute(db);
  await sql`
    insert into withdrawals (merchant_id, member_id, request_id, bank_account_id, bank_name, account_number,
                             account_name, amount, currency, status, hold_transfer_id, reference, created_at,
                             approved_at, disbursed_at)
    select ${merchantId}, b.member_id, 'bo' || i, b.id, b.bank_name, b.account_number, b.account_name,
           10000 + (i * 29) % 490000, 'PHP', 'confirmed', i, 'WDR-BO' || i, t.at, t.at, t.at + interval '1 hour'
      from generate_series(1::bigint, ${WITHDRAWALS}) i
      join member_bank_accounts b on b.member_id = ${m0}::bigint + i % ${banks} and b.merchant_id = ${merchantId}
     cross join lateral (select ${start}::timestamptz + ((i % ${DAYS}) || ' days')::interval
                                + (((i * 61) % 80000) || ' seconds')::interval as at) t`.execute(db);
  log(`deposits and withdrawals in ${seconds(t0)} s`);
  return { players, betSeconds };
}

await onScratchPostgres(PG_URL, 10, async (database) => {
  const db = database.db;
  await migrate(database);
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  try {
    const merchant = (await app.modules.merchants.findByCode('demo'))!;
    // Local days of the merchant (Asia/Manila, UTC+8) ending today; the bets start at the first day's midnight.
    const tz = merchant.timezone;
    const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const firstDay = dayOf(Date.parse(`${localToday}T00:00:00Z`) - (DAYS - 1) * DAY_MS);
    const start = new Date(
      (await sql<{ at: Date }>`select (${firstDay}::date::timestamp at time zone ${tz}) as at`.execute(db)).rows[0]!.at,
    );

    const t0 = performance.now();
    const { players, betSeconds } = await generate(database, merchant.id, start);
    const generated = (performance.now() - t0) / 1000;
    // As autovacuum would after a bulk load: the planner's statistics, and the visibility map for index-only reads.
    await sql`vacuum analyze`.execute(db);

    // The agents' member-day cells as the agent-rollup job defines them (settled bets by local bet day).
    let t1 = performance.now();
    const cells = await sql`
      insert into agent_daily_stats (merchant_id, day, member_id, valid_bet, stake, payout, bet_count)
      select merchant_id, (started_at at time zone ${tz})::date, member_id,
             sum(least(coalesce(valid_bet, stake), stake)), sum(stake), sum(payout), count(*)
        from game_rounds where merchant_id = ${merchant.id} and round_ref like 'bo%' and status = 'settled'
       group by 1, 2, 3
      on conflict do nothing`.execute(db);
    const cellSeconds = (performance.now() - t1) / 1000;
    log(`${Number(cells.numAffectedRows ?? 0n).toLocaleString('en')} member-day cells in ${cellSeconds.toFixed(0)} s`);

    // The dashboard's roll-up: its own recount of every day (one statement over the period's bet records).
    t1 = performance.now();
    const rebuilt = await app.modules.dashboard.rebuildRollup(merchant, firstDay, localToday);
    const rebuildSeconds = (performance.now() - t1) / 1000;
    log(`dashboard roll-up of ${rebuilt.days} days in ${rebuildSeconds.toFixed(0)} s`);
    await sql`vacuum analyze`.execute(db);

    // An incremental pass as the job runs it: 1,000 new rounds today (with their wallet calls), then a pass with
    // nothing new. The first pass of a fresh installation also reads every wallet call once (the demo seed's).
    await app.modules.dashboard.runRollup();
    await sql`
      with r as (insert into game_rounds (merchant_id, vendor_code, member_id, game_id, round_ref, status, stake,
                                          payout, started_at, settled_at)
                 select ${merchant.id}, g.vendor_code, m.id, g.id, 'live' || i, 'settled', 1000, 500, now(), now()
                   from generate_series(1, 1000) i
                   join lateral (select id from members where merchant_id = ${merchant.id} and account = 'bo' || i) m on true
                   join lateral (select id, vendor_code from games where merchant_id = ${merchant.id}
                                  order by id limit 1) g on true
                 returning id, member_id, vendor_code, stake)
      insert into game_transactions (merchant_id, vendor_code, member_id, tx_ref, kind, round_id, amount, status,
                                     request_hash)
      select ${merchant.id}, vendor_code, member_id, 'tlive' || id, 'bet', id, stake, 'applied', 'generated' from r`.execute(
      db,
    );
    t1 = performance.now();
    const pass = await app.modules.dashboard.runRollup();
    const passMs = performance.now() - t1;
    t1 = performance.now();
    await app.modules.dashboard.runRollup();
    const idleMs = performance.now() - t1;

    // A staff member allowed to view the dashboard (the auditor role: read-only, no two-factor needed).
    const password = 'bench staff password 1';
    await app.modules.admin.create({ merchantId: merchant.id, username: 'benchviewer', password, role: 'auditor' });
    const login = await app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      headers: { merchant: 'demo' },
      payload: { username: 'benchviewer', password },
    });
    const token = login.json().value?.token as string | undefined;
    if (!token) throw new Error(`login: ${login.body}`);
    const ask = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/admin/api/dashboard?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });

    // The 30-day figures against a direct sum over the bet records.
    const month = dayOf(Date.parse(`${localToday}T00:00:00Z`) - 29 * DAY_MS);
    const thirty = (await ask(`from=${month}&to=${localToday}`)).json().value;
    const direct = (
      await sql<{ bets: string; wins: string }>`
        select sum(stake) as bets, sum(payout) as wins from game_rounds
         where merchant_id = ${merchant.id} and status = 'settled'
           and started_at >= (${month}::date::timestamp at time zone ${tz})
           and started_at < ((${localToday}::date + 1)::timestamp at time zone ${tz})`.execute(db)
    ).rows[0]!;
    const lottery = (
      await sql<{ bets: string | null }>`select sum(charge) as bets from lottery_bet_outcomes
        where merchant_id = ${merchant.id} and status not in ('placed', 'refunded')
          and created_at >= (${month}::date::timestamp at time zone ${tz})
          and created_at < ((${localToday}::date + 1)::timestamp at time zone ${tz})`.execute(db)
    ).rows[0]!;
    const expected = BigInt(direct.bets) + BigInt(lottery.bets ?? 0);
    if (BigInt(thirty.totals.bets) !== expected)
      throw new Error(`30-day bets ${thirty.totals.bets} ≠ bet records ${expected}`);

    const week = dayOf(Date.parse(`${localToday}T00:00:00Z`) - 6 * DAY_MS);
    const quarter = dayOf(Date.parse(`${localToday}T00:00:00Z`) - 91 * DAY_MS);
    const cases: [string, string][] = [
      ['today', `from=${localToday}&to=${localToday}`],
      ['7 days', `from=${week}&to=${localToday}`],
      ['30 days', `from=${month}&to=${localToday}`],
      ['92 days (the longest range)', `from=${quarter}&to=${localToday}`],
    ];
    const rows: string[] = [];
    for (const [what, query] of cases) {
      const f = await sample(SECONDS, async () => (await ask(query)).statusCode === 200);
      rows.push(
        `| ${what} | ${f.count} | ${f.first.toFixed(1)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ` +
          `${f.p99.toFixed(1)} | ${f.errors} |`,
      );
      log(`${what}: p95 ${f.p95.toFixed(1)} ms`);
    }
    const ceiling = await trivialCommitCeiling(database);
    const load = (await import('node:os')).loadavg()[0]!.toFixed(1);

    console.log(
      `\nDashboard on PostgreSQL: ${BETS.toLocaleString('en')} bet records over ${DAYS} days ` +
        `(~${players.toLocaleString('en')} players a day of ${MEMBERS.toLocaleString('en')} members), ` +
        `${DEPOSITS.toLocaleString('en')} deposits, ${WITHDRAWALS.toLocaleString('en')} withdrawals; generated in ` +
        `${generated.toFixed(0)} s (bet records ${betSeconds.toFixed(0)} s), member-day cells ${cellSeconds.toFixed(0)} s, ` +
        `dashboard roll-up rebuild ${rebuildSeconds.toFixed(0)} s (${rebuilt.days} days); incremental pass after ` +
        `1,000 new rounds ${passMs.toFixed(0)} ms (${pass.days} days recounted: bets, money), idle pass ${idleMs.toFixed(0)} ms; ` +
        `30-day bets ${thirty.totals.bets} = the bet records' sum; ${SECONDS} s per range, sequential requests ` +
        `through app.inject; load average ${load}\n`,
    );
    console.log('| range | requests | first ms | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|');
    console.log(rows.join('\n'));
    console.log(
      `\nHost speed in the same run (trivial-commit ceiling: one-row UPDATE per transaction, 4 clients): ` +
        `${Math.round(ceiling.perSecond).toLocaleString('en')} tx/s, p50 ${ceiling.p50.toFixed(2)} ms, p99 ${ceiling.p99.toFixed(2)} ms`,
    );
  } finally {
    await app.close();
  }
});

// The other figure: the member search over 1,000,000 members (× BENCH_SCALE), on a database of its own.
log('member search');
await import('./members-search.ts');
