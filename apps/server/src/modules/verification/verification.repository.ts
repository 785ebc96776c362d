import { type Kysely, sql } from 'kysely';
import type { VerificationCodesTable, VerificationTables } from './verification.tables.ts';

type Purpose = VerificationCodesTable['purpose'];
export interface NumberKey {
  merchantId: bigint;
  countryDialingCode: string;
  mobile: string;
}

export function createVerificationRepository(db: Kysely<VerificationTables>) {
  const forNumber = (k: NumberKey) =>
    db
      .selectFrom('verification_codes')
      .where('merchant_id', '=', k.merchantId)
      .where('country_dialing_code', '=', k.countryDialingCode)
      .where('mobile', '=', k.mobile);

  return {
    /** Sends to this number since `since`, and the newest one's time. */
    async numberStats(k: NumberKey, since: Date) {
      const r = await forNumber(k)
        .where('created_at', '>=', since)
        .select([sql<string>`count(*)::text`.as('n'), sql<Date | null>`max(created_at)`.as('last')])
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), last: r.last ? new Date(r.last) : null };
    },

    async ipCount(ip: string, since: Date): Promise<number> {
      const r = await db
        .selectFrom('verification_codes')
        .where('ip', '=', ip)
        .where('created_at', '>=', since)
        .select(sql<string>`count(*)::text`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async insert(
      k: NumberKey & {
        purpose: Purpose;
        codeHash: string;
        ip: string;
        now: Date;
        expiresAt: Date;
        memberId?: bigint;
      },
    ): Promise<bigint> {
      const r = await db
        .insertInto('verification_codes')
        .values({
          merchant_id: k.merchantId,
          purpose: k.purpose,
          country_dialing_code: k.countryDialingCode,
          mobile: k.mobile,
          code_hash: k.codeHash,
          ip: k.ip,
          member_id: k.memberId ?? null,
          created_at: k.now,
          expires_at: k.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    async remove(id: bigint): Promise<void> {
      await db.deleteFrom('verification_codes').where('id', '=', id).execute();
    },

    /** The newest unused code for this number and purpose. */
    latest(k: NumberKey & { purpose: Purpose }) {
      return forNumber(k)
        .where('purpose', '=', k.purpose)
        .where('used_at', 'is', null)
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts an attempt; marks the code used when `consume`. Returns false if it was used meanwhile. */
    async attempt(id: bigint, consume: boolean, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(consume && { used_at: now }) }))
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return Boolean(r);
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
