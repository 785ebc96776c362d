import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { MemberMessagesTable, MessageSegmentJson, MessagesTables } from './messages.tables.ts';
import { newestFirstPage, type Page } from '../../db/paging.ts';

type Db = Kysely<MessagesTables>;
export type MessageRow = Selectable<MemberMessagesTable>;

/** SQL of the messages module (its own tables only). */
export function createMessagesRepository(db: Db) {
  /** The member's messages: its own and its merchant's broadcasts, each with the member's read mark. */
  const inbox = (merchantId: bigint, memberId: bigint) =>
    db
      .selectFrom('member_messages as m')
      .leftJoin('member_message_reads as r', (j) =>
        j.onRef('r.message_id', '=', 'm.id').on('r.member_id', '=', memberId),
      )
      .where('m.merchant_id', '=', merchantId)
      .where((eb) =>
        eb.or([
          eb('m.member_id', '=', memberId),
          eb.and([eb('m.member_id', 'is', null), eb('m.segment', 'is', null)]),
          eb.and([
            eb('m.segment', 'is not', null),
            eb.exists(
              eb
                .selectFrom('member_message_recipients as x')
                .select('x.message_id')
                .whereRef('x.message_id', '=', 'm.id')
                .where('x.member_id', '=', memberId),
            ),
          ]),
        ]),
      );

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
        /** JSON text (lib/translations.ts); none for the site's own notices. */
        translations?: string;
        /** null: the site's own notice (a login from a new device), not an operator's message. */
        created_by: bigint | null;
        created_at: Date;
      },
    ): Promise<MessageRow> {
      return exec.insertInto('member_messages').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * A segment's message: the message row, then its recipients from `members` (a subquery of (member_id) the
     * members face built), then their count written into the row's segment. On the caller's transaction.
     */
    async insertForSegment(
      exec: Db,
      row: {
        merchant_id: bigint;
        title: string;
        content: string;
        translations: string;
        created_by: bigint;
        created_at: Date;
      },
      segment: Omit<MessageSegmentJson, 'recipients'>,
      members: RawBuilder<unknown>,
      /** Members left out (on a responsible-gaming break). */
      except?: RawBuilder<unknown>,
    ): Promise<{ row: MessageRow; recipients: bigint[] }> {
      const inserted = await exec
        .insertInto('member_messages')
        .values({ ...row, member_id: null, segment: JSON.stringify({ ...segment, recipients: 0 }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { rows } = await sql<{ member_id: bigint }>`
        insert into member_message_recipients (message_id, member_id)
        select ${inserted.id}, s.member_id from (${members}) s
         where ${except ? sql`s.member_id not in (${except})` : sql`true`}
        returning member_id`.execute(exec);
      const saved = await exec
        .updateTable('member_messages')
        .set({ segment: JSON.stringify({ ...segment, recipients: rows.length }) })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: saved, recipients: rows.map((r) => BigInt(r.member_id)) };
    },

    /** A page of the member's messages, newest first, with the total and the unread count. */
    async page(merchantId: bigint, memberId: bigint, page: { offset: number; limit: number }) {
      const [rows, c] = await Promise.all([
        inbox(merchantId, memberId)
          .select(['m.id', 'm.title', 'm.translations', 'm.member_id', 'm.created_at', 'r.read_at'])
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
        .select(['m.id', 'm.title', 'm.content', 'm.translations', 'm.member_id', 'm.created_at', 'r.read_at'])
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
    async adminPage(merchantId: bigint, page: Page) {
      // What operators sent: the site's own notices (created_by null) are the members' business.
      const base = db
        .selectFrom('member_messages')
        .where('merchant_id', '=', merchantId)
        .where('created_by', 'is not', null);
      return newestFirstPage(base, page);
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
