import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * PGlite is one session on one thread: every query, and every transaction as a whole, must run alone.
 * This FIFO mutex is the queue all DB work goes through (queries, transactions and raw scripts).
 */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const prev = this.#tail;
    this.#tail = prev.then(() => next);
    return prev.then(() => release);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    return {
      rows: r.rows,
      numAffectedRows: r.affectedRows !== undefined ? BigInt(r.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- streaming is not supported by PGlite; fail loudly.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  #release: (() => void) | undefined;
  readonly #conn: PGliteConnection;

  constructor(
    private readonly pg: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.#conn = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.mutex.lock();
    return this.#conn;
  }

  async beginTransaction(c: DatabaseConnection, s: TransactionSettings): Promise<void> {
    let q = 'begin';
    if (s.isolationLevel) q += ` isolation level ${s.isolationLevel}`;
    if (s.accessMode) q += ` ${s.accessMode}`;
    await c.executeQuery(CompiledQuery.raw(q));
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    private readonly mutex: Mutex,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.mutex);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface takes Kysely<any>.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
