import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AuthTables, MemberLoginsTable } from './auth.tables.ts';

export type LoginRecord = Pick<MemberLoginsTable, 'ip' | 'method' | 'result'> & {
  merchantId: bigint;
  memberId: bigint;
  at: Date;
  userAgent: string;
};

/** SQL of member sessions and password-reset links. */
export function createAuthRepository(db: Kysely<AuthTables>) {
  const on = (executor?: AnyDb) => (executor ? tablesOf<AuthTables>(executor) : db);
  return {
    /** `fn` in one transaction (committed when it returns, rolled back when it throws). */
    transaction: <T>(fn: (trx: AnyDb) => Promise<T>): Promise<T> => db.transaction().execute(fn),

    async insert(
      s: {
        tokenHash: string;
        memberId: bigint;
        merchantId: bigint;
        area: 'member' | 'agent';
        now: Date;
        idleExpiresAt: Date;
        absoluteExpiresAt: Date;
        ip: string;
        userAgent: string;
        deviceId?: string | null;
      },
      executor?: AnyDb,
    ) {
      await on(executor)
        .insertInto('sessions')
        .values({
          token_hash: s.tokenHash,
          member_id: s.memberId,
          merchant_id: s.merchantId,
          area: s.area,
          created_at: s.now,
          last_seen_at: s.now,
          idle_expires_at: s.idleExpiresAt,
          absolute_expires_at: s.absoluteExpiresAt,
          ip: s.ip,
          user_agent: s.userAgent.slice(0, 300),
          device_id: s.deviceId ?? null,
        })
        .execute();
    },

    /** The live session of a token (not revoked, not expired at `now`). */
    findLive(tokenHash: string, now: Date) {
      return db
        .selectFrom('sessions')
        .select([
          'id as sessionId',
          'merchant_id',
          'member_id as memberId',
          'area',
          'last_seen_at',
          'idle_expires_at',
          'absolute_expires_at',
        ])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .executeTakeFirst();
    },

    async touch(sessionId: bigint, now: Date, idleExpiresAt: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set((eb) => ({
          last_seen_at: now,
          idle_expires_at: eb.fn('least', [eb.val(idleExpiresAt), eb.ref('absolute_expires_at')]),
        }))
        .where('id', '=', sessionId)
        .execute();
    },

    /** Ends the session of a token; its id and member when it was live (for the realtime drop). */
    async revoke(tokenHash: string, now: Date): Promise<{ id: bigint; member_id: bigint } | undefined> {
      return db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .returning(['id', 'member_id'])
        .executeTakeFirst();
    },

    async insertResetToken(t: { merchantId: bigint; memberId: bigint; tokenHash: string; now: Date; expiresAt: Date }) {
      await db
        .insertInto('password_reset_tokens')
        .values({
          merchant_id: t.merchantId,
          member_id: t.memberId,
          token_hash: t.tokenHash,
          created_at: t.now,
          expires_at: t.expiresAt,
        })
        .execute();
    },

    /** Uses a live reset link once; returns its member (undefined: unknown, used or expired). */
    async consumeResetToken(merchantId: bigint, tokenHash: string, now: Date): Promise<bigint | undefined> {
      const row = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('merchant_id', '=', merchantId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('member_id')
        .executeTakeFirst();
      return row?.member_id;
    },

    /** Ends every live session of the member, except `keep` (the one changing the password); returns how many. */
    async revokeAllOf(memberId: bigint, now: Date, keep?: bigint, executor?: AnyDb): Promise<number> {
      let q = on(executor)
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (keep !== undefined) q = q.where('id', '!=', keep);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Sessions of the member still usable at `now`. */
    async liveCount(memberId: bigint, now: Date): Promise<number> {
      const r = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .where('idle_expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    // ---- login history (member_logins) ----

    async recordLogin(r: LoginRecord, executor?: AnyDb): Promise<void> {
      await on(executor)
        .insertInto('member_logins')
        .values({
          merchant_id: r.merchantId,
          member_id: r.memberId,
          at: r.at,
          ip: r.ip,
          user_agent: r.userAgent.slice(0, 300),
          method: r.method,
          result: r.result,
        })
        .execute();
    },

    /** A member's logins, newest first. */
    async logins(merchantId: bigint, memberId: bigint, page: { offset: number; limit: number }) {
      const base = db
        .selectFrom('member_logins')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId);
      const [rows, count] = await Promise.all([
        base
          .select(['at', 'ip', 'user_agent', 'method', 'result'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The members who logged in from `ip` as a subquery of member_id (bounds the members module's search). */
    membersFromIp: (merchantId: bigint, ip: string): RawBuilder<unknown> =>
      sql`select member_id from member_logins where merchant_id = ${merchantId} and ip = ${ip} and result = 'ok'`,
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
