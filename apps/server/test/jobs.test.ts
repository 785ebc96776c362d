import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_RETRY_LIMIT, startJobRunner } from '../src/jobs/runner.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

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
