import type { ColumnType } from 'kysely';

/** Column types shared by every module's table declarations (`modules/<name>/<name>.tables.ts`). */

/** int8 columns: always `bigint` when read (normalised in database.ts), any integer form when written. */
export type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
export type Int8Id = ColumnType<bigint, never, never>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
