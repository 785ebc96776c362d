// The databases every bench runs on: a fresh embedded PGlite, and a scratch PostgreSQL database created for the run
// and dropped afterwards (whatever happens), both closed when the bench is done with them; and the host's speed.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../apps/server/src/db/database.ts';

export async function onPglite<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/**
 * A scratch database `sea_bench_<random>` on the server of `url`; `run` also gets the admin connection (on the
 * server's default database) and the scratch database's name, e.g. to read its backends' CPU.
 */
export async function onScratchPostgres<T>(
  url: string,
  poolSize: number,
  run: (database: Database, scratch: { admin: Database; name: string }) => Promise<T>,
): Promise<T> {
  // BENCH_DB_TAG: a word in the name (whose run it is, on a shared server).
  const tag = (process.env.BENCH_DB_TAG ?? '').replace(/[^a-z0-9]/g, '');
  const name = `sea_bench_${tag ? `${tag}_` : ''}${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await admin.session((exec) => exec(`create database ${name}`));
    const scratchUrl = new URL(url);
    scratchUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: scratchUrl.toString(), poolSize });
    try {
      return await run(database, { admin, name });
    } finally {
      await database.close();
      await admin.session((exec) => exec(`drop database if exists ${name} with (force)`));
    }
  } finally {
    await admin.close();
  }
}

/** The host's speed in this run: one-row UPDATE commits from 4 clients for 5 s (as bench/ledger.ts measures it). */
export async function trivialCommitCeiling(database: Database) {
  const db = database.db;
  await sql`create table if not exists trivial_counter (id int primary key, n bigint not null)`.execute(db);
  await sql`insert into trivial_counter values (1, 0) on conflict do nothing`.execute(db);
  const latencies: number[] = [];
  const stop = performance.now() + 5000;
  let done = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < stop) {
        const s = performance.now();
        await sql`update trivial_counter set n = n + 1 where id = 1`.execute(db);
        latencies.push(performance.now() - s);
        done++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { perSecond: done / 5, p50: at(0.5), p99: at(0.99) };
}
