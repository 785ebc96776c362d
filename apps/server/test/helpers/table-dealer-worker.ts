// The dealer's process of the table games' crash tests (baccarat.test.ts, sabong.test.ts): the whole app (buildApp,
// as src/main.ts builds it) on the test's PostgreSQL database with the test's clock, running the dealer's pass of
// `game` (baccarat.advance or sabong.advance) when told to, and killed (SIGKILL, no clean-up) the moment the first
// member's win has been credited (committed) — the others' wins in flight or not yet sent. argv: <database url> <clock ms>
// <baccarat|sabong>. Prints "ready", waits for a line on stdin, then runs; it never exits on its own while paying
// (the kill ends it); "no win" is printed if the pass paid nothing.
import { openDatabase } from '../../src/db/database.ts';
import { buildApp } from '../../src/app.ts';
import { createPasswordHasher } from '../../src/lib/password.ts';

const [url, clockMs, game = 'baccarat'] = process.argv.slice(2) as [string, string, string?];
const database = await openDatabase({ kind: 'postgres', url, poolSize: 6 });
const app = await buildApp({
  config: { TRUST_PROXY: true, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined },
  logger: false,
  hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  clock: () => new Date(Number(clockMs)),
  database,
});
await app.ready();
const wallet = app.modules.games.wallet;
const win = wallet.win.bind(wallet);
wallet.win = async (call) => {
  const answer = await win(call);
  if (answer.status === 'OK') process.kill(process.pid, 'SIGKILL');
  return answer;
};
// The set-based payment (winMany, the default): the first member's win alone in its own set, committed, then the
// kill — the other members' wins never sent and no bet settled.
const winMany = wallet.winMany.bind(wallet);
wallet.winMany = async (merchant, vendor, bodies) => {
  const answers = await winMany(merchant, vendor, bodies.slice(0, 1));
  if (answers[0]?.status === 'OK') process.kill(process.pid, 'SIGKILL');
  return answers;
};
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
await (game === 'sabong' ? app.modules.sabong.advance() : app.modules.baccarat.advance());
process.stdout.write('no win\n');
await app.close();
await database.close();
process.exit(0);
