import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import {
  loadMigrations,
  loadRepeatableMigrations,
  MigrationError,
  migrate,
  type RepeatableMigration,
} from '../src/db/migrate.ts';
import { createEmptyDatabase } from './helpers/test-db.ts';

/**
 * The repeatable migrations of db/functions/: the database's functions are defined there, once, and the migrator
 * applies a file again (after the numbered migrations, under their lock) exactly when its checksum changed.
 */

const none = { versioned: [], repeatable: [] };

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function emptyDatabase() {
  const empty = await createEmptyDatabase();
  cleanup = empty.destroy;
  return empty;
}

/** name(argument types) → pg_get_functiondef of every function in `schema`, the schema name written as `public`. */
async function definitions(exec: (sql: string) => Promise<Record<string, unknown>[]>, schema = 'public') {
  const rows = await exec(`select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as sig,
      pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = '${schema}' order by 1`);
  return Object.fromEntries(
    rows.map((r) => [String(r.sig), String(r.def).replace(`FUNCTION ${schema}.`, 'FUNCTION ')]),
  );
}

const definitionsIn = (db: Database) => db.session((exec) => definitions(exec));

/** What the files alone define: every file run into an empty schema of its own, then rolled back. */
async function definitionsOfTheFiles(db: Database) {
  return db.session(async (exec) => {
    await exec('begin; create schema fn_probe; set local search_path = fn_probe');
    try {
      for (const f of loadRepeatableMigrations()) await exec(f.sql);
      return await definitions(exec, 'fn_probe');
    } finally {
      await exec('rollback');
    }
  });
}

async function recorded(db: Database) {
  return db.db
    .selectFrom('schema_repeatable_migrations')
    .select(['name', 'checksum', 'applied_at'])
    .orderBy('name')
    .execute();
}

const names = (files: RepeatableMigration[]) => files.map((f) => f.name);

/** The files with ledger.sql replaced by `change(its sql)`. */
function withLedger(change: (sql: string) => string): RepeatableMigration[] {
  return loadRepeatableMigrations().map((f) => {
    if (f.name !== 'ledger.sql') return f;
    const sql = change(f.sql);
    return { ...f, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

const WORKER = fileURLToPath(new URL('./helpers/migrate-worker.ts', import.meta.url));

/**
 * src/db/migrate.ts in a process of its own, with `appended` at the end of ledger.sql: `ready` once the process is
 * connected, `go()` to migrate, `applied` = the files it applied.
 */
function migratorProcess(url: string, appended: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, url, appended], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const applied = new Promise<string[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.slice('ready\n'.length)) as string[])
        : reject(new Error(`migrate-worker exited ${code}: ${out}`)),
    );
  });
  const ready = new Promise<void>((resolve, reject) => {
    applied.catch(reject); // a process that dies before it is ready
    child.stdout.on('data', (d) => {
      out += d;
      if (out.startsWith('ready\n')) resolve();
    });
  });
  child.stderr.on('data', (d) => (out += d));
  return { ready, go: () => child.stdin.end('go\n'), applied };
}

const appendOnlyMessage = (db: Database) =>
  db.session(async (exec) => (await definitions(exec))['ledger_append_only()']);

describe(`repeatable migrations (db/functions) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('leave every function of the database exactly as its file defines it, on a fresh database', async () => {
    const { db } = await emptyDatabase();
    const first = await migrate(db);
    expect(first.versioned).toHaveLength(loadMigrations().length);
    expect(names(first.repeatable)).toEqual(names(loadRepeatableMigrations()));
    expect(names(first.repeatable)).toContain('ledger.sql');
    const fromFiles = await definitionsOfTheFiles(db);
    expect(Object.keys(fromFiles)).toEqual(
      expect.arrayContaining(['ledger_post_batch(ps jsonb)', 'ledger_post_batch_runs(ps jsonb)']),
    );
    // Every function in the database comes from a file (none only from a numbered migration), with the file's body.
    const inDatabase = await definitionsIn(db);
    const missing = Object.keys(inDatabase).filter((fn) => !(fn in fromFiles));
    expect(missing, 'functions a numbered migration created that no file of db/functions/ defines').toEqual([]);
    expect(inDatabase).toEqual(fromFiles);
    expect((await recorded(db)).map((r) => [r.name, r.checksum])).toEqual(
      loadRepeatableMigrations().map((f) => [f.name, f.checksum]),
    );
    expect(await migrate(db)).toEqual(none);
  }, 120_000);

  it('apply the files once to a database migrated before they existed', async () => {
    const { db } = await emptyDatabase();
    // The migrator before db/functions: the numbered migrations only, no record of repeatable files.
    await migrate(db, loadMigrations(), []);
    await db.session((exec) => exec('drop table schema_repeatable_migrations'));
    const second = await migrate(db);
    expect(second.versioned).toEqual([]);
    expect(names(second.repeatable)).toEqual(names(loadRepeatableMigrations()));
    expect(await definitionsIn(db)).toEqual(await definitionsOfTheFiles(db));
    expect(await migrate(db)).toEqual(none);
  }, 120_000);

  it('apply a changed file again, once, and leave the unchanged ones alone', async () => {
    const { db } = await emptyDatabase();
    await migrate(db);
    const before = await recorded(db);
    const changed = withLedger((sql) => sql.replace('ledger rows are append-only', 'ledger rows never change'));
    const run = await migrate(db, loadMigrations(), changed);
    expect(run.versioned).toEqual([]);
    expect(names(run.repeatable)).toEqual(['ledger.sql']);
    expect(await appendOnlyMessage(db)).toContain('ledger rows never change');
    const after = await recorded(db);
    expect(after.find((r) => r.name === 'ledger.sql')?.checksum).toBe(
      changed.find((f) => f.name === 'ledger.sql')?.checksum,
    );
    expect(after.filter((r) => r.name !== 'ledger.sql')).toEqual(before.filter((r) => r.name !== 'ledger.sql'));
    expect(await migrate(db, loadMigrations(), changed)).toEqual(none);
    // Back to the file as it is: its checksum differs from the recorded one again, so it is applied again.
    expect(names((await migrate(db)).repeatable)).toEqual(['ledger.sql']);
    expect(await appendOnlyMessage(db)).toContain('ledger rows are append-only');
  }, 120_000);

  it('apply a changed file once when two processes migrate at once', async () => {
    const { db, url } = await emptyDatabase();
    await migrate(db);
    await db.session((exec) => exec('create table fn_probe_runs (at timestamptz not null default now())'));
    // The change counts its runs, and takes a while, so that a second migrator without the lock would overlap it.
    const appended = ';insert into fn_probe_runs default values; select pg_sleep(0.3);';
    let applied: string[];
    if (url) {
      // PostgreSQL: two server processes starting together.
      const both = [migratorProcess(url, appended), migratorProcess(url, appended)];
      await Promise.all(both.map((p) => p.ready));
      for (const p of both) p.go();
      applied = (await Promise.all(both.map((p) => p.applied))).flat();
    } else {
      // PGlite serves one process (a lock file on its folder): two migrators in it share the handle.
      const changed = withLedger((sql) => `${sql}\n${appended}`);
      const runs = await Promise.all([migrate(db, loadMigrations(), changed), migrate(db, loadMigrations(), changed)]);
      applied = runs.flatMap((r) => names(r.repeatable));
    }
    expect(applied).toEqual(['ledger.sql']);
    const counted = await db.session((exec) => exec('select count(*)::int as n from fn_probe_runs'));
    expect(counted[0]?.n).toBe(1);
    expect(await appendOnlyMessage(db)).toContain('ledger rows are append-only'); // usable after
  }, 120_000);

  it('stop at a broken file with a clear message and keep the previous definitions', async () => {
    const { db } = await emptyDatabase();
    await migrate(db);
    const before = await definitionsIn(db);
    const recordBefore = await recorded(db);
    // The first function of the file changes, then a later statement fails: none of the file may stay applied.
    const broken = withLedger(
      (sql) =>
        `${sql.replace('ledger rows are append-only', 'ledger rows never change')}\ncreate or replace function ledger_broken() returns int language plpgsql as $$ begin retrun 1; end $$;`,
    );
    const failed = migrate(db, loadMigrations(), broken);
    await expect(failed).rejects.toBeInstanceOf(MigrationError);
    await expect(failed).rejects.toThrow(
      /^Repeatable migration functions\/ledger\.sql failed: syntax error .*the functions it defines keep their previous definitions/,
    );
    expect(await definitionsIn(db)).toEqual(before);
    expect(await recorded(db)).toEqual(recordBefore);
    expect(await migrate(db)).toEqual(none); // the session is usable, and the file as it is stays applied
  }, 120_000);

  it('are where a function changes: a later numbered migration only creates a new one, which a file defines too', () => {
    // Numbered migrations up to 0043 created and replaced the functions' earlier versions (history). From now on a
    // numbered migration may only create a function its own statements need (a new trigger's function: the files
    // run after the numbered migrations), which a file then defines too; replacing one there would be overwritten.
    const created = (sql: string, how: string) =>
      [...sql.matchAll(new RegExp(`create\\s+${how}function\\s+([a-z0-9_]+)`, 'gi'))].map((m) => m[1]!.toLowerCase());
    const inFiles = new Set(loadRepeatableMigrations().flatMap((f) => created(f.sql, '(?:or\\s+replace\\s+)?')));
    expect(inFiles).toContain('ledger_post_batch');
    const later = loadMigrations().filter((m) => m.version > 43);
    const replaced = later.flatMap((m) =>
      created(m.sql, 'or\\s+replace\\s+').map((fn) => `${m.version}_${m.name}: ${fn}`),
    );
    expect(replaced, 'functions replaced by a numbered migration instead of their file').toEqual([]);
    const notInFiles = later.flatMap((m) =>
      created(m.sql, '').flatMap((fn) => (inFiles.has(fn) ? [] : [`${m.version}_${m.name}: ${fn}`])),
    );
    expect(notInFiles, 'functions created by a numbered migration that no file of db/functions/ defines').toEqual([]);
  });
});
