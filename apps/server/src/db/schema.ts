import type { Kysely } from 'kysely';
import type { CreatedAt } from './columns.ts';

/**
 * The database layer knows only its own table. Every other table belongs to one module, which declares it in
 * `modules/<name>/<name>.tables.ts` and reads it through `tablesOf<ItsTables>(db)`: a repository can only name
 * the tables of its own module, so "one owner per table" is checked by the compiler.
 */
export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

/** One row per file of db/functions/ (repeatable migrations): the checksum it was last applied with. */
export interface SchemaRepeatableMigrationsTable {
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

export interface CoreTables {
  schema_migrations: SchemaMigrationsTable;
  schema_repeatable_migrations: SchemaRepeatableMigrationsTable;
}

/**
 * The database, or a transaction on it, as it passes between modules (a module that joins another's
 * transaction receives it like this). Kysely's table map is invariant, hence the one `any` of the code base.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** The same handle (database or transaction), typed with the tables of one module. */
export function tablesOf<T>(db: AnyDb): Kysely<T> {
  return db as Kysely<T>;
}
