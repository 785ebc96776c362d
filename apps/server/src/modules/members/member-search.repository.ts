import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { MembersTables, MemberStatus } from './members.tables.ts';

/** How the back office finds members (each mode reads one index; see migration 0075). */
export type MemberSearch =
  | { by: 'username'; prefix: string }
  /** Digits the international number (country code + number) ends with. */
  | { by: 'mobile'; digits: string }
  | { by: 'id'; id: bigint }
  /** Members whose ids the subquery yields (another module's: the auth module's logins from an IP). */
  | { by: 'ids'; subquery: RawBuilder<unknown> }
  | { by: 'invitation'; code: string }
  /** The downline (depth ≥ 1) of this member, through the closure table. */
  | { by: 'downline'; agentId: bigint };

export interface MemberSearchRow {
  id: bigint;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  country_dialing_code: string | null;
  mobile: string | null;
  upline_account: string | null;
  rebate_point: string;
  created_at: Date;
  last_login_at: Date | null;
  last_login_ip: string | null;
}

export interface UplineRow {
  account: string;
  type: number;
  depth: number;
}

/** LIKE pattern of a prefix, the wildcard characters of the text taken literally. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The back office's member search and the reads of a member's page that belong to the members tables. Every
 * query is bounded by the merchant; each mode is one index range (prefix of the account in byte order, the
 * reversed mobile number, the primary key, the closure rows of the agent, the invitation code).
 */
export function createMemberSearchRepository(db: Kysely<MembersTables>) {
  function where(merchantId: bigint, s: MemberSearch, status?: MemberStatus) {
    const st = status ? sql`and m.status = ${status}` : sql``;
    switch (s.by) {
      case 'username':
        return {
          from: sql`members m`,
          cond: s.prefix
            ? sql`m.merchant_id = ${merchantId} and (m.account collate "C") like ${prefixPattern(s.prefix)} ${st}`
            : sql`m.merchant_id = ${merchantId} ${st}`,
          order: sql`(m.account collate "C")`,
        };
      case 'mobile':
        return {
          from: sql`members m`,
          cond: sql`m.merchant_id = ${merchantId} and m.mobile is not null
            and (reverse(m.country_dialing_code || m.mobile) collate "C") like ${prefixPattern([...s.digits].reverse().join(''))} ${st}`,
          order: sql`(m.account collate "C")`,
        };
      case 'id':
        return {
          from: sql`members m`,
          cond: sql`m.merchant_id = ${merchantId} and m.id = ${s.id} ${st}`,
          order: sql`m.id`,
        };
      case 'ids':
        return {
          from: sql`members m`,
          cond: sql`m.merchant_id = ${merchantId} and m.id in (${s.subquery}) ${st}`,
          order: sql`(m.account collate "C")`,
        };
      case 'invitation':
        return {
          from: sql`members m`,
          cond: sql`m.merchant_id = ${merchantId} and m.invitation_code = ${s.code} ${st}`,
          order: sql`m.id desc`,
        };
      case 'downline':
        return {
          from: sql`member_tree t join members m on m.id = t.descendant_id`,
          cond: sql`t.ancestor_id = ${s.agentId} and t.merchant_id = ${merchantId} and t.depth > 0 ${st}`,
          order: sql`t.depth, t.descendant_id`,
        };
    }
  }

  return {
    async search(
      merchantId: bigint,
      s: MemberSearch,
      opts: { status?: MemberStatus; offset: number; limit: number; countCap: number },
    ): Promise<{ rows: MemberSearchRow[]; total: number; capped: boolean }> {
      const w = where(merchantId, s, opts.status);
      // Counted up to `countCap` + 1 rows: "10,000+" costs the same for a one-letter prefix as for a rare one.
      const cap = opts.countCap + 1;
      const counted = (n: string | undefined) => {
        const total = Number(n ?? 0);
        return total >= cap ? { total: opts.countCap, capped: true } : { total, capped: false };
      };
      const columns = sql`m.id, m.account, m.nickname, m.type, m.status, m.country_dialing_code, m.mobile,
                 u.account as upline_account, m.rebate_point::text as rebate_point, m.created_at, m.last_login_at,
                 m.last_login_ip`;
      // A prefix or a team is read in its index's order, a page at a time. The other modes match few members:
      // they are found first (their own index), then ordered — so the planner never walks the account index
      // hoping to meet 20 matches soon (2.4 s for a mobile suffix over 1,000,000 members).
      // A team without a status filter: the page and the count from the closure rows alone (index-only), the
      // members' rows read for the page's 20 only.
      if (s.by === 'downline' && !opts.status) {
        const team = sql`from member_tree where ancestor_id = ${s.agentId} and merchant_id = ${merchantId} and depth > 0`;
        const [rows, count] = await Promise.all([
          sql<MemberSearchRow>`
            select ${columns}
              from (select descendant_id, depth ${team} order by depth, descendant_id
                     limit ${opts.limit} offset ${opts.offset}) t
              join members m on m.id = t.descendant_id
              left join members u on u.id = m.upline_id
             order by t.depth, t.descendant_id`.execute(db),
          sql<{ n: string }>`select count(*) as n from (select 1 ${team} limit ${cap}) c`.execute(db),
        ]);
        return { rows: rows.rows, ...counted(count.rows[0]?.n) };
      }
      const page =
        s.by === 'username' || s.by === 'downline'
          ? sql<MemberSearchRow>`
              select ${columns}
                from ${w.from}
                left join members u on u.id = m.upline_id
               where ${w.cond}
               order by ${w.order}
               limit ${opts.limit} offset ${opts.offset}`
          : sql<MemberSearchRow>`
              with hits as materialized (select m.id from members m where ${w.cond})
              select ${columns}
                from hits h
                join members m on m.id = h.id
                left join members u on u.id = m.upline_id
               order by ${w.order}
               limit ${opts.limit} offset ${opts.offset}`;
      const [rows, count] = await Promise.all([
        page.execute(db),
        sql<{ n: string }>`select count(*) as n from (select 1 from ${w.from} where ${w.cond} limit ${cap}) c`.execute(
          db,
        ),
      ]);
      return { rows: rows.rows, ...counted(count.rows[0]?.n) };
    },

    /** The member's uplines, nearest first (closure rows of the member as descendant). */
    async uplines(merchantId: bigint, memberId: bigint): Promise<UplineRow[]> {
      const { rows } = await sql<UplineRow>`
        select m.account, m.type, t.depth from member_tree t join members m on m.id = t.ancestor_id
         where t.descendant_id = ${memberId} and t.merchant_id = ${merchantId} and t.depth > 0
         order by t.depth`.execute(db);
      return rows;
    },

    /** Size of the member's team below it, and of its direct downlines. */
    async downlineCounts(merchantId: bigint, memberId: bigint) {
      const { rows } = await sql<{ all: string; direct: string }>`
        select count(*) filter (where depth > 0) as all, count(*) filter (where depth = 1) as direct from member_tree
         where ancestor_id = ${memberId} and merchant_id = ${merchantId}`.execute(db);
      return { downlines: Number(rows[0]?.all ?? 0), direct: Number(rows[0]?.direct ?? 0) };
    },

    /**
     * An operator's lock or unlock, with its reason, in the caller's transaction (its audit record). An unlock also
     * ends a failed-login lock (the member called support after too many wrong passwords).
     */
    async setLock(executor: AnyDb, merchantId: bigint, id: bigint, lock: { reason: string } | null): Promise<void> {
      const loginLock = lock ? sql`` : sql`, locked_until = null, failed_login_count = 0, lock_level = 0`;
      await sql`update members set status = ${lock ? 'disabled' : 'active'}, lock_reason = ${lock?.reason ?? null}
         ${loginLock} where merchant_id = ${merchantId} and id = ${id}`.execute(executor);
    },

    /**
     * Moves the subtree of `memberId` under `uplineId` (closure rows and the upline link, in the caller's
     * transaction, with both rows locked by the caller): the subtree's links to its former ancestors go, the
     * links to the new upline's ancestors (and the upline) come, depths added through the new edge.
     */
    async moveSubtree(executor: AnyDb, merchantId: bigint, memberId: bigint, uplineId: bigint): Promise<number> {
      await sql`delete from member_tree d
         where d.merchant_id = ${merchantId}
           and d.descendant_id in (select descendant_id from member_tree where ancestor_id = ${memberId})
           and d.ancestor_id not in (select descendant_id from member_tree where ancestor_id = ${memberId})`.execute(
        executor,
      );
      const inserted = await sql`insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
        select ${merchantId}::bigint, up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
          from member_tree up cross join member_tree sub
         where up.descendant_id = ${uplineId} and up.merchant_id = ${merchantId}
           and sub.ancestor_id = ${memberId} and sub.merchant_id = ${merchantId}`.execute(executor);
      await sql`update members set upline_id = ${uplineId} where merchant_id = ${merchantId} and id = ${memberId}`.execute(
        executor,
      );
      return Number(inserted.numAffectedRows ?? 0n);
    },

    /** Whether `otherId` is `memberId` itself or in its team (moving under it would make a cycle). */
    async inTeamOf(executor: AnyDb, memberId: bigint, otherId: bigint): Promise<boolean> {
      const { rows } = await sql<{ one: number }>`select 1 as one from member_tree
         where ancestor_id = ${memberId} and descendant_id = ${otherId}`.execute(executor);
      return rows.length > 0;
    },
  };
}

export type MemberSearchRepository = ReturnType<typeof createMemberSearchRepository>;
