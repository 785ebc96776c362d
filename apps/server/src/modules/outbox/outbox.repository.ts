import type { Kysely } from 'kysely';
import type { OutboxTables } from './outbox.tables.ts';

export function createOutboxRepository(db: Kysely<OutboxTables>) {
  return {
    async insert(m: { channel: 'sms' | 'email'; recipient: string; body: string }): Promise<void> {
      await db.insertInto('dev_outbox').values(m).execute();
    },

    /** Newest first, at most 50, optionally for one recipient. */
    list: (recipient?: string) => {
      let q = db
        .selectFrom('dev_outbox')
        .select(['id', 'channel', 'recipient', 'body', 'created_at'])
        .orderBy('id', 'desc')
        .limit(50);
      if (recipient) q = q.where('recipient', '=', recipient);
      return q.execute();
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
