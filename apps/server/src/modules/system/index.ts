import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { CountryLookup } from '../../lib/geo.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { createSystemRepository } from './system.repository.ts';
import { registerSystemRoutes } from './system.routes.ts';
import { AGENT_POLICY_TITLE, DEMO_AGENT_POLICY, DEMO_HELP, DEMO_RESOURCES } from './system.seed.ts';
import { AGENT_POLICY_CATEGORY, createSystemService } from './system.service.ts';
import type { SystemTables } from './system.tables.ts';

export interface HelpArticle {
  tag: string;
  title: string;
  html: string;
  language?: string;
  category?: string;
  categoryTitle?: string;
}

/** /wps/system/*: status (the access gate), white-label flags, domains, help centre, location, site links. */
export function createSystemModule(deps: {
  db: AnyDb;
  merchants: Pick<MerchantsModule, 'flags' | 'domains'>;
  countryOf: CountryLookup;
  clock: () => Date;
}) {
  const repo = createSystemRepository(tablesOf<SystemTables>(deps.db));
  const service = createSystemService({
    repo,
    merchants: deps.merchants,
    countryOf: deps.countryOf,
    clock: deps.clock,
  });
  return {
    ...service,

    /** Operator content (the back office will call this): one help article. */
    addHelpArticle: (merchantId: bigint, a: HelpArticle) =>
      repo.insertHelpArticles([
        {
          merchant_id: merchantId,
          language: a.language ?? 'en',
          category: a.category ?? 'faq',
          category_title: a.categoryTitle ?? 'FAQ',
          tag: a.tag,
          title: a.title,
          content: a.html,
          device: 'ALL',
          sort: 99,
        },
      ]),

    /** The demo merchant's help centre and site links (once), and its agent policy (each article once). */
    async seedDemo(merchantId: bigint): Promise<void> {
      await repo.insertMissingHelpArticles(
        Object.entries(DEMO_AGENT_POLICY).flatMap(([language, items]) =>
          items.map((a, i) => ({
            merchant_id: merchantId,
            language,
            category: AGENT_POLICY_CATEGORY,
            category_title: AGENT_POLICY_TITLE[language] ?? 'Agent policy',
            tag: a.tag,
            title: a.title,
            content: a.content,
            device: 'ALL' as const,
            sort: i,
          })),
        ),
      );
      if (await repo.hasContent(merchantId)) return;
      await repo.insertHelpArticles(
        Object.entries(DEMO_HELP).flatMap(([language, items]) =>
          items.map((a, i) => ({
            merchant_id: merchantId,
            language,
            category: a.category,
            category_title: a.categoryTitle,
            tag: a.tag,
            title: a.title,
            content: a.content,
            device: 'ALL' as const,
            sort: i,
          })),
        ),
      );
      await repo.insertSiteResources(DEMO_RESOURCES.map((r, i) => ({ ...r, merchant_id: merchantId, sort: i })));
    },

    register(app: FastifyInstance): void {
      registerSystemRoutes(app, service);
    },
  };
}

export type SystemModule = ReturnType<typeof createSystemModule>;
