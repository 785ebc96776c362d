import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { adminUrl, dropDatabase, withDatabaseName } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Builds one migrated template per run, so each test file starts from a fresh copy in well under a second:
 * a PGlite data-dir dump by default, or a PostgreSQL template database when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `sea_tpl_${process.pid}_${Date.now()}`;
    const admin = await openDatabase({ kind: 'postgres', url: adminUrl(url), poolSize: 1 });
    await admin.session((exec) => exec(`create database ${name}`));
    const tpl = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name), poolSize: 1 });
    await migrate(tpl);
    await tpl.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await dropDatabase(admin, name);
      await admin.close();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sea-test-'));
  const db = await openDatabase({ kind: 'pglite' });
  await migrate(db);
  const file = join(dir, 'template.tar');
  if (!db.dump) throw new Error('PGlite database without dump()');
  writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
