import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_RETRY_LIMIT, startJobRunner } from '../src/jobs/runner.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A promise with its resolve, for holding a query or a handler until the test lets it go. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A database of its own (closed by the test), whose queries are counted and whose failures are kept; `holdFetch`
 * holds pg-boss's next fetch of `queue` (before it reaches the database) until `release`.
 */
async function watchedDatabase() {
  const own = await createTestDatabase();
  const failures: unknown[] = [];
  const finished: string[] = [];
  let underWay = 0;
  let hold: { queue: string; entered: () => void; released: Promise<void> } | null = null;
  const executeQuery = async (q: CompiledQuery) => {
    underWay++;
    try {
      if (hold && /skip locked/i.test(q.sql) && q.parameters[0] === hold.queue) {
        const h = hold;
        hold = null;
        h.entered();
        await h.released;
      }
      const result = await own.db.executeQuery(q);
      finished.push(q.sql);
      return result;
    } catch (err) {
      failures.push(err);
      throw err;
    } finally {
      underWay--;
    }
  };
  const db = new Proxy(own.db, {
    get(target, prop) {
      if (prop === 'executeQuery') return executeQuery;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return {
    own,
    database: { ...own, db } as typeof own,
    failures,
    finished,
    underWay: () => underWay,
    holdFetch(queue: string) {
      const entered = deferred();
      const release = deferred();
      hold = { queue, entered: entered.resolve, released: release.promise };
      return { entered: entered.promise, release: release.resolve };
    },
  };
}

const jobState = async (d: TestDatabase, name: string) => {
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where name = ${name} order by created_on`.execute(d.db);
  return rows.map((r) => r.state);
};

describe('job runner (pg-boss)', () => {
  it('runs a job, retries a failing one with backoff and parks it in the dead-letter queue', async () => {
    let ok = 0;
    let failures = 0;
    const runner = await startJobRunner({
      database: db,
      log: quiet,
      pollSeconds: 0.5,
      jobs: [
        { name: 'works', everySeconds: 3600, run: async () => (ok++, null) },
        {
          name: 'breaks',
          everySeconds: 3600,
          run: async () => {
            failures++;
            throw new Error('boom');
          },
        },
      ],
    });
    try {
      // Each hourly job was offered once at start (its period's job); the one that works ran once.
      await expect.poll(() => ok, { timeout: 10_000 }).toBe(1);
      // The failing one: the first run and JOB_RETRY_LIMIT retries, then the dead-letter queue.
      await expect.poll(() => failures, { timeout: 60_000, interval: 500 }).toBe(JOB_RETRY_LIMIT + 1);
      await expect
        .poll(
          async () => {
            const { rows } = await sql<{ n: number }>`
              select count(*)::int as n from pgboss.job where name = 'breaks.dead'`.execute(db.db);
            return rows[0]!.n;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      // Offering the same period again creates nothing: still one run.
      await new Promise((r) => setTimeout(r, 1500));
      expect(ok).toBe(1);
    } finally {
      await runner.stop();
    }
  }, 90_000);

  it('stop() waits for a fetch under way and the job it brings back: the pool then closes with no query failing', async () => {
    const w = await watchedDatabase();
    let ran = 0;
    const warnings: string[] = [];
    const runner = await startJobRunner({
      database: w.database,
      log: { ...quiet, warn: (_obj, msg) => void warnings.push(msg) },
      pollSeconds: 0.5,
      jobs: [{ name: 'probe', everySeconds: 3600, run: async () => (ran++, null) }],
    });
    await expect.poll(() => ran, { timeout: 10_000 }).toBe(1); // the period's job, offered at start
    const fetch = w.holdFetch('probe');
    await fetch.entered; // the worker's next poll is under way, held before the database
    void runner.runNow('probe').catch(() => undefined); // a job that fetch will bring back
    await expect.poll(async () => (await jobState(w.own, 'probe')).length, { timeout: 10_000 }).toBe(2);

    const stopping = runner.stop();
    // Before: stop() returned at once with the fetch still under way. It must wait for it however long it takes
    // (up to its bound, 10 s): given a second, it has not returned.
    const first = await Promise.race([
      stopping.then(() => 'returned'),
      new Promise((r) => setTimeout(r, 1_000)).then(() => 'waiting'),
    ]);
    expect(first).toBe('waiting');
    fetch.release();
    await stopping;
    expect(warnings).toEqual([]); // within its bound
    // The fetch brought the manual job back; it ran and its completion was recorded before stop() returned.
    expect(ran).toBe(2);
    expect(w.underWay()).toBe(0);
    expect(await jobState(w.own, 'probe')).toEqual(['completed', 'completed']);
    await w.own.destroy();
    // Nothing of the runner's reached the closed pool ("driver has already been destroyed").
    await new Promise((r) => setTimeout(r, 600)); // a poll interval: a worker still looping would fetch now
    expect(w.failures).toEqual([]);
  }, 60_000);

  it('stop() is bounded: a handler that outlives stopTimeoutMs is warned about, not waited for', async () => {
    const w = await watchedDatabase();
    const handler = deferred();
    const started = deferred();
    const warnings: string[] = [];
    const runner = await startJobRunner({
      database: w.database,
      log: { ...quiet, warn: (_obj, msg) => void warnings.push(msg) },
      pollSeconds: 0.5,
      stopTimeoutMs: 1_000,
      jobs: [
        {
          name: 'slow',
          everySeconds: 3600,
          run: async () => {
            started.resolve();
            await handler.promise;
            return null;
          },
        },
      ],
    });
    await started.promise;
    const t0 = Date.now();
    await runner.stop();
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(warnings).toContain('job runner stopped with work under way');
    // pg-boss failed the job it still counted active at its own timeout (retried later, by this or another process).
    expect(await jobState(w.own, 'slow')).toEqual(['retry']);
    // The handler's late end records its completion (on a job no longer active: nothing changes); after that the pool
    // may close.
    const completions = () => w.finished.filter((q) => /state = 'completed'/.test(q)).length;
    const before = completions();
    handler.resolve();
    await expect.poll(() => completions() > before && w.underWay() === 0, { timeout: 10_000 }).toBe(true);
    expect(await jobState(w.own, 'slow')).toEqual(['retry']);
    await w.own.destroy();
    expect(w.failures).toEqual([]);
  }, 60_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'two server processes on one PostgreSQL run each period once',
    async () => {
      await sql`create table job_probe (period_start text not null, pid int not null)`.execute(db.db);
      const worker = fileURLToPath(new URL('./helpers/job-worker.ts', import.meta.url));
      const everySeconds = 2;
      const runForMs = 9_000;
      const start = () =>
        new Promise<number>((resolve, reject) => {
          const p = spawn(
            process.execPath,
            ['--import', 'tsx', worker, db.url!, String(everySeconds), String(runForMs)],
            {
              stdio: ['ignore', 'pipe', 'inherit'],
            },
          );
          p.on('error', reject);
          p.on('exit', (code) => (code === 0 ? resolve(p.pid!) : reject(new Error(`worker exited ${code}`))));
        });
      const pids = await Promise.all([start(), start()]);
      const { rows } = await sql<{ period_start: string; n: number; pids: number[] }>`
        select period_start, count(*)::int as n, array_agg(pid) as pids from job_probe group by period_start
        order by period_start`.execute(db.db);
      // ~4 periods of 2 s in 9 s; every period ran exactly once, whichever process took it.
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      expect(rows.flatMap((r) => r.pids).every((pid) => pids.includes(pid))).toBe(true);
    },
    60_000,
  );
});
