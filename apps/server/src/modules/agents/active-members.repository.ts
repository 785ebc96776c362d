import { type Kysely, sql } from 'kysely';
import type { AgentsTables } from './agents.tables.ts';

/**
 * The back-office dashboard's active players, from the daily per-member cells (agent_daily_stats): a member is
 * active on a day when the cell counts a settled bet (any source). Per day, and distinct over the whole range,
 * in one pass over the primary key range (merchant_id, day, …).
 */
export function createActiveMembersRepository(db: Kysely<AgentsTables>) {
  return {
    async activeMembers(
      merchantId: bigint,
      fromDay: string,
      toDay: string,
    ): Promise<{ perDay: { day: string; count: number }[]; distinct: number }> {
      const { rows } = await sql<{ day: string | null; n: string }>`
        select to_char(day, 'YYYY-MM-DD') as day, count(distinct member_id) as n
          from agent_daily_stats
         where merchant_id = ${merchantId} and day >= ${fromDay}::date and day <= ${toDay}::date and bet_count > 0
         group by grouping sets ((day), ())`.execute(db);
      return {
        perDay: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day!, count: Number(r.n) })),
        distinct: Number(rows.find((r) => r.day === null)?.n ?? 0),
      };
    },
  };
}
