import type { ColumnType } from 'kysely';

/** Column types shared by every module's table declarations (`modules/<name>/<name>.tables.ts`). */

/** int8 columns: always `bigint` when read (normalised in database.ts), any integer form when written. */
export type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
export type Int8Id = ColumnType<bigint, never, never>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

type NullableInt = ColumnType<number | null, number | null | undefined, number | null>;
type NullableInt8 = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
/**
 * The wagering terms of a reward paid as bonus money (migrations 0215, 0240): the same four nullable columns on
 * every table of a reward programme (all null: paid as cash). Read and written through bonus.reward-terms.ts.
 */
export interface BonusTermsColumns {
  bonus_multiplier: NullableInt;
  bonus_max_conversion: NullableInt8;
  bonus_max_stake: NullableInt8;
  bonus_expiry_days: NullableInt;
}
