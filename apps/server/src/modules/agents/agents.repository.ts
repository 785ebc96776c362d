import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { AgentsTables } from './agents.tables.ts';
import { type MemberOrder, type MemberOrderCache, mergeOrder, orderFromPairs } from './member-order.ts';
import { createRollupRepository } from './rollup.repository.ts';

/** Changed members above which an order is recomputed rather than brought forward. */
const MERGE_MAX_MEMBERS = 20_000;

export interface Figures {
  valid_bet: bigint;
  /** The settled bets' stake (≥ valid bet): the members' result is payout − stake. */
  stake: bigint;
  payout: bigint;
  bet_count: bigint;
  deposits: bigint;
  withdrawals: bigint;
  active: bigint;
}

/** Each team member's valid bet over the period, for members with activity in it (rows: member_id, vb). */
function periodValidBets(merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string, only?: number[]) {
  return sql<{ member_id: string; vb: string }>`
    select s.member_id, sum(s.valid_bet) as vb
      from agent_daily_stats s join (${team}) tm on tm.member_id = s.member_id
     where s.merchant_id = ${merchantId} and s.day >= ${from}::date and s.day <= ${to}::date
       and (s.bet_count > 0 or s.deposits > 0 or s.withdrawals > 0)
       ${only ? sql`and s.member_id = any(${only.map(String)}::bigint[])` : sql``}
     group by s.member_id`;
}

/**
 * The order at `version` from one at an older version: the members the writes in between touched (one change
 * list per version, read in the report's snapshot) get their period sums re-read and merged in. Undefined (so
 * the caller recomputes) when a change list was pruned or too many members changed.
 */
async function bringForward(
  trx: AnyDb,
  merchantId: bigint,
  team: RawBuilder<unknown>,
  p: { from: string; to: string },
  order: MemberOrder,
  version: bigint,
): Promise<MemberOrder | undefined> {
  const { rows } = await sql<{ member_ids: string[] }>`
    select member_ids::text[] as member_ids from agent_rollup_changes
     where merchant_id = ${merchantId} and version > ${order.version} and version <= ${version}`.execute(trx);
  if (BigInt(rows.length) !== version - order.version) return undefined;
  const changed = new Map<number, number | null>();
  for (const r of rows) for (const id of r.member_ids) changed.set(Number(id), null);
  if (changed.size > MERGE_MAX_MEMBERS) return undefined;
  const { rows: sums } = await periodValidBets(merchantId, team, p.from, p.to, [...changed.keys()]).execute(trx);
  for (const r of sums) changed.set(Number(r.member_id), Number(r.vb));
  return mergeOrder(order, changed, version);
}

/**
 * SQL of the agent reports. Every report reads the daily roll-up (agent_daily_stats) joined with a team subquery
 * that the members face builds from its closure table (`ancestor_id = agent and merchant_id = merchant`), so a
 * report can only ever sum the caller's own team.
 */
export function createAgentsRepository(db: Kysely<AgentsTables>) {
  /** Per member of `team`, its sums over [from, to]; the base of every report. */
  const perMember = (merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string) => sql`
    select s.member_id, min(tm.depth) as depth, sum(s.valid_bet)::bigint as vb, sum(s.stake)::bigint as st,
           sum(s.payout)::bigint as po,
           sum(s.bet_count)::bigint as bc, sum(s.deposits)::bigint as dp, sum(s.withdrawals)::bigint as wd
      from agent_daily_stats s join (${team}) tm on tm.member_id = s.member_id
     where s.merchant_id = ${merchantId} and s.day >= ${from}::date and s.day <= ${to}::date
     group by s.member_id`;

  const sums = (activeMin: bigint) => sql`
    coalesce(sum(vb), 0)::bigint as valid_bet, coalesce(sum(st), 0)::bigint as stake,
    coalesce(sum(po), 0)::bigint as payout,
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
    /** The roll-up's own rows: cells, marks, the team roll-up and its audit (rollup.repository.ts). */
    ...createRollupRepository(db),

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

    /**
     * The team roll-up's figures of the team of `agentId` (itself included, at depth 0) over [from, to], grouped
     * by level ('depth'), by day ('day') or not at all ('all'): a read of ≤ days × levels rows plus the agent's
     * own cells. Active members and listed members come from agent_team_active (distinct over the period).
     */
    async teamFigures(merchantId: bigint, agentId: bigint, from: string, to: string, by: 'all' | 'depth' | 'day') {
      const key = by === 'depth' ? sql`depth` : by === 'day' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`0`;
      // A member counts once over the period; per day, once that day.
      const first = by === 'day' ? sql`true` : sql`gap > day - ${from}::date`;
      const { rows } = await sql<Figures & { k: number | string; members: bigint }>`
        with f as (
          select ${key} as k, sum(valid_bet) as vb, sum(stake) as st, sum(payout) as po, sum(bet_count) as bc,
                 sum(deposits) as dp, sum(withdrawals) as wd
            from (select day, depth, valid_bet, stake, payout, bet_count, deposits, withdrawals from agent_team_daily
                   where agent_id = ${agentId} and merchant_id = ${merchantId}
                     and day >= ${from}::date and day <= ${to}::date
                  union all
                  select day, 0, valid_bet, stake, payout, bet_count, deposits, withdrawals from agent_daily_stats
                   where member_id = ${agentId} and merchant_id = ${merchantId}
                     and day >= ${from}::date and day <= ${to}::date) x
           group by 1),
        own as (
          select day, bet_count > 0 as a, (bet_count > 0 or deposits > 0 or withdrawals > 0) as l
            from agent_daily_stats
           where member_id = ${agentId} and merchant_id = ${merchantId} and day >= ${from}::date and day <= ${to}::date),
        n as (
          select ${key} as k, sum(members) filter (where kind = 'a') as active, sum(members) filter (where kind = 'l') as listed
            from (select day, depth, kind, members from agent_team_active
                   where agent_id = ${agentId} and merchant_id = ${merchantId}
                     and day >= ${from}::date and day <= ${to}::date and ${first}
                  union all
                  select day, 0, 'a', 1 from (select day from own where a order by day limit ${by === 'day' ? sql`null` : sql`1`}) o
                  union all
                  select day, 0, 'l', 1 from (select day from own where l order by day limit ${by === 'day' ? sql`null` : sql`1`}) o
                 ) y
           group by 1)
        select f.k, coalesce(f.vb, 0)::bigint as valid_bet, coalesce(f.st, 0)::bigint as stake,
               coalesce(f.po, 0)::bigint as payout,
               coalesce(f.bc, 0)::bigint as bet_count, coalesce(f.dp, 0)::bigint as deposits,
               coalesce(f.wd, 0)::bigint as withdrawals, coalesce(n.active, 0)::bigint as active,
               coalesce(n.listed, 0)::bigint as members
          from f left join n on n.k = f.k
         where n.listed > 0 or f.vb <> 0 or f.st <> 0 or f.po <> 0 or f.bc <> 0 or f.dp <> 0 or f.wd <> 0
         order by f.k`.execute(db);
      return rows;
    },

    /** The team's figures over the period (one row). */
    async totals(merchantId: bigint, team: RawBuilder<unknown>, from: string, to: string, activeMin: bigint) {
      const rows = await roomy(sql<Figures>`with pm as (${perMember(merchantId, team, from, to)})
        select ${sums(activeMin)} from pm`);
      return rows[0]!;
    },

    /**
     * Per member with activity in the period (most valid bet first, then member id), a page, with the count.
     * The order of the whole list needs every member's period sum; it is computed once per state of the cells
     * (the merchant's version, read in the same repeatable-read snapshot as the cells) and kept in `orders`, so
     * the next pages and the next requests until the roll-up writes again only read the figures of their rows.
     * One member (`memberId`): read directly.
     */
    async byMember(
      merchantId: bigint,
      team: RawBuilder<unknown>,
      p: {
        agentId: bigint;
        from: string;
        to: string;
        activeMin: bigint;
        memberId?: bigint;
        offset: number;
        limit: number;
        orders?: MemberOrderCache;
      },
    ) {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          await sql`set local work_mem = '64MB'`.execute(trx);
          let ids: bigint[];
          let total: number;
          if (p.memberId !== undefined) {
            ids = [p.memberId];
            total = -1; // from the figures below: 1 when it has activity, else 0
          } else {
            const { rows: v } = await sql<{ version: string }>`
              select version::text as version from agent_rollup_versions where merchant_id = ${merchantId}`.execute(
              trx,
            );
            const version = BigInt(v[0]?.version ?? 0);
            const key = `${merchantId}:${p.agentId}:${p.from}:${p.to}`;
            let order: MemberOrder | undefined = p.orders?.get(key);
            if (order && order.version < version) order = await bringForward(trx, merchantId, team, p, order, version);
            else if (order && order.version > version) order = undefined; // a newer order than this snapshot
            if (!order) {
              // Members with something in the period (a cell recounted to zero, e.g. a rolled-back bet, is not
              // listed; every figure is ≥ 0, so a member is listed iff one of its cells has a bet, a deposit or
              // a withdrawal), by their period valid bet.
              const { rows } = await sql<{ pairs: string | null }>`
                select string_agg(member_id::text || ':' || vb::text, ',' order by vb desc, member_id) as pairs
                  from (${periodValidBets(merchantId, team, p.from, p.to)}) pm`.execute(trx);
              order = orderFromPairs(version, rows[0]?.pairs ?? null);
            }
            p.orders?.set(key, order);
            ids = Array.from(order.ids.subarray(p.offset, p.offset + p.limit), (n) => BigInt(n));
            total = order.ids.length;
          }
          if (ids.length === 0) return { rows: [], total: Math.max(total, 0) };
          const { rows } = await sql<Figures & { member_id: bigint; depth: number }>`
            select s.member_id, min(tm.depth) as depth, sum(s.valid_bet)::bigint as valid_bet,
                   sum(s.stake)::bigint as stake, sum(s.payout)::bigint as payout, sum(s.bet_count)::bigint as bet_count,
                   sum(s.deposits)::bigint as deposits, sum(s.withdrawals)::bigint as withdrawals,
                   (case when sum(s.bet_count) > 0 and sum(s.valid_bet) >= ${p.activeMin} then 1 else 0 end)::bigint as active
              from agent_daily_stats s join (${team}) tm on tm.member_id = s.member_id
             where s.merchant_id = ${merchantId} and s.member_id = any(${ids.map(String)}::bigint[])
               and s.day >= ${p.from}::date and s.day <= ${p.to}::date
             group by s.member_id
            having sum(s.bet_count) > 0 or sum(s.deposits) > 0 or sum(s.withdrawals) > 0`.execute(trx);
          const byId = new Map(rows.map((r) => [BigInt(r.member_id), r]));
          const page = ids.flatMap((id) => byId.get(id) ?? []);
          return { rows: page, total: total < 0 ? page.length : total };
        });
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
          select to_char(s.day, 'YYYY-MM-DD') as day, s.member_id, sum(s.valid_bet)::bigint as vb,
                 sum(s.stake)::bigint as st, sum(s.payout)::bigint as po,
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
          select hd.head_id, s.member_id, sum(s.valid_bet)::bigint as vb, sum(s.stake)::bigint as st,
                 sum(s.payout)::bigint as po,
                 sum(s.bet_count)::bigint as bc, sum(s.deposits)::bigint as dp, sum(s.withdrawals)::bigint as wd
            from agent_daily_stats s join (${heads}) hd on hd.member_id = s.member_id
           where s.merchant_id = ${merchantId} and s.day >= ${from}::date and s.day <= ${to}::date
           group by 1, 2)
        select head_id, ${sums(activeMin)} from pm group by head_id`);
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
