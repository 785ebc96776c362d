import type { BannerGroup, NoticeType } from '@sea/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ContentBannersTable, ContentNoticesTable, ContentTables } from './content.tables.ts';

type Db = Kysely<ContentTables>;
export type BannerRow = Selectable<ContentBannersTable>;
export type NoticeRow = Selectable<ContentNoticesTable>;
export type BannerInsert = Insertable<ContentBannersTable>;
export type NoticeInsert = Insertable<ContentNoticesTable>;
export type BannerFields = Omit<Updateable<ContentBannersTable>, 'id' | 'merchant_id' | 'created_by'>;
export type NoticeFields = Omit<Updateable<ContentNoticesTable>, 'id' | 'merchant_id' | 'created_by'>;

/** jsonb comes back parsed from node-postgres and PGlite; a text column would not: accept both. */
const parsed = <R extends { texts: unknown }>(r: R): R => ({
  ...r,
  texts: typeof r.texts === 'string' ? (JSON.parse(r.texts) as unknown) : (r.texts ?? {}),
});

export function createContentRepository(db: Db) {
  return {
    /** Banners of a group a visitor sees now: published, inside their window, in the operator's order. */
    async shownBanners(merchantId: bigint, group: BannerGroup, now: Date): Promise<BannerRow[]> {
      const rows = await db
        .selectFrom('content_banners')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('group_name', '=', group)
        .where('deleted_at', 'is', null)
        .where('published', '=', true)
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .limit(50)
        .execute();
      return rows.map(parsed);
    },

    async shownNotices(merchantId: bigint, types: NoticeType[], now: Date): Promise<NoticeRow[]> {
      const rows = await db
        .selectFrom('content_notices')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('type', 'in', types)
        .where('deleted_at', 'is', null)
        .where('published', '=', true)
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map(parsed);
    },

    async adminBanners(merchantId: bigint, group?: BannerGroup): Promise<BannerRow[]> {
      let q = db
        .selectFrom('content_banners')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null);
      if (group) q = q.where('group_name', '=', group);
      return (await q.orderBy('group_name').orderBy('sort').orderBy('id').limit(500).execute()).map(parsed);
    },

    async adminNotices(merchantId: bigint, type?: NoticeType): Promise<NoticeRow[]> {
      let q = db
        .selectFrom('content_notices')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null);
      if (type) q = q.where('type', '=', type);
      return (await q.orderBy('type').orderBy('sort').orderBy('id', 'desc').limit(500).execute()).map(parsed);
    },

    async insertBanner(trx: Db, row: BannerInsert): Promise<BannerRow> {
      return parsed(await trx.insertInto('content_banners').values(row).returningAll().executeTakeFirstOrThrow());
    },

    async insertNotice(trx: Db, row: NoticeInsert): Promise<NoticeRow> {
      return parsed(await trx.insertInto('content_notices').values(row).returningAll().executeTakeFirstOrThrow());
    },

    /** A live (not deleted) banner of the merchant, locked for the write. */
    async lockBanner(trx: Db, merchantId: bigint, id: bigint): Promise<BannerRow | undefined> {
      const r = await trx
        .selectFrom('content_banners')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      return r && parsed(r);
    },

    async lockNotice(trx: Db, merchantId: bigint, id: bigint): Promise<NoticeRow | undefined> {
      const r = await trx
        .selectFrom('content_notices')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      return r && parsed(r);
    },

    async updateBanner(trx: Db, id: bigint, fields: BannerFields): Promise<BannerRow> {
      return parsed(
        await trx
          .updateTable('content_banners')
          .set(fields)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    async updateNotice(trx: Db, id: bigint, fields: NoticeFields): Promise<NoticeRow> {
      return parsed(
        await trx
          .updateTable('content_notices')
          .set(fields)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    /** Whether the merchant ever had content (the demo seed runs only before). */
    async any(merchantId: bigint): Promise<boolean> {
      const b = await db
        .selectFrom('content_banners')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .limit(1)
        .executeTakeFirst();
      if (b) return true;
      const n = await db
        .selectFrom('content_notices')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .limit(1)
        .executeTakeFirst();
      return n !== undefined;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
