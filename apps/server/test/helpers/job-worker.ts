// One server-like process running the job runner against a shared PostgreSQL database (see jobs.test.ts).
// argv: <database url> <everySeconds> <runForMs>. The probe job records (period start, pid) in job_probe.
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import { startJobRunner } from '../../src/jobs/runner.ts';

const [url, every, runFor] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const runner = await startJobRunner({
  database,
  log: quiet,
  pollSeconds: 0.5,
  jobs: [
    {
      name: 'probe',
      everySeconds: Number(every),
      async run({ periodStart }) {
        await sql`insert into job_probe (period_start, pid) values (${periodStart.toISOString()}, ${process.pid})`.execute(
          database.db,
        );
        return null;
      },
    },
  ],
});
process.stdout.write('ready\n');
await new Promise((r) => setTimeout(r, Number(runFor)));
// stop() returns once no fetch, handler or completion of the runner's is under way: the pool closes cleanly (a
// query still under way here was an unhandled rejection through a destroyed driver, exit 1, before stop() waited).
await runner.stop();
await database.close();
process.exit(0);
