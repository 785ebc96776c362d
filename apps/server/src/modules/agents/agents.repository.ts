import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { AgentsTables } from './agents.tables.ts';

export interface Figures {
  valid_bet: bigint;
  payout: bigint;
  bet_count: bigint;
  deposits: bigint;
  withdrawals: bigint;
  active: bigint;
}

export interface StatsCell {
  memberId: bigint;
  day: string;
  validBet: bigint;
  payout: bigint;
  betCount: number;
  deposits: bigint;
  withdrawals: bigint;
}

export type RollupSource = 'rounds' | 'deposits' | 'withdrawals';

/**
 * SQL of the agent reports. Every report reads the daily roll-up (agent_daily_stats) joined with a team subquery
 * that the members face builds from its closure table (`ancestor_id = agent and merchant_id = merchant`), so a
 * report can only ever sum the caller's own team.
 */
export function createAgentsRepository(db: Kysely<AgentsTables>) {
  /** Per member of `team`, its sums over [from, to]; the base of every report. */
  const perMember = (merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string) => sql`
    select s.member_id, min(tm.depth) as depth, sum(s.valid_bet)::bigint as vb, sum(s.payout)::bigint as po,
           sum(s.bet_count)::bigint as bc, sum(s.deposits)::bigint as dp, sum(s.withdrawals)::bigint as wd
      from agent_daily_stats s join (${team}) tm on tm.member_id = s.member_id
     where s.merchant_id = ${merchantId} and s.day >= ${from}::date and s.day <= ${to}::date
     group by s.member_id`;

  const sums = (activeMin: bigint) => sql`
    coalesce(sum(vb), 0)::bigint as valid_bet, coalesce(sum(po), 0)::bigint as payout,
    coalesce(sum(bc), 0)::bigint as bet_count, coalesce(sum(dp), 0)::bigint as deposits,
    coalesce(sum(wd), 0)::bigint as withdrawals,
    count(*) filter (where bc > 0 and vb >= ${activeMin})::bigint as active`;

  /**
   * A report query with room to aggregate in memory (one group per team member: 100,000 groups do not fit the
   * default 4 MB and would spill to disk), in its own read transaction.
   */
  const roomy = <T>(query: RawBuilder<T>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local work_mem = '64MB'`.execute(trx);
      return (await query.execute(trx)).rows;
    });

  return {
    async settings(merchantId: bigint): Promise<{ maxRebatePoint: string; activeMinBet: bigint }> {
      const { rows } = await sql<{ max_rebate_point: string; active_min_bet: bigint }>`
        select max_rebate_point::text as max_rebate_point, active_min_bet from agent_settings
         where merchant_id = ${merchantId}`.execute(db);
      const r = rows[0];
      return { maxRebatePoint: r?.max_rebate_point ?? '13.0', activeMinBet: r?.active_min_bet ?? 0n };
    },

    async saveSettings(
      merchantId: bigint,
      v: { maxRebatePoint: string; activeMinBet: bigint },
      executor?: AnyDb,
    ): Promise<void> {
      await sql`insert into agent_settings (merchant_id, max_rebate_point, active_min_bet)
        values (${merchantId}, ${v.maxRebatePoint}::numeric, ${v.activeMinBet})
        on conflict (merchant_id) do update set max_rebate_point = excluded.max_rebate_point,
          active_min_bet = excluded.active_min_bet, updated_at = now()`.execute(executor ?? db);
    },

    async marks(merchantId: bigint): Promise<Map<RollupSource, Date>> {
      const rows = await db
        .selectFrom('agent_rollup_marks')
        .select(['source', 'mark'])
        .where('merchant_id', '=', merchantId)
        .execute();
      return new Map(rows.map((r) => [r.source, r.mark]));
    },

    async saveMark(merchantId: bigint, source: RollupSource, mark: Date): Promise<void> {
      await db
        .insertInto('agent_rollup_marks')
        .values({ merchant_id: merchantId, source, mark })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'source'])
            .doUpdateSet({ mark: sql`greatest(agent_rollup_marks.mark, excluded.mark)`, updated_at: new Date() }),
        )
        .execute();
    },

    /** Writes full recounts of cells (insert or replace): re-running with the same sources changes nothing. */
    async upsertCells(merchantId: bigint, cells: StatsCell[]): Promise<void> {
      for (let i = 0; i < cells.length; i += 1000) {
        const chunk = cells.slice(i, i + 1000);
        await db
          .insertInto('agent_daily_stats')
          .values(
            chunk.map((c) => ({
              merchant_id: merchantId,
              day: c.day,
              member_id: c.memberId,
              valid_bet: c.validBet,
              payout: c.payout,
              bet_count: c.betCount,
              deposits: c.deposits,
              withdrawals: c.withdrawals,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['merchant_id', 'day', 'member_id']).doUpdateSet({
              valid_bet: (eb) => eb.ref('excluded.valid_bet'),
              payout: (eb) => eb.ref('excluded.payout'),
              bet_count: (eb) => eb.ref('excluded.bet_count'),
              deposits: (eb) => eb.ref('excluded.deposits'),
              withdrawals: (eb) => eb.ref('excluded.withdrawals'),
              updated_at: new Date(),
            }),
          )
          .execute();
      }
    },

    /** The team's figures over the period (one row). */
    async totals(merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string, activeMin: bigint) {
      const rows = await roomy(sql<Figures>`with pm as (${perMember(merchantId, team, from, to)})
        select ${sums(activeMin)} from pm`);
      return rows[0]!;
    },

    /** Per member with activity in the period (most valid bet first), a page, with the count. */
    async byMember(
      merchantId: bigint,
      team: RawBuilder<unknown>,
      p: { from: string; to: string; activeMin: bigint; memberId?: bigint; offset: number; limit: number },
    ) {
      // Members with something in the period (a cell recounted to zero, e.g. a rolled-back bet, is not listed).
      const only = sql`where (bc > 0 or dp > 0 or wd > 0) ${p.memberId !== undefined ? sql`and member_id = ${p.memberId}` : sql``}`;
      // One pass: the page and the count of the whole list (window count).
      const rows = await roomy(sql<Figures & { member_id: bigint; depth: number; n: string }>`
        with pm as (${perMember(merchantId, team, p.from, p.to)})
        select member_id, depth, vb as valid_bet, po as payout, bc as bet_count, dp as deposits, wd as withdrawals,
               (case when bc > 0 and vb >= ${p.activeMin} then 1 else 0 end)::bigint as active, count(*) over () as n
          from pm ${only}
         order by vb desc, member_id limit ${p.limit} offset ${p.offset}`);
      let total = Number(rows[0]?.n ?? 0);
      if (rows.length === 0 && p.offset > 0) {
        const c = await roomy(
          sql<{
            n: string;
          }>`with pm as (${perMember(merchantId, team, p.from, p.to)}) select count(*) as n from pm ${only}`,
        );
        total = Number(c[0]?.n ?? 0);
      }
      return { rows, total };
    },

    /** Per level below the agent (0: itself) over the period. */
    async byLevel(merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string, activeMin: bigint) {
      return roomy(sql<Figures & { depth: number; members: bigint }>`
        with pm as (${perMember(merchantId, team, from, to)})
        select depth, count(*)::bigint as members, ${sums(activeMin)} from pm group by depth order by depth`);
    },

    /** Per local day of the period (days without activity omitted). */
    async byDay(merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string, activeMin: bigint) {
      return roomy(sql<Figures & { day: string }>`
        with pd as (
          select to_char(s.day, 'YYYY-MM-DD') as day, s.member_id, sum(s.valid_bet)::bigint as vb, sum(s.payout)::bigint as po,
                 sum(s.bet_count)::bigint as bc, sum(s.deposits)::bigint as dp, sum(s.withdrawals)::bigint as wd
            from agent_daily_stats s join (${team}) tm on tm.member_id = s.member_id
           where s.merchant_id = ${merchantId} and s.day >= ${from}::date and s.day <= ${to}::date
           group by 1, 2)
        select day, ${sums(activeMin)} from pd group by day order by day`);
    },

    /** Per direct downline (head_id of `heads`), its whole team's figures over the period. */
    async byHead(merchantId: bigint, heads: RawBuilder<unknown>, from: string, to: string, activeMin: bigint) {
      return roomy(sql<Figures & { head_id: bigint }>`
        with pm as (
          select hd.head_id, s.member_id, sum(s.valid_bet)::bigint as vb, sum(s.payout)::bigint as po,
                 sum(s.bet_count)::bigint as bc, sum(s.deposits)::bigint as dp, sum(s.withdrawals)::bigint as wd
            from agent_daily_stats s join (${heads}) hd on hd.member_id = s.member_id
           where s.merchant_id = ${merchantId} and s.day >= ${from}::date and s.day <= ${to}::date
           group by 1, 2)
        select head_id, ${sums(activeMin)} from pm group by head_id`);
    },

    /** The newest source change the roll-up has included (over all sources), null before its first run. */
    async freshAsOf(merchantId: bigint): Promise<Date | null> {
      const r = await db
        .selectFrom('agent_rollup_marks')
        .select((eb) => eb.fn.max('mark').as('m'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return (r?.m as Date | null | undefined) ?? null;
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
