import type { Insertable, Kysely } from 'kysely';
import type { HelpArticlesTable, SiteResourcesTable, SystemTables } from './system.tables.ts';

export function createSystemRepository(db: Kysely<SystemTables>) {
  return {
    async insertHelpArticles(rows: Insertable<HelpArticlesTable>[]): Promise<void> {
      if (rows.length) await db.insertInto('help_articles').values(rows).execute();
    },

    /** Articles whose (merchant, language, tag) is not there yet; the ones there stay as the operator left them. */
    async insertMissingHelpArticles(rows: Insertable<HelpArticlesTable>[]): Promise<void> {
      if (rows.length)
        await db
          .insertInto('help_articles')
          .values(rows)
          .onConflict((oc) => oc.columns(['merchant_id', 'language', 'tag']).doNothing())
          .execute();
    },

    async insertSiteResources(rows: Insertable<SiteResourcesTable>[]): Promise<void> {
      if (rows.length) await db.insertInto('site_resources').values(rows).execute();
    },

    async hasContent(merchantId: bigint): Promise<boolean> {
      const row = await db
        .selectFrom('site_resources')
        .select('key')
        .where('merchant_id', '=', merchantId)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    async helpArticles(merchantId: bigint, language: string, device: 'WEB' | 'MOBILE') {
      return db
        .selectFrom('help_articles')
        .select(['category', 'category_title', 'tag', 'title', 'content'])
        .where('merchant_id', '=', merchantId)
        .where('language', '=', language)
        .where('device', 'in', ['ALL', device])
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    async siteResources(merchantId: bigint) {
      return db
        .selectFrom('site_resources')
        .select(['key', 'url', 'label'])
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('key')
        .execute();
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
