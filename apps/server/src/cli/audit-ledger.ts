// `npm run audit:ledger`: checks the ledger's invariants on the configured database (DATABASE_URL, or the
// embedded database in DATA_DIR — stop the server first: the embedded database allows one process).
// Prints the report; exits 1 when a problem is found, 2 when the database cannot be opened.
import { ConfigError, loadConfig } from '../config/config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { createLedgerModule } from '../modules/ledger/index.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const { database, release } = await openConfiguredDatabase(config);
  try {
    const started = Date.now();
    const ledger = createLedgerModule({ db: database.db });
    const report = await ledger.audit();
    const counts = { journals: await ledger.journalCount() };
    const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`;
    console.log(`Ledger audit of the ${where}: ${counts.journals} journals, ${Date.now() - started} ms.`);
    if (report.ok) {
      console.log('OK: debits equal credits, every balance equals its entries, holds and journals are consistent.');
      return 0;
    }
    for (const p of report.problems) console.error(`PROBLEM: ${p}`);
    return 1;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Could not audit the ledger: ${(err as Error).message}`);
    process.exit(2);
  },
);
