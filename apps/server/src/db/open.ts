import { join, resolve } from 'node:path';
import type { Config } from '../config/config.ts';
import { type Database, openDatabase } from './database.ts';
import { lockDataDir } from './lockfile.ts';
import { migrate } from './migrate.ts';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR with a lock
 * file) and brings the schema up to date. (Demo data is seeded by buildApp through the modules.)
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
): Promise<{ database: Database; release: () => void }> {
  let release = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  } else {
    const dir = resolve(config.DATA_DIR);
    release = lockDataDir(dir);
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pg') });
    } catch (err) {
      release();
      throw err;
    }
  }
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    release();
    throw err;
  }
  return { database, release };
}
