import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function createSessionsRepository(db: Kysely<DB>) {
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

    /** The live session of a token (not revoked, not expired at `now`) with its member. */
    findLive(tokenHash: string, now: Date) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('members as m', 'm.id', 's.member_id')
        .select([
          's.id as sessionId',
          's.merchant_id',
          's.area',
          's.last_seen_at',
          'm.id as memberId',
          'm.status',
          'm.type',
        ])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.idle_expires_at', '>', now)
        .where('s.absolute_expires_at', '>', now)
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

    async revoke(tokenHash: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
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

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
