import type { Kysely } from 'kysely';
import type { CaptchaTables } from './captcha.tables.ts';

export function createCaptchaRepository(db: Kysely<CaptchaTables>) {
  return {
    async insert(c: { id: string; merchantId: bigint; ip: string; answerHash: string; now: Date; expiresAt: Date }) {
      await db
        .insertInto('captchas')
        .values({
          id: c.id,
          merchant_id: c.merchantId,
          ip: c.ip,
          answer_hash: c.answerHash,
          created_at: c.now,
          expires_at: c.expiresAt,
        })
        .execute();
    },

    async deleteExpiredBefore(at: Date): Promise<void> {
      await db.deleteFrom('captchas').where('expires_at', '<', at).execute();
    },

    /** Marks an unused, unexpired challenge used and returns its answer hash (undefined: none such). */
    async consume(merchantId: bigint, id: string, now: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('captchas')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('answer_hash')
        .executeTakeFirst();
      return row?.answer_hash;
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
