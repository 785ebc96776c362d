import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { AgentsTables } from './agents.tables.ts';
import { MAX_PERIOD_DAYS } from './period.ts';

/** Versions of change lists kept: an order older than that is recomputed (one roll-up pass a minute: a day). */
const CHANGES_KEPT = 1440n;

export interface StatsCell {
  memberId: bigint;
  day: string;
  validBet: bigint;
  /** The stake of the settled bets (valid bet ≤ stake: a hedged round counts less; the members' result uses it). */
  stake: bigint;
  payout: bigint;
  betCount: number;
  deposits: bigint;
  withdrawals: bigint;
}

/** A roll-up source with its own mark (the check of agent_rollup_marks.source lists the same names). */
export type RollupSource = 'rounds' | 'lottery' | 'deposits' | 'withdrawals';

/** Days a qualifying-day gap is capped at: one more than the longest report period. */
export const GAP_CAP = MAX_PERIOD_DAYS + 1;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

const QUALIFIES: Record<'a' | 'l', (c: StatsCell) => boolean> = {
  a: (c) => c.betCount > 0,
  l: (c) => c.betCount > 0 || c.deposits > 0n || c.withdrawals > 0n,
};

export interface TeamDeltas {
  figures: StatsCell[];
  active: { memberId: bigint; day: string; kind: 'a' | 'l'; gap: number; members: number }[];
}

/**
 * What writing `cells` over the stored `old` cells (every stored cell of those members within GAP_CAP days of
 * them) changes: the figure deltas per member-day, and the qualifying-day rows (member, day, kind, gap) that
 * appear (+1) or disappear (−1). Gaps of days far from the new cells come out the same before and after.
 */
export function teamDeltas(old: Map<string, StatsCell>, cells: StatsCell[]): TeamDeltas {
  const figures: StatsCell[] = [];
  const byMember = new Map<bigint, { before: StatsCell[]; after: Map<string, StatsCell> }>();
  for (const c of old.values()) {
    let m = byMember.get(c.memberId);
    if (!m) byMember.set(c.memberId, (m = { before: [], after: new Map() }));
    m.before.push(c);
    m.after.set(c.day, c);
  }
  for (const c of cells) {
    const o = old.get(`${c.memberId}:${c.day}`);
    const d: StatsCell = {
      memberId: c.memberId,
      day: c.day,
      validBet: c.validBet - (o?.validBet ?? 0n),
      stake: c.stake - (o?.stake ?? 0n),
      payout: c.payout - (o?.payout ?? 0n),
      betCount: c.betCount - (o?.betCount ?? 0),
      deposits: c.deposits - (o?.deposits ?? 0n),
      withdrawals: c.withdrawals - (o?.withdrawals ?? 0n),
    };
    if (d.validBet || d.stake || d.payout || d.betCount || d.deposits || d.withdrawals) figures.push(d);
    let m = byMember.get(c.memberId);
    if (!m) byMember.set(c.memberId, (m = { before: [], after: new Map() }));
    m.after.set(c.day, c);
  }
  const counts = new Map<string, { memberId: bigint; day: string; kind: 'a' | 'l'; gap: number; members: number }>();
  const add = (memberId: bigint, list: StatsCell[], sign: number) => {
    const sorted = [...list].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    for (const kind of ['a', 'l'] as const) {
      let prev: number | undefined;
      for (const c of sorted) {
        if (!QUALIFIES[kind](c)) continue;
        const n = dayNumber(c.day);
        const gap = prev === undefined ? GAP_CAP : Math.min(GAP_CAP, n - prev);
        prev = n;
        const key = `${memberId}:${c.day}:${kind}:${gap}`;
        const e = counts.get(key) ?? { memberId, day: c.day, kind, gap, members: 0 };
        e.members += sign;
        counts.set(key, e);
      }
    }
  };
  for (const [memberId, m] of byMember) {
    add(memberId, m.before, -1);
    add(memberId, [...m.after.values()], 1);
  }
  return { figures, active: [...counts.values()].filter((e) => e.members !== 0) };
}

/** Adds the deltas of member-days to every agent above each member (closure rows of depth ≥ 1). */
async function applyTeamDeltas(executor: AnyDb, merchantId: bigint, d: TeamDeltas, uplines: RawBuilder<unknown>) {
  for (let i = 0; i < d.figures.length; i += 5000) {
    const c = d.figures.slice(i, i + 5000);
    await sql`
      insert into agent_team_daily (merchant_id, agent_id, day, depth, valid_bet, stake, payout, bet_count, deposits,
                                    withdrawals)
      select ${merchantId}, u.ancestor_id, x.day, u.depth, sum(x.vb), sum(x.st), sum(x.po), sum(x.bc), sum(x.dp),
             sum(x.wd)
        from unnest(${c.map((e) => String(e.memberId))}::bigint[], ${c.map((e) => e.day)}::date[],
                    ${c.map((e) => String(e.validBet))}::bigint[], ${c.map((e) => String(e.stake))}::bigint[],
                    ${c.map((e) => String(e.payout))}::bigint[],
                    ${c.map((e) => String(e.betCount))}::bigint[], ${c.map((e) => String(e.deposits))}::bigint[],
                    ${c.map((e) => String(e.withdrawals))}::bigint[]) as x(member_id, day, vb, st, po, bc, dp, wd)
        join (${uplines}) u on u.member_id = x.member_id
       group by u.ancestor_id, x.day, u.depth
      on conflict (agent_id, day, depth) do update set
        valid_bet = agent_team_daily.valid_bet + excluded.valid_bet, stake = agent_team_daily.stake + excluded.stake,
        payout = agent_team_daily.payout + excluded.payout,
        bet_count = agent_team_daily.bet_count + excluded.bet_count,
        deposits = agent_team_daily.deposits + excluded.deposits,
        withdrawals = agent_team_daily.withdrawals + excluded.withdrawals`.execute(executor);
  }
  for (let i = 0; i < d.active.length; i += 5000) {
    const c = d.active.slice(i, i + 5000);
    await sql`
      insert into agent_team_active (merchant_id, agent_id, day, depth, kind, gap, members)
      select ${merchantId}, u.ancestor_id, x.day, u.depth, x.kind, x.gap, sum(x.n)
        from unnest(${c.map((e) => String(e.memberId))}::bigint[], ${c.map((e) => e.day)}::date[],
                    ${c.map((e) => e.kind)}::text[], ${c.map((e) => e.gap)}::int[],
                    ${c.map((e) => e.members)}::int[]) as x(member_id, day, kind, gap, n)
        join (${uplines}) u on u.member_id = x.member_id
       group by u.ancestor_id, x.day, u.depth, x.kind, x.gap
      on conflict (agent_id, day, kind, depth, gap) do update set
        members = agent_team_active.members + excluded.members`.execute(executor);
  }
}

/** A stored cell as read (bigint columns as strings or bigints, per driver). */
interface CellRow {
  member_id: bigint | string;
  day: string;
  valid_bet: bigint | string;
  stake: bigint | string;
  payout: bigint | string;
  bet_count: number;
  deposits: bigint | string;
  withdrawals: bigint | string;
}

const cellOf = (r: CellRow): StatsCell => ({
  memberId: BigInt(r.member_id),
  day: r.day,
  validBet: BigInt(r.valid_bet),
  stake: BigInt(r.stake),
  payout: BigInt(r.payout),
  betCount: Number(r.bet_count),
  deposits: BigInt(r.deposits),
  withdrawals: BigInt(r.withdrawals),
});

/**
 * The cells' new version, seen by a report's snapshot together with the cells (MemberOrderCache), with the
 * members it touched, so a kept member order is brought forward by re-reading only them; old lists pruned.
 */
async function bumpVersion(executor: AnyDb, merchantId: bigint, memberIds: string[]): Promise<void> {
  const { rows } = await sql<{ version: string }>`
    insert into agent_rollup_versions (merchant_id, version) values (${merchantId}, 1)
    on conflict (merchant_id) do update set version = agent_rollup_versions.version + 1
    returning version::text as version`.execute(executor);
  const version = BigInt(rows[0]!.version);
  await sql`insert into agent_rollup_changes (merchant_id, version, member_ids)
    values (${merchantId}, ${version}, ${memberIds}::bigint[])`.execute(executor);
  await sql`delete from agent_rollup_changes
    where merchant_id = ${merchantId} and version <= ${version - CHANGES_KEPT}`.execute(executor);
}

/** Writes full recounts of cells (insert or replace): re-running with the same sources changes nothing. */
async function upsertCells(executor: AnyDb, merchantId: bigint, cells: StatsCell[]): Promise<void> {
  const db = executor as unknown as Kysely<AgentsTables>;
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
          stake: c.stake,
          payout: c.payout,
          bet_count: c.betCount,
          deposits: c.deposits,
          withdrawals: c.withdrawals,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'day', 'member_id']).doUpdateSet({
          valid_bet: (eb) => eb.ref('excluded.valid_bet'),
          stake: (eb) => eb.ref('excluded.stake'),
          payout: (eb) => eb.ref('excluded.payout'),
          bet_count: (eb) => eb.ref('excluded.bet_count'),
          deposits: (eb) => eb.ref('excluded.deposits'),
          withdrawals: (eb) => eb.ref('excluded.withdrawals'),
          updated_at: new Date(),
        }),
      )
      .execute();
  }
}

/**
 * SQL of the daily roll-up's own rows (rollup.service.ts keeps them): the per-member cells (agent_daily_stats), the
 * sources' marks, the versions and change lists the P&L member orders follow, and the per-ancestor team roll-up
 * (agent_team_daily, agent_team_active) with its audit. The reports read them (agents.repository.ts).
 */
export function createRollupRepository(db: Kysely<AgentsTables>) {
  return {
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

    /**
     * Writes full recounts of cells (insert or replace) and carries their changes to the team roll-up of every
     * agent above each member (`uplines`: the members face's subquery), in one transaction under a per-merchant
     * lock, so agent_team_daily always equals the sums of the cells and a re-run changes nothing.
     */
    async applyCells(merchantId: bigint, cells: StatsCell[], uplines: RawBuilder<unknown>): Promise<void> {
      if (!cells.length) return;
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`agent-rollup:${merchantId}`}, 0))`.execute(trx);
        const ids = [...new Set(cells.map((c) => c.memberId))];
        const days = cells.map((c) => c.day).sort();
        // The stored cells the new ones can change gaps of: up to GAP_CAP days either side.
        const from = shiftDay(days[0]!, -GAP_CAP);
        const to = shiftDay(days[days.length - 1]!, GAP_CAP);
        const { rows } = await sql<{
          member_id: bigint;
          day: string;
          valid_bet: bigint;
          stake: bigint;
          payout: bigint;
          bet_count: number;
          deposits: bigint;
          withdrawals: bigint;
        }>`select member_id, to_char(day, 'YYYY-MM-DD') as day, valid_bet, stake, payout, bet_count, deposits,
                  withdrawals
             from agent_daily_stats
            where merchant_id = ${merchantId} and member_id = any(${ids.map(String)}::bigint[])
              and day >= ${from}::date and day <= ${to}::date`.execute(trx);
        const old = new Map<string, StatsCell>();
        for (const r of rows) old.set(`${r.member_id}:${r.day}`, cellOf(r));
        await upsertCells(trx, merchantId, cells);
        await bumpVersion(trx, merchantId, ids.map(String));
        const delta = teamDeltas(old, cells);
        await applyTeamDeltas(trx, merchantId, delta, uplines);
      });
    },

    /**
     * A team changes upline (an operator's move): its members' cells leave the agents above it (`sign` −1, before
     * the closure rows change) or join them (+1, after), along `uplines` (the team's ancestors outside the team;
     * the rows inside it do not change). In the move's transaction under the roll-up's per-merchant lock, with the
     * version bumped and the members recorded as changed, so a kept P&L member order re-reads them.
     */
    async rebaseTeam(
      executor: AnyDb,
      merchantId: bigint,
      team: RawBuilder<unknown>,
      uplines: RawBuilder<unknown>,
      sign: 1 | -1,
    ): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`agent-rollup:${merchantId}`}, 0))`.execute(executor);
      const { rows } = await sql<CellRow>`
        select member_id, to_char(day, 'YYYY-MM-DD') as day, valid_bet, stake, payout, bet_count, deposits, withdrawals
          from agent_daily_stats
         where merchant_id = ${merchantId} and member_id in (select member_id from (${team}) team)`.execute(executor);
      if (!rows.length) return;
      const stored = rows.map(cellOf);
      const k = BigInt(sign);
      // Every qualifying day of the team's members (from nothing to all their cells), counted with the sign.
      const all = teamDeltas(new Map(), stored);
      const delta: TeamDeltas = {
        figures: stored.map((c) => ({
          ...c,
          validBet: c.validBet * k,
          stake: c.stake * k,
          payout: c.payout * k,
          betCount: c.betCount * sign,
          deposits: c.deposits * k,
          withdrawals: c.withdrawals * k,
        })),
        active: all.active.map((e) => ({ ...e, members: e.members * sign })),
      };
      await applyTeamDeltas(executor, merchantId, delta, uplines);
      await bumpVersion(executor, merchantId, [...new Set(stored.map((c) => String(c.memberId)))]);
    },

    /**
     * The team roll-up checked against a recount from the cells and the closure rows (`uplines`): every
     * (agent, day, level) figure and every (agent, day, level, kind, gap) count that differs, as problems.
     */
    async auditTeamRollup(
      merchantId: bigint,
      uplines: RawBuilder<unknown>,
    ): Promise<{ ok: boolean; problems: string[] }> {
      const figures = await sql<{ agent_id: string; day: string; depth: number; want: string; got: string }>`
        with want as (
          select u.ancestor_id as agent_id, s.day, u.depth,
                 sum(s.valid_bet) as vb, sum(s.stake) as st, sum(s.payout) as po, sum(s.bet_count) as bc,
                 sum(s.deposits) as dp, sum(s.withdrawals) as wd
            from agent_daily_stats s join (${uplines}) u on u.member_id = s.member_id
           where s.merchant_id = ${merchantId}
           group by 1, 2, 3),
        got as (
          select agent_id, day, depth, valid_bet as vb, stake as st, payout as po, bet_count as bc, deposits as dp,
                 withdrawals as wd
            from agent_team_daily where merchant_id = ${merchantId})
        select agent_id::text, to_char(day, 'YYYY-MM-DD') as day, depth,
               concat_ws('/', coalesce(w.vb, 0), coalesce(w.st, 0), coalesce(w.po, 0), coalesce(w.bc, 0),
                         coalesce(w.dp, 0), coalesce(w.wd, 0)) as want,
               concat_ws('/', coalesce(g.vb, 0), coalesce(g.st, 0), coalesce(g.po, 0), coalesce(g.bc, 0),
                         coalesce(g.dp, 0), coalesce(g.wd, 0)) as got
          from want w full join got g using (agent_id, day, depth)
         where (coalesce(w.vb, 0), coalesce(w.st, 0), coalesce(w.po, 0), coalesce(w.bc, 0), coalesce(w.dp, 0),
                coalesce(w.wd, 0))
            <> (coalesce(g.vb, 0), coalesce(g.st, 0), coalesce(g.po, 0), coalesce(g.bc, 0), coalesce(g.dp, 0),
                coalesce(g.wd, 0))
         order by 1, 2, 3 limit 20`.execute(db);
      const counts = await sql<{
        agent_id: string;
        day: string;
        depth: number;
        kind: string;
        gap: number;
        want: string;
        got: string;
      }>`
        with q as (
          select s.member_id, s.day, k.kind
            from agent_daily_stats s
           cross join lateral (values ('a', s.bet_count > 0),
                                      ('l', s.bet_count > 0 or s.deposits > 0 or s.withdrawals > 0)) as k(kind, ok)
           where s.merchant_id = ${merchantId} and k.ok),
        g as (
          select member_id, day, kind,
                 least(${GAP_CAP}, coalesce(day - lag(day) over (partition by member_id, kind order by day), ${GAP_CAP})) as gap
            from q),
        want as (
          select u.ancestor_id as agent_id, g.day, u.depth, g.kind, g.gap, count(*) as n
            from g join (${uplines}) u on u.member_id = g.member_id
           group by 1, 2, 3, 4, 5),
        got as (
          select agent_id, day, depth, kind::text as kind, gap::int as gap, members as n
            from agent_team_active where merchant_id = ${merchantId})
        select agent_id::text, to_char(day, 'YYYY-MM-DD') as day, depth, kind, gap,
               coalesce(w.n, 0)::text as want, coalesce(g.n, 0)::text as got
          from want w full join got g using (agent_id, day, depth, kind, gap)
         where coalesce(w.n, 0) <> coalesce(g.n, 0)
         order by 1, 2, 3, 4, 5 limit 20`.execute(db);
      const problems = [
        ...figures.rows.map(
          (r) => `figures of ${r.agent_id} on ${r.day} at level ${r.depth}: want ${r.want}, got ${r.got}`,
        ),
        ...counts.rows.map(
          (r) =>
            `${r.kind} members of ${r.agent_id} on ${r.day} at level ${r.depth}, gap ${r.gap}: want ${r.want}, got ${r.got}`,
        ),
      ];
      return { ok: problems.length === 0, problems };
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

export type RollupRepository = ReturnType<typeof createRollupRepository>;
