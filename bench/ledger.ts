// Ledger throughput: debits/s and latency of the ledger with 10,000 wallets and 16 concurrent clients, on the
// embedded database (PGlite) and on PostgreSQL, against a naive 5-statement interactive transaction measured
// in the same run on the same database (this machine is noisy: compare ratios).
//   npm run bench:ledger      BENCH_SECONDS (default 10), BENCH_CLIENTS (16), BENCH_WALLETS (10000),
//                             BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; 'off' to skip)
//                             BENCH_IN_FLIGHT (PostgreSQL: batches in flight of the "before" rows, default 4)
//                             BENCH_PGLITE ('off' skips it)
//                             BENCH_ROWS (a comma list of the rows to run: naive, before, grouped, several, single,
//                             single-runs, ceiling, rounds; default all; e.g. 'ceiling,grouped,rounds' for an A/B)
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { onPglite, onScratchPostgres } from './databases.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { AnyDb } from '../apps/server/src/db/schema.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/ledger-audit.repository.ts';
import { createLedgerModule, memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';
import { createLedgerRepository } from '../apps/server/src/modules/ledger/ledger.repository.ts';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const WALLETS = Number(process.env.BENCH_WALLETS ?? 10_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = process.env.BENCH_ROWS ? new Set(process.env.BENCH_ROWS.split(',').map((r) => r.trim())) : null;
const runs = (row: string) => ROWS === null || ROWS.has(row);

interface Figures {
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function setUp(db: AnyDb): Promise<{ merchantId: bigint; members: bigint[] }> {
  const { id: merchantId } = await db
    .insertInto('merchants')
    .values({
      code: `bench${randomBytes(3).toString('hex')}`,
      name: 'Bench',
      currency: 'VND',
      currency_exponent: 0,
      default_language: 'en',
      languages: ['en'],
      timezone: 'UTC',
      status: 'active',
      customer_service_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into members (merchant_id, account, password_hash)
            select ${merchantId}, 'bench' || g, 'x' from generate_series(1, ${WALLETS}) g`.execute(db);
  const members = (
    await db.selectFrom('members').select('id').where('merchant_id', '=', merchantId).orderBy('id').execute()
  ).map((r) => r.id);
  const ledger = createLedgerModule({ db });
  for (let i = 0; i < members.length; i += 1000) {
    const chunk = members.slice(i, i + 1000);
    await ledger.postOrThrow({
      merchantId,
      currency: 'VND',
      scope: 'bench-setup',
      key: `fund:${i}`,
      kind: 'adjustment',
      legs: chunk.map((m) => ({
        debit: systemAccount('adjustments', m),
        credit: memberMain(m),
        amount: 1_000_000_000n,
        code: 'adjustment',
      })),
    });
  }
  // The naive baseline's own tables: a balance column per wallet and a transfers table.
  await sql`create table if not exists naive_wallets (id bigint primary key, balance bigint not null check (balance >= 0))`.execute(
    db,
  );
  await sql`create table if not exists naive_transfers (id bigserial primary key, idem_key text unique not null, from_id bigint not null, to_id bigint not null, amount bigint not null, created_at timestamptz not null default now())`.execute(
    db,
  );
  await sql`insert into naive_wallets (id, balance) select id, 1000000000 from members where merchant_id = ${merchantId} on conflict do nothing`.execute(
    db,
  );
  await sql`insert into naive_wallets (id, balance) values (0, 0) on conflict do nothing`.execute(db);
  return { merchantId, members };
}

/** The ledger service on the 0009 function (ledger_post_batch_0009): the "before" of the same run. */
async function rowByRowLedger(db: AnyDb, maxInFlight: number) {
  const file = new URL('../apps/server/src/db/migrations/0009_ledger.sql', import.meta.url);
  const text = readFileSync(file, 'utf8');
  const fn = text.slice(text.indexOf('create function ledger_post_batch('), text.lastIndexOf('$$;') + 3);
  await sql
    .raw(fn.replace('create function ledger_post_batch(', 'create or replace function ledger_post_batch_0009('))
    .execute(db);
  return ledgerOnFunction(db, 'ledger_post_batch_0009', { maxInFlight });
}

/** The ledger service calling another SQL function with the same contract as ledger_post_batch. */
function ledgerOnFunction(db: AnyDb, fn: string, opts: { maxInFlight: number; maxBatch?: number }) {
  const repo = createLedgerRepository(db as never);
  const other = {
    ...repo,
    async postBatch<P, R>(_executor: AnyDb | undefined, batch: P[]): Promise<R[]> {
      const { rows } = await sql<{
        r: R[];
      }>`select ${sql.raw(fn)}(${JSON.stringify(batch)}::jsonb) as r`.execute(db);
      return rows[0]!.r;
    },
  };
  return createLedgerService({ repo: other, ...opts });
}

async function drive(op: (i: number) => Promise<boolean>, clients = CLIENTS): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const i = next++;
        const t0 = performance.now();
        if (!(await op(i))) failed++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { ops: latencies.length, perSecond: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), failed };
}

async function benchOne(label: string, database: Database): Promise<string[]> {
  const db = database.db;
  await migrate(database);
  const { merchantId, members } = await setUp(db);
  const pglite = database.kind === 'pglite';
  // The server's setting: one batch of up to 256 posts in flight (the default of the ledger module).
  const grouped = createLedgerModule({ db });
  const single = createLedgerModule({ db, maxInFlight: CLIENTS, maxBatch: 1 });
  // PostgreSQL: the server's setting until this change, four batches of up to 64 in flight (BENCH_IN_FLIGHT).
  const maxInFlight = pglite ? 1 : Number(process.env.BENCH_IN_FLIGHT ?? 4);
  const several = pglite ? null : createLedgerModule({ db, maxInFlight, maxBatch: 64 });
  // Before: the row-by-row function of migration 0009, installed under another name, behind the same service.
  const before = await rowByRowLedger(db, maxInFlight);
  // One journal per transaction on the set-based function of 0017 (ledger_post_batch_runs since 0026), without the
  // single-post path: the "before" of that row.
  const singleRuns = ledgerOnFunction(db, 'ledger_post_batch_runs', { maxInFlight: CLIENTS, maxBatch: 1 });
  const run = randomBytes(3).toString('hex');
  const pick = (i: number) => members[(((i * 7919) % members.length) + members.length) % members.length]!;

  // The ledger: a debit (member wallet → a house shard) per post; warm-up first.
  const ledgerOp = (ledger: Pick<typeof grouped, 'post'>, tag: string) => async (i: number) => {
    const m = pick(i);
    const r = await ledger.post({
      merchantId,
      currency: 'VND',
      scope: 'bench',
      key: `${run}:${tag}:${i}`,
      kind: 'bet',
      memberId: m,
      legs: [{ debit: memberMain(m), credit: systemAccount('house', m), amount: 1n, code: 'bet' }],
    });
    return r.ok;
  };
  // A game round as games post it: the bet (a debit of 10), then the win (a credit of a random 1..20).
  const roundOp = (ledger: Pick<typeof grouped, 'post'>, tag: string) => async (i: number) => {
    const m = pick(i);
    const bet = await ledger.post({
      merchantId,
      currency: 'VND',
      scope: 'bench',
      key: `${run}:${tag}:${i}:bet`,
      kind: 'bet',
      memberId: m,
      legs: [{ debit: memberMain(m), credit: systemAccount('house', m), amount: 10n, code: 'bet' }],
    });
    if (!bet.ok) return false;
    const win = BigInt(1 + Math.floor(Math.random() * 20));
    const r = await ledger.post({
      merchantId,
      currency: 'VND',
      scope: 'bench',
      key: `${run}:${tag}:${i}:win`,
      kind: 'win',
      memberId: m,
      legs: [{ debit: systemAccount('house', m), credit: memberMain(m), amount: win, code: 'win' }],
    });
    return r.ok;
  };
  for (let i = 0; i < 200; i++) await ledgerOp(single, 'w')(i);

  // The naive way: an interactive transaction of five statements (begin, lock+read, debit, credit, insert, commit).
  const naiveOp = async (i: number) => {
    const m = pick(i);
    return db.transaction().execute(async (trx) => {
      const w = await sql<{ balance: bigint }>`select balance from naive_wallets where id = ${m} for update`.execute(
        trx,
      );
      if ((w.rows[0]?.balance ?? 0n) < 1n) return false;
      await sql`update naive_wallets set balance = balance - 1 where id = ${m}`.execute(trx);
      await sql`update naive_wallets set balance = balance + 1 where id = 0`.execute(trx);
      await sql`insert into naive_transfers (idem_key, from_id, to_id, amount) values (${`${run}:${i}`}, ${m}, 0, 1)`.execute(
        trx,
      );
      return true;
    });
  };

  // The ceiling of the machine: a trivial one-row UPDATE per transaction (a commit and little else), 4 clients.
  await sql`create table if not exists trivial_counter (id int primary key, n bigint not null)`.execute(db);
  await sql`insert into trivial_counter values (1, 0) on conflict do nothing`.execute(db);
  // CPU per operation of each row, which a loaded host does not inflate the way it does throughput: this Node
  // process (with PGlite, the database too) and, on PostgreSQL, the backends of this database (the scheduler's time
  // on a CPU from /proc/<pid>/schedstat; the server must run on this machine, else the column reads 0).
  const backendCpu = async (): Promise<Map<number, number>> => {
    const out = new Map<number, number>();
    if (pglite) return out;
    const { rows } = await sql<{
      pid: number;
    }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
    for (const { pid } of rows) {
      try {
        out.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
      } catch {
        // not on this machine
      }
    }
    return out;
  };
  const cpuNotes: string[] = [];
  const measure = async (name: string, op: (i: number) => Promise<boolean>, clients = CLIENTS, perOp = 1) => {
    if (!runs(name)) return null;
    const b0 = await backendCpu();
    const n0 = process.cpuUsage();
    const f = await drive(op, clients);
    const n1 = process.cpuUsage(n0);
    const b1 = await backendCpu();
    let backend = 0;
    for (const [pid, ms] of b1) backend += ms - (b0.get(pid) ?? 0);
    const ops = f.ops * perOp;
    cpuNotes.push(
      `${name} ${((n1.user + n1.system) / 1000 / ops).toFixed(3)}${pglite ? '' : ` + ${(backend / ops).toFixed(3)}`}`,
    );
    return f;
  };
  const trivialFigures = await measure(
    'ceiling',
    async () => (await sql`update trivial_counter set n = n + 1 where id = 1`.execute(db), true),
    Math.min(4, CLIENTS),
  );
  const naiveFigures = await measure('naive', naiveOp);
  const beforeFigures = await measure('before', ledgerOp(before, 'b'));
  const groupedFigures = await measure('grouped', ledgerOp(grouped, 'g'));
  const severalFigures = several ? await measure('several', ledgerOp(several, 'o')) : null;
  const singleFigures = await measure('single', ledgerOp(single, 's'));
  const singleRunsFigures = await measure('single-runs', ledgerOp(singleRuns, 'sr'));
  // Each round is two posts (bet, win): posts/s = 2 × rounds/s; latency is the round's.
  const mixFigures = await measure('rounds', roundOp(grouped, 'm'), CLIENTS, 2);

  const audit = await auditLedger(db);
  if (!audit.ok) throw new Error(`audit failed after the bench: ${audit.problems.join('\n')}`);
  console.log(
    `${label}: CPU ms per post (${pglite ? 'this process, with the database' : 'this process + the database backends'}): ${cpuNotes.join(', ')}`,
  );
  const row = (name: string, f: Figures | null, base: Figures | null, perOp = 1) =>
    f === null
      ? []
      : [
          `| ${label} | ${name} | ${Math.round(f.perSecond * perOp).toLocaleString('en')} | ${base ? ((f.perSecond * perOp) / base.perSecond).toFixed(2) : '–'} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.failed} |`,
        ];
  const inFlight = (k: number) => `${k} batch${k > 1 ? 'es' : ''} in flight`;
  return [
    ...row(
      'ledger, set-based, grouped commits (1 batch in flight, ≤ 256 posts: the server)',
      groupedFigures,
      naiveFigures,
    ),
    ...row(`before: grouped commits, ${inFlight(maxInFlight)}, ≤ 64 posts`, severalFigures, naiveFigures),
    ...row('ledger, one journal per transaction (single-post path, 0026)', singleFigures, naiveFigures),
    ...row('before: one journal per transaction on the set-based function (0017)', singleRunsFigures, naiveFigures),
    ...row(`before: row-by-row function of 0009, grouped (${inFlight(maxInFlight)})`, beforeFigures, naiveFigures),
    ...row('naive 5-statement transaction', naiveFigures, naiveFigures),
    ...row(
      `ceiling: trivial one-row UPDATE per transaction (${Math.min(4, CLIENTS)} clients)`,
      trivialFigures,
      naiveFigures,
    ),
    ...row(`bet + win rounds, grouped (posts/s; latency per round)`, mixFigures, naiveFigures, 2),
  ];
}

const rows: string[] = [];
if (process.env.BENCH_PGLITE !== 'off')
  rows.push(...(await onPglite((database) => benchOne('PGlite (embedded)', database))));
if (PG_URL !== 'off')
  rows.push(...(await onScratchPostgres(PG_URL, Math.min(CLIENTS, 20), (db) => benchOne('PostgreSQL', db))));
console.log(
  `\nLedger debits, ${WALLETS.toLocaleString('en')} wallets, ${CLIENTS} concurrent clients, ${SECONDS} s each; audit clean after each run\n`,
);
console.log('| database | method | debits/s | vs naive | p50 ms | p99 ms | refused |\n|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
