import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { type Database, MIGRATION_LOCK_KEY, type RawExec } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FUNCTIONS_DIR = new URL('./functions/', import.meta.url);

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/** A file of db/functions/: applied again whenever its checksum differs from the one recorded. */
export interface RepeatableMigration {
  /** The file name, e.g. `ledger.sql`. */
  name: string;
  sql: string;
  checksum: string;
}

/** What one run applied: the pending versioned migrations, then the repeatable files that had changed. */
export interface MigrateResult {
  versioned: Migration[];
  repeatable: RepeatableMigration[];
}

export class MigrationError extends Error {}

function checksumOf(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Versioned SQL files `NNNN_name.sql`, applied in order, each in its own transaction. */
export function loadMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8');
      return { version: Number(file.slice(0, 4)), name: file.slice(5, -4), sql, checksum: checksumOf(sql) };
    });
}

/**
 * Repeatable SQL files `functions/name.sql` in name order: the current definition of the database's functions
 * (`create or replace`), the one place to read and change them. The numbered migrations that created earlier
 * versions stay as history.
 */
export function loadRepeatableMigrations(): RepeatableMigration[] {
  return readdirSync(FUNCTIONS_DIR)
    .filter((f) => /^[a-z0-9_-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(new URL(name, FUNCTIONS_DIR), 'utf8');
      return { name, sql, checksum: checksumOf(sql) };
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

/**
 * Each repeatable file whose checksum is not the one recorded (new, or changed since) runs whole, with its record,
 * in one transaction: a file that fails changes nothing, so the functions keep their previous definitions.
 */
async function applyChangedRepeatables(exec: RawExec, files: RepeatableMigration[]): Promise<RepeatableMigration[]> {
  await exec(`create table if not exists schema_repeatable_migrations (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  const rows = await exec('select name, checksum from schema_repeatable_migrations');
  const applied = new Map(rows.map((r) => [String(r.name), String(r.checksum)]));
  const done: RepeatableMigration[] = [];
  for (const f of files) {
    if (applied.get(f.name) === f.checksum) continue;
    try {
      await exec(
        `begin;\n${f.sql}\n;insert into schema_repeatable_migrations (name, checksum) values (${literal(f.name)}, ${literal(f.checksum)})
          on conflict (name) do update set checksum = excluded.checksum, applied_at = now();\ncommit;`,
      );
    } catch (err) {
      await exec('rollback').catch(() => undefined);
      throw new MigrationError(
        `Repeatable migration functions/${f.name} failed: ${(err as Error).message}. Nothing of it was applied: ` +
          'the functions it defines keep their previous definitions. Fix the file and start again.',
      );
    }
    done.push(f);
  }
  return done;
}

/**
 * Bring the schema up to date: the pending versioned migrations, then the repeatable files that changed. Safe to
 * call from several processes at once (one advisory lock around both).
 */
export async function migrate(
  database: Database,
  migrations = loadMigrations(),
  repeatables = loadRepeatableMigrations(),
): Promise<MigrateResult> {
  return database.session(async (exec) => {
    await exec(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      const versioned = await applyPending(exec, migrations);
      return { versioned, repeatable: await applyChangedRepeatables(exec, repeatables) };
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
    }
  });
}
