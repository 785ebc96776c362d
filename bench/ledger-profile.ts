// Profile of ledger_post_batch itself on PostgreSQL: one connection, batches of B one-leg debits (random member
// wallet → its house shard), begin + call + commit, wall time and the backend's CPU (the scheduler's time on a CPU
// from /proc/<pid>/schedstat, else utime + stime from /proc/<pid>/stat; the server must run on this machine).
// Variants show what each part costs.
//   npm run bench:ledger-profile   BENCH_PG_URL, BENCH_WALLETS (10000), BENCH_CALLS (200 per batch size),
//     BENCH_SIZES (1,16,64,100), BENCH_HISTORY (journals written before timing, 100000),
//     BENCH_VARIANTS (default '0042,0043,0042,0043', also 'before 0042'; 'base' = as migrated, or a SQL file to apply),
//     BENCH_INTERLEAVE (e.g. '0042,0043': the entry points of the variants side by side, called in turn call by call;
//     a SQL file defining ledger_post_batch too — the fairest comparison on a shared machine),
//     BENCH_STMTS=<size> (time per statement of the function, auto_explain), BENCH_EXPLAIN=<size> (plans of one call),
//     BENCH_SLOWLOG=<ms> (plans of statements slower than that while measuring),
//     BENCH_WORKLOAD=rounds (bets of 10 and wins of 1..20 in turn, as bench:ledger's rounds; default debits of 1)
import { randomBytes, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { onScratchPostgres } from './databases.ts';
import { lotteryBenchSetup } from './lottery-setup.ts';
import { memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WALLETS = Number(process.env.BENCH_WALLETS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const TICK = 100; // clock ticks per second (getconf CLK_TCK)

const cpuOf = (pid: number) => {
  // The scheduler's own sum of the time on a CPU (ns) where the kernel keeps it, else utime + stime (clock ticks).
  const ns = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  if (ns > 0) return ns / 1e6; // ms
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK; // ms
};

await onScratchPostgres(PG_URL, 4, async (database, { name }) => {
  // A merchant and WALLETS members funded through the ledger (the benches' common set-up).
  const { db, merchantId, members, ledger } = await lotteryBenchSetup(database, 'prof', WALLETS);
  // Every house shard exists before timing.
  await ledger.postOrThrow({
    merchantId,
    currency: 'PHP',
    scope: 'setup',
    key: 'shards',
    kind: 'bet',
    legs: members
      .slice(0, 8)
      .map((m) => ({ debit: memberMain(m), credit: systemAccount('house', m), amount: 1n, code: 'bet' })),
  });
  // A ledger with history (BENCH_HISTORY journals, default 100,000), then fresh statistics, as a running
  // PostgreSQL's autovacuum keeps them: plans made on a nearly empty table would measure something else.
  const history = Number(process.env.BENCH_HISTORY ?? 100_000);
  for (let i = 0; i < history; i += 1000)
    await ledger.postMany(
      Array.from({ length: Math.min(1000, history - i) }, (_, k) => {
        const m = members[(i + k) % members.length]!;
        return {
          merchantId,
          currency: 'PHP',
          scope: 'history',
          key: `h:${i + k}`,
          kind: 'bet',
          memberId: m,
          legs: [{ debit: memberMain(m), credit: systemAccount('house', m), amount: 1n, code: 'bet' }],
        };
      }),
    );
  await sql`vacuum analyze`.execute(db);

  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  client.on('error', () => {}); // the scratch database is dropped with its connections at the end
  const pid = Number((await client.query('select pg_backend_pid() as p')).rows[0].p);
  const run = randomBytes(3).toString('hex');
  let seq = 0;
  // BENCH_WORKLOAD=rounds: bets of 10 and wins of a random 1..20 in turn, as bench:ledger's "bet + win rounds" (a
  // house shard both debited and credited in a batch); default: debits of 1 only.
  const rounds = process.env.BENCH_WORKLOAD === 'rounds';
  const post = (m: bigint) => {
    const win = rounds && seq % 2 === 1;
    const leg = win
      ? { debit: systemAccount('house', m), credit: memberMain(m), amount: String(1 + Math.floor(Math.random() * 20)) }
      : { debit: memberMain(m), credit: systemAccount('house', m), amount: rounds ? '10' : '1' };
    const content = {
      kind: win ? 'win' : 'bet',
      member_id: String(m),
      ref: {},
      legs: [{ ...leg, code: win ? 'win' : 'bet', pending: false }],
      resolve: [],
    };
    return {
      ...content,
      merchant_id: String(merchantId),
      currency: 'PHP',
      scope: 'prof',
      key: `${run}:${seq++}`,
      hash: createHash('sha256').update(JSON.stringify(content)).digest('hex'),
    };
  };
  // A batch of `size` posts over random members. With BENCH_WORKLOAD=rounds, a batch in which a house shard's
  // transfers sum to zero is drawn again: the function before stop 32's fix failed such a batch as a whole (no
  // batch of bench:ledger's rounds failed in either tree, 2026-11-29), so every variant gets batches all can post.
  const batchOf = (size: number) => {
    for (;;) {
      const b = Array.from({ length: size }, () => post(members[Math.floor(Math.random() * members.length)]!));
      if (!rounds) return b;
      const sums = new Map<string, bigint>();
      for (const p of b) {
        const l = p.legs[0]!;
        const shard = l.debit.startsWith('sys:') ? l.debit : l.credit;
        sums.set(shard, (sums.get(shard) ?? 0n) + (l.debit === shard ? -1n : 1n) * BigInt(l.amount));
      }
      if (![...sums.values()].includes(0n)) return b;
    }
  };
  const rows: string[] = [];
  async function measure(label: string, fn: string, size: number) {
    const batches = Array.from({ length: CALLS }, () => JSON.stringify(batchOf(size)));
    for (let w = 0; w < 5; w++) await client.query(`select ${fn}($1::jsonb)`, [batches[w]]);
    const cpu0 = cpuOf(pid);
    const t0 = performance.now();
    for (let i = 5; i < CALLS; i++) {
      await client.query('begin');
      await client.query(`select ${fn}($1::jsonb)`, [batches[i]]);
      await client.query('commit');
    }
    const wall = performance.now() - t0;
    const cpu = cpuOf(pid) - cpu0;
    const journals = (CALLS - 5) * size;
    rows.push(
      `| ${label} | ${size} | ${Math.round((journals / wall) * 1000).toLocaleString('en')} | ${(wall / (CALLS - 5)).toFixed(2)} | ${(cpu / journals).toFixed(3)} | ${(cpu / (CALLS - 5)).toFixed(2)} |`,
    );
    console.log(rows.at(-1));
  }
  if (process.env.BENCH_EXPLAIN) {
    const size = Number(process.env.BENCH_EXPLAIN);
    const notices: string[] = [];
    client.on('notice', (n) => notices.push(n.message ?? ''));
    await client.query("load 'auto_explain'");
    await client.query('set auto_explain.log_min_duration = 0');
    await client.query('set auto_explain.log_nested_statements = on');
    await client.query('set auto_explain.log_analyze = on');
    await client.query('set auto_explain.log_buffers = on');
    await client.query("set auto_explain.log_level = 'notice'");
    // The last of ten calls (plans and caches warm).
    for (let i = 0; i < 10; i++) {
      notices.length = 0;
      const batch = JSON.stringify(batchOf(size));
      await client.query(`select ledger_post_batch($1::jsonb)`, [batch]);
    }
    for (const n of notices) console.log(process.env.BENCH_FULL ? n : n.split('\n').slice(0, 4).join('\n'), '\n');
    await client.end();
    return;
  }
  if (process.env.BENCH_SLOWLOG) {
    client.on('notice', (n) =>
      console.log(
        process.env.BENCH_FULL ? n.message : (n.message ?? '').split('\n').slice(0, 3).join(' | ').slice(0, 300),
      ),
    );
    await client.query('set auto_explain.log_triggers = on');
    await client.query("load 'auto_explain'");
    await client.query(`set auto_explain.log_min_duration = ${Number(process.env.BENCH_SLOWLOG)}`);
    await client.query('set auto_explain.log_nested_statements = on');
    await client.query('set auto_explain.log_analyze = on');
    await client.query("set auto_explain.log_level = 'notice'");
  }
  if (process.env.BENCH_BISECT) {
    // Where the time of a call goes: a copy of the set-based function that returns at step K (bench.stop = K), each
    // call rolled back; the CPU of step K is the difference between K + 1 and K.
    const size = Number(process.env.BENCH_BISECT);
    const text = readFileSync(
      new URL('../apps/server/src/db/migrations/0042_ledger_runs_cheaper.sql', import.meta.url),
      'utf8',
    );
    const from = text.indexOf('create or replace function ledger_post_batch_runs');
    let fn = text.slice(from, text.indexOf('$$;', from) + 3);
    const marks = [
      '  -- 2. Idempotency keys',
      "  p_state := array_fill('n'::text, array[n]);",
      '  -- 3. Accounts of the new posts',
      "  select coalesce(array_agg(id order by id), '{}'), coalesce(array_agg(merchant_id order by id), '{}'),",
      '  -- (Lateral subqueries with LIMIT',
      '  p_jid := array_fill(null::bigint, array[n]);',
      '  -- 4. Runs of fast posts',
      '      -- Ids: journals and transfers',
      '      -- The journals with their result',
      '  -- 5. The slow posts get their result',
      '  -- 6. New posts answer',
      '  return to_jsonb(v_out);',
    ];
    marks.forEach((m, k) => {
      const indent = m.slice(0, m.length - m.trimStart().length);
      fn = fn.replace(
        m,
        `${indent}if current_setting('bench.stop')::int = ${k + 1} then return '[]'::jsonb; end if;\n${m}`,
      );
    });
    await client.query(fn);
    const calls = CALLS;
    for (const stop of [...marks.map((_, k) => k + 1), 99]) {
      await client.query(`set bench.stop = ${stop}`);
      const batches = Array.from({ length: calls + 5 }, () => JSON.stringify(batchOf(size)));
      for (let w = 0; w < 5; w++) {
        await client.query('begin');
        await client.query(`select ledger_post_batch($1::jsonb)`, [batches[w]]);
        await client.query('rollback');
      }
      const cpu0 = cpuOf(pid);
      for (let i = 5; i < calls + 5; i++) {
        await client.query('begin');
        await client.query(`select ledger_post_batch($1::jsonb)`, [batches[i]]);
        await client.query('rollback');
      }
      console.log(
        `stop before ${stop === 99 ? 'the end (whole call)' : marks[stop - 1]!.trim().slice(0, 60)}: ${((cpuOf(pid) - cpu0) / calls).toFixed(3)} ms CPU per call`,
      );
    }
    await client.query(text.slice(from, text.indexOf('$$;', from) + 3));
    await client.end();
    return;
  }
  if (process.env.BENCH_PLANS) {
    // How many statements are planned per call (log_planner_stats logs every planning), after a warm-up.
    const size = Number(process.env.BENCH_PLANS);
    let plans = 0;
    const seconds: number[] = [];
    client.on('notice', (n) => {
      if (!/PLANNER STATISTICS/.test(n.message ?? '')) return;
      plans++;
      const m = /([0-9.]+) s user, ([0-9.]+) s system/.exec(n.message ?? '');
      if (m) seconds.push(Number(m[1]) + Number(m[2]));
    });
    const call = () => client.query(`select ledger_post_batch($1::jsonb)`, [JSON.stringify(batchOf(size))]);
    for (let i = 0; i < 20; i++) await call();
    await client.query('set client_min_messages = log');
    await client.query('set log_planner_stats = on');
    plans = 0;
    for (let i = 0; i < 20; i++) await call();
    await client.query('set log_planner_stats = off');
    console.log(
      `plannings per call: ${(plans / 20).toFixed(1)}; planner CPU per call ${((seconds.reduce((a, b) => a + b, 0) * 1000) / 20).toFixed(2)} ms`,
    );
    await client.end();
    return;
  }
  if (process.env.BENCH_STMTS) {
    for (const v of (process.env.BENCH_VARIANTS ?? '').split(',').filter((x) => x && x !== 'base'))
      await client.query(readFileSync(v, 'utf8'));
    const size = Number(process.env.BENCH_STMTS);
    const totals = new Map<string, { ms: number; n: number }>();
    client.on('notice', (n) => {
      const m = /duration: ([0-9.]+) ms\s+plan:\s*\nQuery Text: ([^\n]*)/.exec(n.message ?? '');
      if (!m) return;
      const key = m[2]!.trim().slice(0, 90);
      const t = totals.get(key) ?? { ms: 0, n: 0 };
      t.ms += Number(m[1]);
      t.n++;
      totals.set(key, t);
    });
    await client.query("load 'auto_explain'");
    await client.query('set auto_explain.log_min_duration = 0');
    await client.query('set auto_explain.log_nested_statements = on');
    await client.query("set auto_explain.log_level = 'notice'");
    const calls = 60;
    for (let i = 0; i < calls; i++) {
      const batch = JSON.stringify(batchOf(size));
      await client.query('begin');
      await client.query(`select ledger_post_batch($1::jsonb)`, [batch]);
      await client.query('commit');
    }
    for (const [k, t] of [...totals].sort((a, b) => b[1].ms - a[1].ms))
      console.log(`${(t.ms / calls).toFixed(3)} ms/call  x${(t.n / calls).toFixed(1)}  ${k}`);
    await client.end();
    return;
  }
  // Built-in variants: the function and keys before migration 0042, 0042 itself, and 0043 (alternated, so that the
  // growth of the tables and the machine's noise fall on both). Any other name is a SQL file to apply.
  const migration = (file: string) =>
    readFileSync(new URL(`../apps/server/src/db/migrations/${file}`, import.meta.url), 'utf8');
  const fnOf = (file: string, head: string) => {
    const text = migration(file);
    const from = text.indexOf(head);
    return text.slice(from, text.indexOf('$$;', from) + 3).replace('create function', 'create or replace function');
  };
  const runs0026 = fnOf('0026_ledger_single_post.sql', 'create function ledger_post_batch_runs');
  // The entry point of 0026 (a batch of one on its own path, any other to ledger_post_batch_runs), as before 0043.
  const entry0026 = fnOf('0026_ledger_single_post.sql', 'create or replace function ledger_post_batch(ps jsonb)');
  // (0042's foreign keys dropped only if there: the variants alternate on one database migrated to the latest.)
  const as0042 = `${migration('0042_ledger_runs_cheaper.sql').replaceAll('drop constraint ', 'drop constraint if exists ')};
    ${entry0026};`;
  const builtIn: Record<string, string> = {
    'before 0042': `
      alter table ledger_transfers
        add constraint ledger_transfers_journal_id_fkey foreign key (journal_id) references ledger_journals (id) not valid,
        add constraint ledger_transfers_debit_account_id_fkey foreign key (debit_account_id) references ledger_accounts (id) not valid,
        add constraint ledger_transfers_credit_account_id_fkey foreign key (credit_account_id) references ledger_accounts (id) not valid;
      alter table ledger_entries
        add constraint ledger_entries_account_id_fkey foreign key (account_id) references ledger_accounts (id) not valid,
        add constraint ledger_entries_transfer_id_fkey foreign key (transfer_id) references ledger_transfers (id) not valid;
      ${runs0026};
      ${entry0026};`,
    '0042': as0042,
    '0043': `${as0042};
${migration('0043_ledger_fewer_statements.sql')}`,
  };
  if (process.env.BENCH_INTERLEAVE) {
    // The entry points (ledger_post_batch) of the variants side by side under names of their own, over 0042's
    // general path, called in turn (in a random order each round) on the same connection: the machine's noise
    // falls on all of them alike, call by call. ('before 0042' is not comparable this way: its keys and general
    // path are the table's and the database's, not a function's.)
    const names = process.env.BENCH_INTERLEAVE.split(',');
    const fns = names.map((v, k) => {
      const text = builtIn[v] ?? readFileSync(v, 'utf8');
      const entry = text.includes('function ledger_post_batch(')
        ? text.slice(text.lastIndexOf('create or replace function ledger_post_batch('))
        : entry0026;
      return {
        v,
        fn: `ledger_post_batch_i${k}`,
        text: entry.replace(/ledger_post_batch\(/g, `ledger_post_batch_i${k}(`),
      };
    });
    await client.query(as0042); // the general path every variant falls back to
    for (const f of fns) await client.query(f.text);
    for (const size of (process.env.BENCH_SIZES ?? '1,16,64,100').split(',').map(Number)) {
      const cpu = fns.map(() => 0);
      const wall = fns.map(() => 0);
      for (let i = 0; i < CALLS; i++) {
        const order = fns.map((_, k) => k).sort(() => Math.random() - 0.5);
        for (const k of order) {
          const batch = JSON.stringify(batchOf(size));
          const c0 = cpuOf(pid);
          const t0 = performance.now();
          await client.query('begin');
          await client.query(`select ${fns[k]!.fn}($1::jsonb)`, [batch]);
          await client.query('commit');
          if (i >= 5) {
            wall[k] += performance.now() - t0;
            cpu[k] += cpuOf(pid) - c0;
          }
        }
      }
      const calls = CALLS - 5;
      fns.forEach((f, k) => {
        rows.push(
          `| ${f.v} | ${size} | ${Math.round(((calls * size) / wall[k]!) * 1000).toLocaleString('en')} | ${(wall[k]! / calls).toFixed(2)} | ${(cpu[k]! / (calls * size)).toFixed(3)} | ${(cpu[k]! / calls).toFixed(2)} |`,
        );
        console.log(rows.at(-1));
      });
    }
  }
  const variants = (process.env.BENCH_INTERLEAVE ? '' : (process.env.BENCH_VARIANTS ?? '0042,0043,0042,0043'))
    .split(',')
    .filter(Boolean);
  for (const v of variants) {
    if (builtIn[v]) await client.query(builtIn[v]);
    else if (v !== 'base') await client.query(readFileSync(v, 'utf8'));
    for (const size of (process.env.BENCH_SIZES ?? '1,16,64,100').split(',').map(Number))
      await measure(v, 'ledger_post_batch', size);
  }
  await client.end();
  console.log(
    '\n| variant | batch | journals/s (1 connection) | ms per call | backend CPU ms per journal | backend CPU ms per call |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
});
