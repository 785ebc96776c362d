import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type {
  RgBlockKind,
  RgLimitsTable,
  RgMembersTable,
  RgStoredKind,
  RgStoredPeriod,
  RgTables,
} from './rg.tables.ts';

type Db = Kysely<RgTables>;
export type RgMemberRow = Selectable<RgMembersTable>;
export type RgLimitRow = Selectable<RgLimitsTable>;

/** JSON with bigint values written as strings (amounts). */
const toJson = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

/** SQL of the responsible-gaming module (its four tables only). `exec`: the caller's transaction when given. */
export function createRgRepository(db: Db) {
  const on = (exec?: AnyDb): Db => (exec ? tablesOf<RgTables>(exec) : db);
  return {
    transaction: <T>(fn: (trx: Db) => Promise<T>): Promise<T> => db.transaction().execute(fn),

    /** The operator's help texts by language ({} when none were written). */
    async helpTexts(merchantId: bigint): Promise<Record<string, string>> {
      const row = await db
        .selectFrom('rg_help_texts')
        .select('texts')
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      const v: unknown = typeof row?.texts === 'string' ? JSON.parse(row.texts) : row?.texts;
      return v && typeof v === 'object' ? (v as Record<string, string>) : {};
    },

    /** Replaces the operator's help texts (in the caller's transaction, with its audit line). */
    setHelpTexts: (exec: AnyDb, merchantId: bigint, texts: Record<string, string>) =>
      on(exec)
        .insertInto('rg_help_texts')
        .values({ merchant_id: merchantId, texts: JSON.stringify(texts) })
        .onConflict((oc) =>
          oc.column('merchant_id').doUpdateSet({ texts: JSON.stringify(texts), updated_at: sql`now()` }),
        )
        .execute(),

    member: (memberId: bigint, exec?: AnyDb) =>
      on(exec).selectFrom('rg_members').selectAll().where('member_id', '=', memberId).executeTakeFirst(),

    /**
     * The member's row locked until the end of `exec`'s transaction (created first when missing): every stake and
     * deposit check of one member, and every change of its tools, take this lock — they run one after the other.
     */
    async lockMember(exec: AnyDb, merchantId: bigint, memberId: bigint): Promise<RgMemberRow> {
      const t = on(exec);
      await t
        .insertInto('rg_members')
        .values({ member_id: memberId, merchant_id: merchantId })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
      return t
        .selectFrom('rg_members')
        .selectAll()
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    /** The row locked when it exists (stakes: a member who never used a tool has no row and nothing to check). */
    lockExisting: (exec: AnyDb, memberId: bigint) =>
      on(exec).selectFrom('rg_members').selectAll().where('member_id', '=', memberId).forUpdate().executeTakeFirst(),

    async sessionStarted(merchantId: bigint, memberId: bigint, at: Date, exec?: AnyDb): Promise<void> {
      await on(exec)
        .insertInto('rg_members')
        .values({ member_id: memberId, merchant_id: merchantId, session_started_at: at })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ session_started_at: at }))
        .execute();
    },

    async setBlock(exec: AnyDb, memberId: bigint, kind: RgBlockKind, until: Date, now: Date): Promise<void> {
      await on(exec)
        .updateTable('rg_members')
        .set({ block_kind: kind, blocked_until: until, updated_at: now })
        .where('member_id', '=', memberId)
        .execute();
    },

    async setRealityCheck(exec: AnyDb, memberId: bigint, minutes: number, now: Date): Promise<void> {
      await on(exec)
        .updateTable('rg_members')
        .set({ reality_check_minutes: minutes, updated_at: now })
        .where('member_id', '=', memberId)
        .execute();
    },

    limits: (memberId: bigint, exec?: AnyDb) =>
      on(exec).selectFrom('rg_limits').selectAll().where('member_id', '=', memberId).execute(),

    async saveLimit(
      exec: AnyDb,
      row: {
        merchantId: bigint;
        memberId: bigint;
        kind: RgStoredKind;
        period: RgStoredPeriod;
        amount: bigint | null;
        pendingAmount: bigint | null;
        pendingAt: Date | null;
        now: Date;
      },
    ): Promise<void> {
      const values = {
        amount: row.amount,
        pending_amount: row.pendingAmount,
        pending_at: row.pendingAt,
        updated_at: row.now,
      };
      await on(exec)
        .insertInto('rg_limits')
        .values({ member_id: row.memberId, merchant_id: row.merchantId, kind: row.kind, period: row.period, ...values })
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doUpdateSet(values))
        .execute();
    },

    async addEvent(
      exec: AnyDb,
      e: {
        merchantId: bigint;
        memberId: bigint;
        actor: 'member' | 'staff';
        adminId: bigint | null;
        action: string;
        detail: Record<string, unknown>;
        at: Date;
      },
    ): Promise<void> {
      await on(exec)
        .insertInto('rg_events')
        .values({
          merchant_id: e.merchantId,
          member_id: e.memberId,
          actor: e.actor,
          admin_id: e.adminId,
          action: e.action,
          detail: toJson(e.detail),
          created_at: e.at,
        })
        .execute();
    },

    events: (merchantId: bigint, memberId: bigint, limit: number) =>
      db
        .selectFrom('rg_events')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The merchant's members on a break at `now`, as a subquery of member_id (message segments leave them out). */
    blockedSubquery: (merchantId: bigint, now: Date): RawBuilder<unknown> =>
      sql`select member_id from rg_members where merchant_id = ${merchantId} and blocked_until > ${now}`,

    /** Of `memberIds`, those blocked (time-out or self-exclusion) at `now`: marketing and bonuses skip them. */
    async blockedAmong(merchantId: bigint, memberIds: bigint[], now: Date): Promise<Set<bigint>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('rg_members')
        .select('member_id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', 'in', memberIds)
        .where('blocked_until', '>', now)
        .execute();
      return new Set(rows.map((r) => r.member_id));
    },
  };
}

export type RgRepository = ReturnType<typeof createRgRepository>;
