import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function createSystemRepository(db: Kysely<DB>) {
  return {
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
