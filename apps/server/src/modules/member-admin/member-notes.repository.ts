import type { Kysely } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { MemberAdminTables } from './member-admin.tables.ts';

/** SQL of staff notes: one member's notes, newest first; an insert in the caller's transaction (its audit). */
export function createMemberNotesRepository(db: Kysely<MemberAdminTables>) {
  return {
    async insert(
      executor: AnyDb,
      n: { merchantId: bigint; memberId: bigint; adminId: bigint; author: string; body: string; at: Date },
    ) {
      return tablesOf<MemberAdminTables>(executor)
        .insertInto('member_notes')
        .values({
          merchant_id: n.merchantId,
          member_id: n.memberId,
          admin_id: n.adminId,
          author: n.author,
          body: n.body,
          created_at: n.at,
        })
        .returning(['id', 'author', 'body', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async list(merchantId: bigint, memberId: bigint, page: { offset: number; limit: number }) {
      const base = db
        .selectFrom('member_notes')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'author', 'body', 'created_at'])
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type MemberNotesRepository = ReturnType<typeof createMemberNotesRepository>;
