import { CompiledQuery } from 'kysely';
import type { Database } from './database.ts';

/**
 * pg-boss's connection, on ours (PGlite or PostgreSQL): parameterless SQL may be a multi-statement script
 * (pg-boss's own migrations), which only the raw session runs; everything else is one parameterised query.
 */
export function jobQueueDb(database: Database): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) return { rows: await database.session((exec) => exec(text)) };
      const r = await database.db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: r.rows as unknown[] };
    },
  };
}
