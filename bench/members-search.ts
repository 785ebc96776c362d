// The back office's member search over BENCH_SEARCH_MEMBERS (default 1,000,000 × BENCH_SCALE) members on PostgreSQL
// (npm run bench:backoffice runs it after the dashboard; npm run bench:members-search alone), in a database of
// its own (created, migrated, dropped). The members and their closure rows are written in bulk with SQL: 100 top
// agents, 1,000 sub-agents (10 under each), every other member under a sub-agent (a top agent's team ≈ 10,000,
// a sub-agent's ≈ 1,000); accounts are hex (uniform prefixes), mobiles +84 9xxxxxxxx. Then each search is asked
// through the full route stack (app.inject: staff session, permission, validation, SQL, presenter) BENCH_CALLS
// (default 200) times with a different value each call; p50/p95/p99 in ms. Host speed in the same run: the
// trivial-commit ceiling (one-row UPDATE per transaction, 4 clients, 3 s), as bench/README.md's other benches.
//   npm run bench:members-search   BENCH_PG_URL (else DATABASE_URL, TEST_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres); BENCH_KEEP=1
//                                  keeps the database (its name is printed) for EXPLAIN; BENCH_DB=<its name> runs
//                                  only the searches on it (migrated first)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 10)) throw new Error(`BENCH_SCALE must be in (0, 10], not ${process.env.BENCH_SCALE}`);
// Its own variable: BENCH_MEMBERS is the dashboard's (the members its bettors come from) in the combined run.
const MEMBERS = Number(process.env.BENCH_SEARCH_MEMBERS ?? Math.max(2_000, Math.round(1_000_000 * SCALE)));
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const PG_URL =
  process.env.BENCH_PG_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
// 100 top agents and 1,000 sub-agents at full scale (teams of ≈ 10,000 and ≈ 1,000), fewer on a smaller run.
const TOPS = Math.max(1, Math.round(100 * SCALE));
const SUBS = Math.max(TOPS, Math.round(1_000 * SCALE));

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const REUSE = process.env.BENCH_DB;
const name = REUSE ?? `sea_bench_members_${randomBytes(4).toString('hex')}`;
const admin = await openDatabase({ kind: 'postgres', url: PG_URL, poolSize: 1 });
if (!REUSE) await admin.session((exec) => exec(`create database ${name}`));
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
const db = database.db;
try {
  await migrate(database);
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  const merchant = (await app.modules.merchants.findByCode('demo'))!;

  // ---- 1,000,000 members and their closure rows, in bulk ----
  let t0 = performance.now();
  let generated = 0;
  let vacuumed = 0;
  let base: string;
  if (REUSE) {
    base = (
      await sql<{
        n: string;
      }>`select (min(id) - 1)::text as n from members where password_hash = 'bench-no-login'`.execute(db)
    ).rows[0]!.n;
  } else {
    base = (await sql<{ n: string }>`select coalesce(max(id), 0)::text as n from members`.execute(db)).rows[0]!.n;
    // Member i (1-based) gets id base + i: 1..TOPS top agents, then SUBS sub-agents, then players.
    await sql`
      insert into members (id, merchant_id, account, password_hash, type, country_dialing_code, mobile, upline_id,
                           rebate_point, created_at, created_ip, last_login_at, last_login_ip, affiliate_code)
      overriding system value
      select ${base}::bigint + i, ${merchant.id}, substr(md5(i::text), 1, 12) || 'b', 'bench-no-login',
             case when i <= ${TOPS + SUBS} then 1 else 0 end,
             '84', '9' || lpad(i::text, 8, '0'),
             case when i <= ${TOPS} then null
                  when i <= ${TOPS + SUBS} then ${base}::bigint + 1 + (i % ${TOPS})
                  else ${base}::bigint + ${TOPS} + 1 + (i % ${SUBS}) end,
             case when i <= ${TOPS} then 9 when i <= ${TOPS + SUBS} then 5 else 0 end,
             now() - (i % 1000) * interval '1 hour', '10.0.' || (i % 250) || '.' || (i % 199),
             now() - (i % 97) * interval '1 minute', '10.1.' || (i % 250) || '.' || (i % 193),
             case when i <= ${TOPS + SUBS} then upper(substr(md5('a' || i), 1, 10)) end
        from generate_series(1, ${MEMBERS}) i`.execute(db);
    await sql`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`.execute(db);
    // Closure rows: self, the upline (depth 1) and, for players, the sub-agent's upline (depth 2).
    await sql`
      insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select merchant_id, id, id, 0 from members where id > ${base}::bigint
      union all
      select merchant_id, upline_id, id, 1 from members where id > ${base}::bigint and upline_id is not null
      union all
      select m.merchant_id, u.upline_id, m.id, 2 from members m join members u on u.id = m.upline_id
       where m.id > ${base}::bigint and u.upline_id is not null`.execute(db);
    generated = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await sql`vacuum analyze`.execute(db); // as autovacuum would after the bulk load
    vacuumed = (performance.now() - t0) / 1000;
  }

  // ---- a staff member (auditor: members.view, no second factor) signed in through the API ----
  const password = `bench staff ${randomBytes(6).toString('hex')}`;
  const staff = `benchstaff${randomBytes(3).toString('hex')}`;
  await app.modules.admin.create({ merchantId: merchant.id, username: staff, password, role: 'auditor' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    headers: { merchant: 'demo' },
    payload: { username: staff, password },
  });
  const token = signIn.json().value.token as string;

  const id = (i: number) => BigInt(base) + BigInt(i);
  const pick = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
  const md5 = async (i: number) =>
    (await sql<{ a: string }>`select substr(md5(${String(i)}), 1, 12) || 'b' as a`.execute(db)).rows[0]!.a;
  const accounts = await Promise.all(Array.from({ length: 64 }, () => md5(pick(TOPS + SUBS + 1, MEMBERS))));
  const hex = '0123456789abcdef';
  const cases: [string, () => string][] = [
    ['username prefix, 1 character (≈ 1/16 of all)', () => `q=${hex[pick(0, 15)]}`],
    ['username prefix, 3 characters', () => `q=${accounts[pick(0, 63)]!.slice(0, 3)}`],
    ['username prefix, whole account', () => `q=${accounts[pick(0, 63)]}`],
    ['username prefix, page 50 of a 1-character prefix', () => `q=${hex[pick(0, 15)]}&pageNo=50`],
    ['mobile, whole number', () => `by=mobile&q=9${String(pick(1, MEMBERS)).padStart(8, '0')}`],
    ['mobile, last 6 digits', () => `by=mobile&q=${String(pick(1, 999_999)).padStart(6, '0')}`],
    ['id', () => `by=id&q=${id(pick(1, MEMBERS))}`],
    ['agent downline, top agent (≈ 10,000)', () => `by=agent&q=${'top'}${pick(1, TOPS)}`],
    ['agent downline, sub-agent (≈ 1,000)', () => `by=agent&q=${'sub'}${pick(TOPS + 1, TOPS + SUBS)}`],
    ['no filter (every member, first page)', () => `by=username`],
  ];
  // Agents are asked by account: map the placeholders to the generated accounts.
  const agentAccounts = new Map<number, string>();
  for (const i of [
    ...Array.from({ length: TOPS }, (_, k) => k + 1),
    ...Array.from({ length: SUBS }, (_, k) => TOPS + k + 1),
  ])
    agentAccounts.set(i, await md5(i));
  const resolve = (qs: string) =>
    qs.replace(/^by=agent&q=(top|sub)(\d+)$/, (_m, _k, n) => `by=agent&q=${agentAccounts.get(Number(n))}`);

  const rows: string[] = [];
  for (const [what, query] of cases) {
    const samples: number[] = [];
    let errors = 0;
    let total = 0;
    for (let k = 0; k < CALLS; k++) {
      const path = `/admin/api/members?${resolve(query())}`;
      const s = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}`, merchant: 'demo' },
      });
      samples.push(performance.now() - s);
      if (res.statusCode !== 200) errors++;
      else total += res.json().value.total as number;
    }
    samples.sort((a, b) => a - b);
    rows.push(
      `| ${what} | ${CALLS} | ${Math.round(total / CALLS).toLocaleString('en')} | ${quantile(samples, 0.5).toFixed(1)} | ` +
        `${quantile(samples, 0.95).toFixed(1)} | ${quantile(samples, 0.99).toFixed(1)} | ${errors} |`,
    );
  }

  // ---- host speed: the trivial-commit ceiling, 4 clients for 3 s ----
  await sql`create table if not exists trivial_counter (id int primary key, n bigint not null)`.execute(db);
  await sql`insert into trivial_counter values (1, 0) on conflict do nothing`.execute(db);
  let commits = 0;
  const stop = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < stop) {
        await db.transaction().execute((trx) => sql`update trivial_counter set n = n + 1 where id = 1`.execute(trx));
        commits++;
      }
    }),
  );
  await app.close();
  console.log(
    `\nMember search on PostgreSQL: ${MEMBERS.toLocaleString('en')} members of one merchant (+ the demo's), ` +
      (REUSE
        ? `on the kept database ${name}; `
        : `generated in ${generated.toFixed(0)} s, vacuum analyze ${vacuumed.toFixed(0)} s; `) +
      `${CALLS} sequential ` +
      `requests per case through app.inject, page size 20; host: trivial commits ${Math.round(commits / 3)} tx/s\n`,
  );
  console.log('| search | requests | mean total | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await database.close();
  if (process.env.BENCH_KEEP || REUSE) console.log(`kept database ${name}`);
  else await admin.session((exec) => exec(`drop database if exists ${name} with (force)`));
  await admin.close();
}
