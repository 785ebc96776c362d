// A server process's migration at start-up, with ledger.sql changed (see migrations-functions.test.ts).
// argv: postgres url, then the SQL appended to ledger.sql. Prints "ready" once connected, migrates when a line comes
// on stdin (so that two of them start together), then prints the repeatable files it applied (JSON).
import { createHash } from 'node:crypto';
import { openDatabase } from '../../src/db/database.ts';
import { loadMigrations, loadRepeatableMigrations, migrate } from '../../src/db/migrate.ts';

const [url, appended] = process.argv.slice(2) as [string, string];
const files = loadRepeatableMigrations().map((f) => {
  if (f.name !== 'ledger.sql') return f;
  const sql = `${f.sql}\n${appended}`;
  return { ...f, sql, checksum: createHash('sha256').update(sql).digest('hex') };
});
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
try {
  await database.ping();
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const run = await migrate(database, loadMigrations(), files);
  process.stdout.write(`${JSON.stringify(run.repeatable.map((f) => f.name))}\n`);
} finally {
  await database.close();
}
