// One server process of lottery-feed-processes.test.ts: the whole app (buildApp, as src/main.ts builds it) on a shared
// PostgreSQL database with the test's clock, running a lottery job's step when told to: the lottery-feed job's
// (feed.advance) or, with `elott`, the fast games' (advance: draws from the hash chains and settlement).
// argv: <database url> <clock ms> <runs at once> [feed|elott]. Prints "ready", waits for a line on stdin, runs,
// prints the runs' answers as JSON and exits 0 (1 on a failure, with the error on stderr).
import { openDatabase } from '../../src/db/database.ts';
import { buildApp } from '../../src/app.ts';
import { createPasswordHasher } from '../../src/lib/password.ts';

const [url, clockMs, runs, step = 'feed'] = process.argv.slice(2) as [string, string, string, string?];
const database = await openDatabase({ kind: 'postgres', url, poolSize: 6 });
const app = await buildApp({
  config: {
    TRUST_PROXY: true,
    DEFAULT_MERCHANT: 'demo',
    LOG_LEVEL: 'silent',
    WEB_DIST: undefined,
    // The test's DATA_DIR: the lottery's keys (chain signer, simulated beacon) shared with the test's own app.
    DATA_DIR: process.env.SEA_TEST_DATA_DIR,
  },
  logger: false,
  hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  clock: () => new Date(Number(clockMs)),
  // Small batches: the two processes' settlement steps interleave batch by batch.
  // The test app's chains (short, so a chain's whole walk is cheap).
  lottery: { settleBatch: 2, payBatch: 1, chainLength: 200, checkpointEvery: 50 },
  database,
});
await app.ready();
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
let code = 0;
try {
  const lottery = app.modules.lottery;
  const run = step === 'elott' ? () => lottery.advance() : () => lottery.feed.advance();
  const answers = await Promise.all(Array.from({ length: Number(runs) }, run));
  process.stdout.write(`${JSON.stringify({ pid: process.pid, answers })}\n`);
} catch (e) {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  code = 1;
}
await app.close();
await database.close();
process.exit(code);
