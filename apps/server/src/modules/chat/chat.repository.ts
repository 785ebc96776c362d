import { CHAT_HISTORY } from '@sea/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChatSanctionsTable, ChatTables, ChatMessagesTable } from './chat.tables.ts';

type Db = Kysely<ChatTables>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ChatSanctionRow = Selectable<ChatSanctionsTable>;

/** A message to store (`slip` as JSON text). */
export interface NewChatMessage {
  merchant_id: bigint;
  room: string;
  member_id: bigint;
  display_name: string;
  text: string;
  slip: string | null;
  created_at: Date;
}

/** SQL of the chat module (its three tables only). */
export function createChatRepository(db: Db) {
  return {
    /**
     * Stores many messages in one statement (the writer's group commit), each only if its sender is neither banned
     * nor muted at its `created_at` — the sanction is read by the same statement, so a mute committed before it
     * applies. The stored row of each message in the order given; undefined where the sender is sanctioned. Ids
     * follow the order given (drawn after the sort).
     */
    async insertUnlessSanctioned(rows: NewChatMessage[]): Promise<Array<ChatMessageRow | undefined>> {
      const values = sql.join(
        rows.map(
          (r, i) =>
            sql`(${i}::int, ${r.merchant_id}::bigint, ${r.room}::text, ${r.member_id}::bigint, ${r.display_name}::text, ${r.text}::text, ${r.slip}::jsonb, ${r.created_at}::timestamptz)`,
        ),
      );
      const result = await sql<ChatMessageRow & { ord: number }>`
        with v (ord, merchant_id, room, member_id, display_name, text, slip, created_at) as (values ${values}),
        ok as (
          select v.*, nextval(pg_get_serial_sequence('chat_messages', 'id')) as id from v
          where not exists (
            select 1 from chat_sanctions s
            where s.merchant_id = v.merchant_id and s.member_id = v.member_id
              and (s.banned or s.muted_until > v.created_at))
          order by v.ord
        ),
        ins as (
          insert into chat_messages (id, merchant_id, room, member_id, display_name, text, slip, created_at)
            overriding system value
          select id, merchant_id, room, member_id, display_name, text, slip, created_at from ok
          returning *
        )
        select ok.ord, ins.* from ins join ok using (id)`.execute(db);
      const out: Array<ChatMessageRow | undefined> = rows.map(() => undefined);
      for (const { ord, ...row } of result.rows) out[ord] = row;
      return out;
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
