import type { DatabaseConnection, Dialect, Driver, Kysely } from 'kysely';

/**
 * "Run this once the transaction has committed" for work that must never run for a rolled-back transaction
 * (pushed events after a journal, cache notices). The dialect's driver is wrapped: callbacks registered on a
 * transaction's connection run after its COMMIT succeeded and are dropped on ROLLBACK (or a failed COMMIT).
 */
const pending = new WeakMap<DatabaseConnection, Array<() => void>>();

function runAll(fns: Array<() => void> | undefined): void {
  for (const fn of fns ?? []) {
    try {
      fn();
    } catch {
      // A callback's own failure is its business (they log); the commit already happened.
    }
  }
}

function wrapDriver(d: Driver): Driver {
  return {
    init: () => d.init(),
    acquireConnection: () => d.acquireConnection(),
    releaseConnection: (c) => d.releaseConnection(c),
    destroy: () => d.destroy(),
    async beginTransaction(c, settings) {
      pending.delete(c);
      await d.beginTransaction(c, settings);
    },
    async commitTransaction(c) {
      const fns = pending.get(c);
      pending.delete(c);
      await d.commitTransaction(c);
      runAll(fns);
    },
    async rollbackTransaction(c) {
      pending.delete(c);
      await d.rollbackTransaction(c);
    },
    ...(d.savepoint && { savepoint: d.savepoint.bind(d) }),
    ...(d.rollbackToSavepoint && { rollbackToSavepoint: d.rollbackToSavepoint.bind(d) }),
    ...(d.releaseSavepoint && { releaseSavepoint: d.releaseSavepoint.bind(d) }),
  };
}

/** The dialect with after-commit callbacks (database.ts wraps both back ends with it). */
export function withAfterCommit(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => wrapDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/**
 * Runs `fn` once `executor`'s transaction commits (never if it rolls back); outside a transaction (a statement
 * that committed on its own) at once. Await it before the transaction can end.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function afterCommit(executor: Kysely<any>, fn: () => void): Promise<void> {
  if (!executor.isTransaction) return runAll([fn]);
  const connection = await executor.getExecutor().provideConnection(async (c) => c);
  const list = pending.get(connection);
  if (list) list.push(fn);
  else pending.set(connection, [fn]);
}
