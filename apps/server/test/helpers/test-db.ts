import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Kysely } from 'kysely';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { tablesOf } from '../../src/db/schema.ts';
import type { AllTables } from './tables.ts';
import { adminUrl, dropDatabase, withDatabaseName } from './pg-admin.ts';

/**
 * `url`: the PostgreSQL database's address (another process can open it); undefined on PGlite.
 * `all`: the same handle typed with every table (tests only).
 */
export type TestDatabase = Database & { url?: string; all: Kysely<AllTables>; destroy(): Promise<void> };

/**
 * A fresh, migrated database for one test file: PGlite in memory (from the run's template) by default,
 * or a new PostgreSQL database cloned from the template when DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject('pgTemplate');
  if (url && pgTemplate) {
    const name = `sea_t_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url: adminUrl(url), poolSize: 1 });
    await cloneTemplate(admin, name, pgTemplate);
    const db = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name), poolSize: 10 });
    return Object.assign(db, {
      url: withDatabaseName(url, name),
      all: tablesOf<AllTables>(db.db),
      async destroy() {
        await db.close();
        await dropDatabase(admin, name);
        await admin.close();
      },
    });
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const db = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
  return Object.assign(db, { all: tablesOf<AllTables>(db.db), destroy: () => db.close() });
}

/** Cloning needs the template to itself: parallel test files (and a just-closed pool) make it busy for a moment. */
async function cloneTemplate(admin: Database, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.session((exec) => exec(`create database ${name} template ${template}`));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

/**
 * A database with nothing in it (not the migrated template): PGlite in memory, or a new PostgreSQL database.
 * `url`: its address on PostgreSQL (another handle or process can open it).
 */
export async function createEmptyDatabase(): Promise<{ db: Database; url?: string; destroy: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ kind: 'pglite' });
    return { db, destroy: () => db.close() };
  }
  const name = `sea_m_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(url), poolSize: 1 });
  await admin.session((exec) => exec(`create database ${name}`));
  const db = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name), poolSize: 4 });
  return {
    db,
    url: withDatabaseName(url, name),
    destroy: async () => {
      await db.close();
      await dropDatabase(admin, name);
      await admin.close();
    },
  };
}
