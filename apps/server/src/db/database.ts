import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { Mutex, PGliteDialect } from './pglite-dialect.ts';
import type { CoreTables } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export type RawExec = (script: string) => Promise<Record<string, unknown>[]>;

/** The database handle every module receives. Kysely for queries; `execScript` for multi-statement SQL. */
export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<CoreTables>;
  /**
   * Run `fn` on one dedicated session (PGlite: holding the queue; PostgreSQL: one pooled client).
   * `exec` runs a multi-statement script and returns the rows of its last statement. For migrations and
   * maintenance scripts only, never user input.
   */
  session<T>(fn: (exec: RawExec) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding the migration lock (PostgreSQL: an advisory lock on a session of its own, so
   * processes starting together take turns; PGlite: one process owns the data folder, `fn` just runs).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (test templates, backups of the embedded setup). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number; applicationName?: string };

const INT8_OID = 20;
/** Any constant: serialises migrations and start-up seeding of several server processes starting at once. */
export const MIGRATION_LOCK_KEY = 724_300_101;

/** Normalise result types in one place: int8 → bigint on both back ends (PGlite: see openPGlite). */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (v: string) => BigInt(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.kind === 'pglite' ? openPGlite(opts) : openPostgres(opts);
}

async function openPGlite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const pglite = new PGlite({
    // PGlite parses int8 to number when it fits and to bigint when not; money code needs one type.
    parsers: { [INT8_OID]: (v: string) => BigInt(v) },
    ...(opts.dataDir && { dataDir: opts.dataDir }),
    ...(opts.loadDataDir && { loadDataDir: opts.loadDataDir }),
  });
  await pglite.waitReady;
  const mutex = new Mutex();
  const db = new Kysely<CoreTables>({ dialect: new PGliteDialect(pglite, mutex) });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    session: (fn) =>
      mutex.run(() =>
        fn(async (script) => {
          const results = await pglite.exec(script);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }),
      ),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await mutex.run(() => pglite.close());
    },
    exclusive: (fn) => fn(),
    dump: () => mutex.run(async () => (await pglite.dumpDataDir('none')) as Blob),
  };
}

async function openPostgres(opts: { url: string; poolSize?: number; applicationName?: string }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 20,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    types: pgTypes,
    application_name: opts.applicationName ?? 'sea-server',
  });
  // A client that loses its connection emits 'error': on the pool while idle, on the client itself while checked
  // out. Without a listener either kills the process; the query under way fails and is answered 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    session: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        return await fn(async (script) => {
          try {
            const res = (await client.query(script)) as pg.QueryResult | pg.QueryResult[];
            const last = Array.isArray(res) ? res.at(-1) : res;
            return (last?.rows ?? []) as Record<string, unknown>[];
          } catch (err) {
            broken = true;
            throw err;
          }
        });
      } finally {
        client.release(broken);
      }
    },
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    exclusive: async (fn) => {
      // A connection of its own (not the pool's): `fn` may need every pooled one.
      const client = new pg.Client({ connectionString: opts.url, application_name: 'sea-server-lock' });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await client.end().catch(() => undefined); // ending the session releases the lock
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
      // Kysely ends the pool only if it ran a query itself: a handle used through session() alone (the migrator,
      // a start-up that failed while migrating) would keep its idle connections, and the process, alive.
      if (!pool.ended) await pool.end();
    },
  };
}
