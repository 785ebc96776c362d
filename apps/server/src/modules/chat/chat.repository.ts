import { CHAT_HISTORY } from '@sea/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ChatSanctionsTable, ChatTables, ChatMessagesTable } from './chat.tables.ts';

type Db = Kysely<ChatTables>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ChatSanctionRow = Selectable<ChatSanctionsTable>;

/** SQL of the chat module (its three tables only). */
export function createChatRepository(db: Db) {
  return {
    async insert(row: {
      merchant_id: bigint;
      room: string;
      member_id: bigint;
      display_name: string;
      text: string;
      slip: string | null;
      created_at: Date;
    }): Promise<ChatMessageRow> {
      return db.insertInto('chat_messages').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** The room's last messages (deleted ones too when staff ask), newest first. */
    recent(merchantId: bigint, room: string, withDeleted = false): Promise<ChatMessageRow[]> {
      let q = db.selectFrom('chat_messages').selectAll().where('merchant_id', '=', merchantId).where('room', '=', room);
      if (!withDeleted) q = q.where('deleted_at', 'is', null);
      return q.orderBy('id', 'desc').limit(CHAT_HISTORY).execute();
    },

    /** Marks a message deleted (once); the row that changed, or undefined. */
    markDeleted(merchantId: bigint, id: bigint, by: string, at: Date): Promise<ChatMessageRow | undefined> {
      return db
        .updateTable('chat_messages')
        .set({ deleted_at: at, deleted_by: by })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    byId(merchantId: bigint, id: bigint): Promise<ChatMessageRow | undefined> {
      return db
        .selectFrom('chat_messages')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes messages created before `before`, at most `limit` at a time; how many went. */
    async prune(before: Date, limit: number): Promise<number> {
      const r = await db
        .deleteFrom('chat_messages')
        .where('id', 'in', db.selectFrom('chat_messages').select('id').where('created_at', '<', before).limit(limit))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    sanction(merchantId: bigint, memberId: bigint): Promise<ChatSanctionRow | undefined> {
      return db
        .selectFrom('chat_sanctions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    async setSanction(row: {
      merchant_id: bigint;
      member_id: bigint;
      muted_until: Date | null;
      banned: boolean;
      reason: string | null;
      updated_by: string;
      updated_at: Date;
    }): Promise<ChatSanctionRow> {
      return db
        .insertInto('chat_sanctions')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'member_id']).doUpdateSet({
            muted_until: row.muted_until,
            banned: row.banned,
            reason: row.reason,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Members banned, or muted past `now`, newest change first. */
    activeSanctions(merchantId: bigint, now: Date): Promise<ChatSanctionRow[]> {
      return db
        .selectFrom('chat_sanctions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where((eb) => eb.or([eb('banned', '=', true), eb('muted_until', '>', now)]))
        .orderBy('updated_at', 'desc')
        .limit(200)
        .execute();
    },

    async blockedWords(merchantId: bigint): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_blocked_words')
        .select('word')
        .where('merchant_id', '=', merchantId)
        .orderBy('word')
        .execute();
      return rows.map((r) => r.word);
    },

    /** Replaces the merchant's list in one transaction. */
    async replaceBlockedWords(merchantId: bigint, words: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('chat_blocked_words').where('merchant_id', '=', merchantId).execute();
        if (words.length)
          await trx
            .insertInto('chat_blocked_words')
            .values(words.map((word) => ({ merchant_id: merchantId, word })))
            .execute();
      });
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
