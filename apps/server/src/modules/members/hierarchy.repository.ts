import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { MembersTables, MemberStatus } from './members.tables.ts';

/** A team member as the agent centre lists it. */
export interface TeamMemberRow {
  id: bigint;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  rebate_point: string;
  depth: number;
  upline_account: string | null;
  team_size: string | number | bigint;
  created_at: Date;
  last_login_at: Date | null;
}

/** A member found inside an agent's team (the policy's lookup). */
export interface TeamNode {
  id: bigint;
  account: string;
  type: number;
  status: MemberStatus;
  upline_id: bigint | null;
  rebate_point: string;
  depth: number;
}

export interface AffiliateLinkRow {
  id: bigint;
  member_id: bigint;
  code: string;
  member_type: number;
  rebate_point: string;
  note: string | null;
  registrations: number;
  created_at: Date;
}

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * SQL of the hierarchy: the closure table member_tree (written with the member row, in its transaction), rebate
 * points, team lookups bounded by (merchant, ancestor), and affiliate links. Every read of a team starts from
 * `ancestor_id = agent and merchant_id = merchant`, so nothing outside the team is ever touched.
 */
export function createHierarchyRepository(db: Kysely<MembersTables>) {
  const on = (executor?: AnyDb) => (executor ? tablesOf<MembersTables>(executor) : db);

  return {
    /** Closure rows of a new member: itself at depth 0 and one per ancestor of its upline (depth + 1). */
    async insertTreeRows(executor: AnyDb, merchantId: bigint, memberId: bigint, uplineId: bigint | null) {
      await sql`insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
        select ${merchantId}::bigint, ${memberId}::bigint, ${memberId}::bigint, 0
        union all
        select ${merchantId}::bigint, ancestor_id, ${memberId}::bigint, depth + 1 from member_tree
         where descendant_id = ${uplineId}::bigint and merchant_id = ${merchantId}::bigint`.execute(executor);
    },

    /** Locks a member row (share: its downlines may be created concurrently, its rebate point may not change). */
    async lockMember(executor: AnyDb, merchantId: bigint, id: bigint, mode: 'share' | 'update') {
      const lock = mode === 'share' ? sql`for share` : sql`for update`;
      const { rows } = await sql<{
        id: bigint;
        type: number;
        status: MemberStatus;
        upline_id: bigint | null;
        rebate_point: string;
        affiliate_code: string | null;
        lock_reason: string | null;
        locked_until: Date | null;
      }>`select id, type, status, upline_id, rebate_point::text as rebate_point, affiliate_code, lock_reason,
                locked_until from members
          where merchant_id = ${merchantId} and id = ${id} ${lock}`.execute(executor);
      return rows[0];
    },

    /** Locks (for update, in id order) the member's whole team and one more member (a move's rows). */
    async lockTeam(executor: AnyDb, merchantId: bigint, memberId: bigint, otherId: bigint): Promise<void> {
      await sql`select id from members
          where merchant_id = ${merchantId}
            and (id = ${otherId} or id in (select descendant_id from member_tree where ancestor_id = ${memberId}))
          order by id for update`.execute(executor);
    },

    /** The highest rebate point among the member's direct downlines ('0.0' without any). */
    async maxDirectRebate(executor: AnyDb | undefined, merchantId: bigint, id: bigint): Promise<string> {
      const { rows } = await sql<{ max: string | null }>`select max(rebate_point)::text as max from members
          where merchant_id = ${merchantId} and upline_id = ${id}`.execute(executor ?? db);
      return rows[0]?.max ?? '0.0';
    },

    async setRebate(executor: AnyDb, id: bigint, point: string): Promise<void> {
      await on(executor).updateTable('members').set({ rebate_point: point }).where('id', '=', id).execute();
    },

    /** An upline's lock or unlock; false when an operator's lock (with a reason) keeps the member locked. */
    async setStatus(merchantId: bigint, id: bigint, status: 'active' | 'disabled'): Promise<boolean> {
      // A member's own closure is final: an upline's lock or unlock never touches a closed account.
      let q = db
        .updateTable('members')
        .set({ status })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('status', '<>', 'closed');
      if (status === 'active') q = q.where('lock_reason', 'is', null);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async setAgent(executor: AnyDb, id: bigint, type: number, affiliateCode: string, rebate?: string): Promise<void> {
      await on(executor)
        .updateTable('members')
        .set({ type, affiliate_code: affiliateCode, ...(rebate !== undefined && { rebate_point: rebate }) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The team of `agentId` (itself at depth 0) as a subquery of (member_id, depth): what other modules' face
     * methods take to bound their own reads to one team (bets, entries, the agents' roll-up).
     */
    teamSubquery(merchantId: bigint, agentId: bigint, minDepth = 0): RawBuilder<unknown> {
      return sql`select descendant_id as member_id, depth from member_tree
        where ancestor_id = ${agentId} and merchant_id = ${merchantId} and depth >= ${minDepth}`;
    },

    /**
     * The members of a segment as a subquery of (member_id): those in the team below `agentId` (when given) and
     * registered from / to local dates of `timeZone` (inclusive, when given); trial accounts (`excludeTypes`) left
     * out. Bounds another module's write (the messages module's recipients).
     */
    segmentSubquery(
      merchantId: bigint,
      seg: { agentId?: bigint; from?: string; to?: string; timeZone: string; excludeTypes: number[] },
    ): RawBuilder<unknown> {
      const team =
        seg.agentId === undefined
          ? sql``
          : sql`and exists (select 1 from member_tree t where t.ancestor_id = ${seg.agentId}
                  and t.descendant_id = m.id and t.merchant_id = ${merchantId} and t.depth > 0)`;
      const day = sql`(m.created_at at time zone ${seg.timeZone})::date`;
      const from = seg.from ? sql`and ${day} >= ${seg.from}::date` : sql``;
      const to = seg.to ? sql`and ${day} <= ${seg.to}::date` : sql``;
      const types = seg.excludeTypes.length
        ? sql`and m.type not in (${sql.join(seg.excludeTypes.map((t) => sql`${t}`))})`
        : sql``;
      return sql`select m.id as member_id from members m where m.merchant_id = ${merchantId} ${team} ${from} ${to} ${types}`;
    },

    /**
     * Every member's uplines as a subquery of (member_id, ancestor_id, depth ≥ 1): what the agents' team roll-up
     * joins a batch of member-day deltas with, to carry each to every agent above the member.
     */
    uplinesSubquery(merchantId: bigint): RawBuilder<unknown> {
      return sql`select descendant_id as member_id, ancestor_id, depth from member_tree
        where merchant_id = ${merchantId} and depth >= 1`;
    },

    /**
     * The uplines of `memberId`'s team that are outside it, as a subquery of (member_id, ancestor_id, depth ≥ 1):
     * the closure rows a move of that team replaces (the agents' roll-up follows the move along them).
     */
    outsideUplinesSubquery(merchantId: bigint, memberId: bigint): RawBuilder<unknown> {
      return sql`select u.descendant_id as member_id, u.ancestor_id, u.depth from member_tree u
        where u.merchant_id = ${merchantId} and u.depth >= 1
          and u.descendant_id in (select descendant_id from member_tree where ancestor_id = ${memberId})
          and u.ancestor_id not in (select descendant_id from member_tree where ancestor_id = ${memberId})`;
    },

    /**
     * The teams of the agent's direct downlines as a subquery of (head_id, member_id): every member below the
     * agent with the direct downline it descends from (its ancestor one level below the agent).
     */
    directTeamsSubquery(merchantId: bigint, agentId: bigint): RawBuilder<unknown> {
      return sql`select h.ancestor_id as head_id, h.descendant_id as member_id
        from member_tree t join member_tree h on h.descendant_id = t.descendant_id and h.depth = t.depth - 1
        where t.ancestor_id = ${agentId} and t.merchant_id = ${merchantId} and t.depth >= 1`;
    },

    /** The member `memberId` if it is in the team of `agentId` (depth ≥ minDepth), else undefined. */
    async findInTeam(
      merchantId: bigint,
      agentId: bigint,
      by: { id: bigint } | { account: string },
      minDepth = 1,
    ): Promise<TeamNode | undefined> {
      let q = db
        .selectFrom('member_tree as t')
        .innerJoin('members as m', 'm.id', 't.descendant_id')
        .select(['m.id', 'm.account', 'm.type', 'm.status', 'm.upline_id', 't.depth'])
        .select(sql<string>`m.rebate_point::text`.as('rebate_point'))
        .where('t.merchant_id', '=', merchantId)
        .where('t.ancestor_id', '=', agentId)
        .where('t.depth', '>=', minDepth);
      q = 'id' in by ? q.where('t.descendant_id', '=', by.id) : q.where('m.account', '=', by.account.toLowerCase());
      return q.executeTakeFirst();
    },

    /** Sizes of the team: everyone (self included), direct downlines, and those registered in [from, to). */
    async teamCounts(merchantId: bigint, agentId: bigint, from: Date, to: Date) {
      // Sizes from the closure rows alone (index-only on (ancestor_id, depth)); the period's new members from the
      // members registered in it (index on (merchant_id, created_at)) that are in the team — few, however big it is.
      const [sizes, fresh] = await Promise.all([
        sql<{ members: string; direct: string }>`
          select count(*) as members, count(*) filter (where depth = 1) as direct from member_tree
           where ancestor_id = ${agentId} and merchant_id = ${merchantId}`.execute(db),
        sql<{ n: string }>`
          select count(*) as n from members m
           where m.merchant_id = ${merchantId} and m.created_at >= ${from} and m.created_at < ${to}
             and exists (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = m.id
                           and t.depth > 0)`.execute(db),
      ]);
      return {
        members: Number(sizes.rows[0]?.members ?? 0),
        direct: Number(sizes.rows[0]?.direct ?? 0),
        fresh: Number(fresh.rows[0]?.n ?? 0),
      };
    },

    /** Team members with their depth, nearest first: direct downlines only, or the whole team (self excluded). */
    async listTeam(
      merchantId: bigint,
      agentId: bigint,
      opts: { scope: 'direct' | 'team'; search?: string; offset: number; limit: number },
    ): Promise<{ rows: TeamMemberRow[]; total: number }> {
      const depth = opts.scope === 'direct' ? sql`t.depth = 1` : sql`t.depth > 0`;
      const search = opts.search
        ? sql`and m.account like ${containsPattern(opts.search.toLowerCase())} escape '\\'`
        : sql``;
      const where = sql`t.ancestor_id = ${agentId} and t.merchant_id = ${merchantId} and ${depth} ${search}`;
      const [page, count] = await Promise.all([
        sql<TeamMemberRow>`
          select m.id, m.account, m.nickname, m.type, m.status, m.rebate_point::text as rebate_point, t.depth,
                 u.account as upline_account, m.created_at, m.last_login_at,
                 (select count(*) from member_tree s where s.ancestor_id = m.id) as team_size
            from member_tree t
            join members m on m.id = t.descendant_id
            left join members u on u.id = m.upline_id
           where ${where}
           order by t.depth, m.id
           limit ${opts.limit} offset ${opts.offset}`.execute(db),
        sql<{ n: string }>`select count(*) as n from member_tree t join members m on m.id = t.descendant_id
           where ${where}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
    },

    /** Team sizes (self included) of some members. */
    async teamSizes(ids: bigint[]): Promise<Map<bigint, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('member_tree')
        .select(['ancestor_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('ancestor_id', 'in', ids)
        .groupBy('ancestor_id')
        .execute();
      return new Map(rows.map((r) => [r.ancestor_id, Number(r.n)]));
    },

    /**
     * Agents of the merchant (members whose type is an agent type), paged, optionally filtered by account;
     * `topLevel`: only those without an upline (the roots of the back office's agent tree).
     */
    async listAgents(
      merchantId: bigint,
      agentTypes: number[],
      opts: { search?: string; topLevel?: boolean; offset: number; limit: number },
    ) {
      let base = db
        .selectFrom('members as m')
        .leftJoin('members as u', 'u.id', 'm.upline_id')
        .where('m.merchant_id', '=', merchantId)
        .where('m.type', 'in', agentTypes.length ? agentTypes : [-1]);
      if (opts.topLevel) base = base.where('m.upline_id', 'is', null);
      if (opts.search)
        base = base.where(sql<boolean>`m.account like ${containsPattern(opts.search.toLowerCase())} escape '\\'`);
      const [rows, count] = await Promise.all([
        base
          .select([
            'm.id',
            'm.account',
            'm.nickname',
            'm.type',
            'm.status',
            'm.affiliate_code',
            'u.account as upline_account',
          ])
          .select(sql<string>`m.rebate_point::text`.as('rebate_point'))
          .orderBy('m.id')
          .limit(opts.limit)
          .offset(opts.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every closure row of the merchant (tests: the closure equals the upline walk). */
    treeRows: (merchantId: bigint) =>
      db
        .selectFrom('member_tree')
        .select(['ancestor_id', 'descendant_id', 'depth'])
        .where('merchant_id', '=', merchantId)
        .execute(),

    // ---- affiliate links ----

    async insertLink(v: {
      merchantId: bigint;
      memberId: bigint;
      code: string;
      memberType: number;
      rebatePoint: string;
      note: string | null;
    }): Promise<AffiliateLinkRow> {
      const { rows } = await sql<AffiliateLinkRow>`insert into affiliate_links
          (merchant_id, member_id, code, member_type, rebate_point, note)
          values (${v.merchantId}, ${v.memberId}, ${v.code}, ${v.memberType}, ${v.rebatePoint}::numeric, ${v.note})
          returning id, member_id, code, member_type, rebate_point::text as rebate_point, note, registrations, created_at`.execute(
        db,
      );
      return rows[0]!;
    },

    async liveLinks(merchantId: bigint, memberId: bigint): Promise<AffiliateLinkRow[]> {
      const { rows } = await sql<AffiliateLinkRow>`select id, member_id, code, member_type,
          rebate_point::text as rebate_point, note, registrations, created_at from affiliate_links
          where merchant_id = ${merchantId} and member_id = ${memberId} and deleted_at is null
          order by id desc`.execute(db);
      return rows;
    },

    /** Deletes the member's own live link; false when there is none with that id (another's link included). */
    async deleteLink(merchantId: bigint, memberId: bigint, id: bigint, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('affiliate_links')
        .set({ deleted_at: at })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async linkByCode(merchantId: bigint, code: string): Promise<AffiliateLinkRow | undefined> {
      const { rows } = await sql<AffiliateLinkRow>`select id, member_id, code, member_type,
          rebate_point::text as rebate_point, note, registrations, created_at from affiliate_links
          where merchant_id = ${merchantId} and code = ${code.toUpperCase()} and deleted_at is null`.execute(db);
      return rows[0];
    },

    async countRegistration(executor: AnyDb, linkId: bigint): Promise<void> {
      await on(executor)
        .updateTable('affiliate_links')
        .set((eb) => ({ registrations: eb('registrations', '+', 1) }))
        .where('id', '=', linkId)
        .execute();
    },
  };
}

export type HierarchyRepository = ReturnType<typeof createHierarchyRepository>;
