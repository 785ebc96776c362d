import type { Kysely } from 'kysely';
import type { AuthTables } from './auth.tables.ts';

/** SQL of member sessions and password-reset links. */
export function createAuthRepository(db: Kysely<AuthTables>) {
  return {
    async insert(s: {
      tokenHash: string;
      memberId: bigint;
      merchantId: bigint;
      area: 'member' | 'agent';
      now: Date;
      idleExpiresAt: Date;
      absoluteExpiresAt: Date;
      ip: string;
      userAgent: string;
    }) {
      await db
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

    /** Ends every live session of the member, except `keep` (the one changing the password). */
    async revokeAllOf(memberId: bigint, now: Date, keep?: bigint): Promise<void> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (keep !== undefined) q = q.where('id', '!=', keep);
      await q.execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
