import type { Kysely, Selectable } from 'kysely';
import type { MemberMessagesTable, MessagesTables } from './messages.tables.ts';

type Db = Kysely<MessagesTables>;
export type MessageRow = Selectable<MemberMessagesTable>;

/** SQL of the messages module (its two tables only). */
export function createMessagesRepository(db: Db) {
  /** The member's messages: its own and its merchant's broadcasts, each with the member's read mark. */
  const inbox = (merchantId: bigint, memberId: bigint) =>
    db
      .selectFrom('member_messages as m')
      .leftJoin('member_message_reads as r', (j) =>
        j.onRef('r.message_id', '=', 'm.id').on('r.member_id', '=', memberId),
      )
      .where('m.merchant_id', '=', merchantId)
      .where((eb) => eb.or([eb('m.member_id', '=', memberId), eb('m.member_id', 'is', null)]));

  /** The total and unread count of the member's inbox. */
  const counts = async (merchantId: bigint, memberId: bigint) => {
    const c = await inbox(merchantId, memberId)
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.count<string>('m.id').filterWhere('r.read_at', 'is', null).as('unread'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(c.n), unread: Number(c.unread) };
  };

  return {
    async insert(
      exec: Db,
      row: {
        merchant_id: bigint;
        member_id: bigint | null;
        title: string;
        content: string;
        created_by: bigint;
        created_at: Date;
      },
    ): Promise<MessageRow> {
      return exec.insertInto('member_messages').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** A page of the member's messages, newest first, with the total and the unread count. */
    async page(merchantId: bigint, memberId: bigint, page: { offset: number; limit: number }) {
      const [rows, c] = await Promise.all([
        inbox(merchantId, memberId)
          .select(['m.id', 'm.title', 'm.member_id', 'm.created_at', 'r.read_at'])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        counts(merchantId, memberId),
      ]);
      return { rows, ...c };
    },

    /** How many of the member's messages it has not opened. */
    async unread(merchantId: bigint, memberId: bigint): Promise<number> {
      return (await counts(merchantId, memberId)).unread;
    },

    /** One of the member's messages (undefined: not there, or another member's, or another merchant's). */
    async find(merchantId: bigint, memberId: bigint, id: bigint) {
      return inbox(merchantId, memberId)
        .select(['m.id', 'm.title', 'm.content', 'm.member_id', 'm.created_at', 'r.read_at'])
        .where('m.id', '=', id)
        .executeTakeFirst();
    },

    /** Marks it read for the member (once; a second time changes nothing). */
    async markRead(memberId: bigint, messageId: bigint): Promise<void> {
      await db
        .insertInto('member_message_reads')
        .values({ member_id: memberId, message_id: messageId })
        .onConflict((oc) => oc.columns(['member_id', 'message_id']).doNothing())
        .execute();
    },

    /** Every message the merchant's operators sent, newest first. */
    async adminPage(merchantId: bigint, page: { offset: number; limit: number }) {
      const base = db.selectFrom('member_messages').where('merchant_id', '=', merchantId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
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

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
