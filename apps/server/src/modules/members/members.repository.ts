import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { MembersTable, MembersTables, MemberStatus } from './members.tables.ts';

export type MemberRow = Selectable<MembersTable>;

/** A member as a hierarchy transfer needs it: never more than the account name and status. */
export interface MemberNode {
  id: bigint;
  account: string;
  status: MemberStatus;
}

export interface DownlineRow {
  account: string;
  nickname: string | null;
  type: number;
  depth: number;
}

/** `%text%` for LIKE, with the wildcard characters of the search text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createMembersRepository(db: Kysely<MembersTables>) {
  const base = () => db.selectFrom('members').selectAll();
  return {
    findById: (merchantId: bigint, id: bigint) =>
      base().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst(),
    findByAccount: (merchantId: bigint, account: string) =>
      base().where('merchant_id', '=', merchantId).where('account', '=', account.toLowerCase()).executeTakeFirst(),
    findByAffiliateCode: (merchantId: bigint, code: string) =>
      base().where('merchant_id', '=', merchantId).where('affiliate_code', '=', code.toUpperCase()).executeTakeFirst(),
    findByMobile: (merchantId: bigint, cc: string, mobile: string) =>
      base()
        .where('merchant_id', '=', merchantId)
        .where('country_dialing_code', '=', cc)
        .where('mobile', '=', mobile)
        .executeTakeFirst(),

    async insert(values: Insertable<MembersTable>, executor?: AnyDb): Promise<MemberRow> {
      return (executor ? tablesOf<MembersTables>(executor) : db)
        .insertInto('members')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** One more failed login; returns the new count. */
    async addFailure(id: bigint): Promise<number> {
      const r = await db
        .updateTable('members')
        .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_login_count')
        .executeTakeFirstOrThrow();
      return r.failed_login_count;
    },

    async lock(id: bigint, until: Date): Promise<void> {
      await db
        .updateTable('members')
        .set((eb) => ({ locked_until: until, lock_level: eb('lock_level', '+', 1), failed_login_count: 0 }))
        .where('id', '=', id)
        .execute();
    },

    /** A successful login (in the login's transaction when `executor` is given). */
    async recordLogin(id: bigint, at: Date, ip: string, executor?: AnyDb): Promise<void> {
      await (executor ? tablesOf<MembersTables>(executor) : db)
        .updateTable('members')
        .set((eb) => ({
          previous_login_at: eb.ref('last_login_at'),
          last_login_at: at,
          last_login_ip: ip,
          failed_login_count: 0,
          lock_level: 0,
          locked_until: null,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** A new password (an operator's reset: `mustChange`, a one-time password the member replaces at login). */
    async setPassword(
      id: bigint,
      passwordHash: string,
      at: Date,
      opts: { mustChange?: boolean; executor?: AnyDb } = {},
    ): Promise<void> {
      await (opts.executor ? tablesOf<MembersTables>(opts.executor) : db)
        .updateTable('members')
        .set({
          password_hash: passwordHash,
          password_changed_at: at,
          must_change_password: opts.mustChange ?? false,
          failed_login_count: 0,
          lock_level: 0,
          locked_until: null,
        })
        .where('id', '=', id)
        .execute();
    },

    async setLanguage(id: bigint, language: string): Promise<void> {
      await db.updateTable('members').set({ language }).where('id', '=', id).execute();
    },

    /** The profile columns the members row holds (nickname, real name, e-mail), in the caller's transaction. */
    async setProfileColumns(
      executor: AnyDb,
      merchantId: bigint,
      id: bigint,
      set: { nickname?: string | null; real_name?: string | null; email?: string | null },
    ): Promise<void> {
      if (Object.keys(set).length === 0) return;
      await tablesOf<MembersTables>(executor)
        .updateTable('members')
        .set(set)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .execute();
    },

    /** The member row locked for update in the caller's transaction (a profile change, a closure). */
    lockForUpdate: (executor: AnyDb, merchantId: bigint, id: bigint) =>
      tablesOf<MembersTables>(executor)
        .selectFrom('members')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /** The member closes the account (kept, never deleted); false when it was not active. */
    async close(executor: AnyDb, merchantId: bigint, id: bigint, at: Date): Promise<boolean> {
      const r = await tablesOf<MembersTables>(executor)
        .updateTable('members')
        .set({ status: 'closed', closed_at: at })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The member's confirmed new mobile number (the unique index refuses one another member holds). */
    async setMobile(executor: AnyDb, merchantId: bigint, id: bigint, cc: string, mobile: string): Promise<void> {
      await tablesOf<MembersTables>(executor)
        .updateTable('members')
        .set({ country_dialing_code: cc, mobile })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .execute();
    },

    /** Staff reopen a closed account not anonymised yet; false when it was not such an account. */
    async reopen(executor: AnyDb, merchantId: bigint, id: bigint): Promise<boolean> {
      const r = await tablesOf<MembersTables>(executor)
        .updateTable('members')
        .set({ status: 'active', closed_at: null })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('status', '=', 'closed')
        .where('anonymised_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Closed accounts not anonymised yet, closed before `before`, oldest first (the retention job's candidates). */
    closedBefore: (before: Date, limit: number) =>
      db
        .selectFrom('members')
        .select(['id', 'merchant_id', 'closed_at'])
        .where('status', '=', 'closed')
        .where('anonymised_at', 'is', null)
        .where('closed_at', '<', before)
        .orderBy('closed_at')
        .limit(limit)
        .execute(),

    /**
     * Wipes a closed account's personal fields and deletes its avatar (kept: the id, the account name the ledger's
     * history is read by, the status and dates); false when it is not closed or already anonymised.
     */
    async anonymise(executor: AnyDb, merchantId: bigint, id: bigint, at: Date): Promise<boolean> {
      const r = await tablesOf<MembersTables>(executor)
        .updateTable('members')
        .set({
          nickname: null,
          real_name: null,
          email: null,
          mobile: null,
          country_dialing_code: null,
          payment_password_hash: null,
          last_login_ip: null,
          created_ip: '',
          lock_reason: null,
          anonymised_at: at,
        })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('status', '=', 'closed')
        .where('anonymised_at', 'is', null)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) return false;
      // The uploaded picture is a photo of the person as often as not.
      await tablesOf<MembersTables>(executor).deleteFrom('member_avatars').where('member_id', '=', id).execute();
      return true;
    },

    async setPaymentPassword(id: bigint, hash: string): Promise<void> {
      await db.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', id).execute();
    },

    /** What a session check needs of its member (the hot path of every authenticated request). */
    sessionView: (merchantId: bigint, id: bigint) =>
      db
        .selectFrom('members')
        .select(['status', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Account names by id (presenting other modules' lists). */
    async accountsOf(merchantId: bigint, ids: bigint[]): Promise<Map<bigint, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('members')
        .select(['id', 'account'])
        .where('merchant_id', '=', merchantId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.account]));
    },

    // ---- hierarchy (upline / downline tree) ----

    /** The member's own upline id (null when it has none). */
    async uplineIdOf(merchantId: bigint, memberId: bigint): Promise<bigint | null> {
      const row = await db
        .selectFrom('members')
        .select('upline_id')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row?.upline_id ?? null;
    },

    findNode: (merchantId: bigint, memberId: bigint): Promise<MemberNode | undefined> =>
      db
        .selectFrom('members')
        .select(['id', 'account', 'status'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst(),

    /** The member with this account if, and only if, it is in the agent's downline tree (closure table). */
    async findInDownline(
      merchantId: bigint,
      agentId: bigint,
      account: string,
    ): Promise<(MemberNode & { depth: number }) | undefined> {
      return db
        .selectFrom('member_tree as t')
        .innerJoin('members as m', 'm.id', 't.descendant_id')
        .select(['m.id', 'm.account', 'm.status', 't.depth'])
        .where('t.merchant_id', '=', merchantId)
        .where('t.ancestor_id', '=', agentId)
        .where('t.depth', '>', 0)
        .where('m.account', '=', account.toLowerCase())
        .executeTakeFirst();
    },

    /** One page of the agent's downline tree, nearest levels first, optionally filtered by account. */
    async listDownlines(
      merchantId: bigint,
      agentId: bigint,
      opts: { search?: string; offset: number; limit: number },
    ): Promise<{ rows: DownlineRow[]; total: number }> {
      let base = db
        .selectFrom('member_tree as t')
        .innerJoin('members as m', 'm.id', 't.descendant_id')
        .where('t.merchant_id', '=', merchantId)
        .where('t.ancestor_id', '=', agentId)
        .where('t.depth', '>', 0);
      if (opts.search)
        base = base.where(sql<boolean>`m.account like ${containsPattern(opts.search.toLowerCase())} escape '\\'`);
      const [rows, count] = await Promise.all([
        base
          .select(['m.account', 'm.nickname', 'm.type', 't.depth'])
          .orderBy('t.depth')
          .orderBy('m.account')
          .limit(opts.limit)
          .offset(opts.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    // ---- avatar ----

    avatar: (memberId: bigint) =>
      db.selectFrom('member_avatars').select('content').where('member_id', '=', memberId).executeTakeFirst(),

    async saveAvatar(memberId: bigint, png: Uint8Array, at: Date): Promise<void> {
      await db
        .insertInto('member_avatars')
        .values({ member_id: memberId, content: png, updated_at: at })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ content: png, updated_at: at }))
        .execute();
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
