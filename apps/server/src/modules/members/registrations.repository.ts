import { type Kysely, sql } from 'kysely';
import type { MembersTables } from './members.tables.ts';

/**
 * The back-office dashboard's read of the members table: registrations per local day of the merchant (free-play
 * trial accounts are not registrations), through members_created_idx (merchant_id, created_at).
 */
export function createRegistrationsRepository(db: Kysely<MembersTables>) {
  return {
    async registrationsByDay(
      merchantId: bigint,
      timezone: string,
      f: { fromDay: string; toDay: string; excludeTypes: readonly number[] },
    ): Promise<{ day: string; count: number }[]> {
      const { rows } = await sql<{ day: string; n: string }>`
        select to_char(m.created_at at time zone ${timezone}, 'YYYY-MM-DD') as day, count(*) as n
          from members m
         where m.merchant_id = ${merchantId}
           and m.created_at >= (${f.fromDay}::date::timestamp at time zone ${timezone})
           and m.created_at < ((${f.toDay}::date + 1)::timestamp at time zone ${timezone})
           and m.type <> all(${f.excludeTypes.map(Number)}::int[])
         group by 1`.execute(db);
      return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
    },
  };
}
