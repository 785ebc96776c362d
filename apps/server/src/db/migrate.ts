import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { type Database, MIGRATION_LOCK_KEY, type RawExec } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {}

/** Versioned SQL files `NNNN_name.sql`, applied in order, each in its own transaction. */
export function loadMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.slice(5, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

function literal(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

async function applyPending(exec: RawExec, migrations: Migration[]): Promise<Migration[]> {
  await exec(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  const rows = await exec('select version, checksum from schema_migrations order by version');
  const applied = new Map(rows.map((r) => [Number(r.version), String(r.checksum)]));
  const done: Migration[] = [];
  for (const m of migrations) {
    const seen = applied.get(m.version);
    if (seen !== undefined) {
      if (seen !== m.checksum) {
        throw new MigrationError(
          `Migration ${m.version}_${m.name} was changed after it was applied; add a new migration instead.`,
        );
      }
      continue;
    }
    try {
      await exec(
        `begin;\n${m.sql}\n;insert into schema_migrations (version, name, checksum) values (${m.version}, ${literal(m.name)}, ${literal(m.checksum)});\ncommit;`,
      );
    } catch (err) {
      await exec('rollback').catch(() => undefined);
      throw new MigrationError(`Migration ${m.version}_${m.name} failed: ${(err as Error).message}`);
    }
    done.push(m);
  }
  return done;
}

/** Bring the schema up to date. Safe to call from several processes at once (advisory lock). */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<Migration[]> {
  return database.session(async (exec) => {
    await exec(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      return await applyPending(exec, migrations);
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
    }
  });
}
