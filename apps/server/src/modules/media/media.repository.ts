import type { Kysely } from 'kysely';
import type { MediaTable, MediaTables } from './media.tables.ts';

type Db = Kysely<MediaTables>;

export function createMediaRepository(db: Db) {
  return {
    /** Stores an image once per hash (the same bytes again are the same row). */
    async put(row: Omit<MediaTable, 'created_at'>): Promise<void> {
      await db
        .insertInto('media')
        .values(row)
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },

    async find(sha256: string) {
      return db
        .selectFrom('media')
        .select(['content_type', 'bytes', 'size'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
