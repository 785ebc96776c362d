import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MediaModule } from '../media/index.ts';
import { createContentRepository } from './content.repository.ts';
import { registerContentRoutes } from './content.routes.ts';
import { seedDemoContent } from './content.seed.ts';
import { createContentService } from './content.service.ts';
import type { ContentTables } from './content.tables.ts';

/**
 * Site content from the operator: banners per group (w_home, w_login, w_register, w_forget; images through the
 * media face) and notices by type (B marquee, PL notice popup, PU public popup, PR, H), texts per language with a
 * fallback to the merchant's default. The site reads them under /wps/relay/MCSFE_*; staff edit them under
 * /admin/api/content/* (content permission, audited).
 */
export function createContentModule(deps: {
  db: AnyDb;
  media: Pick<MediaModule, 'put'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
  /** Other processes' caches drop the shown content at once after a write here (Redis pub/sub when configured). */
  bus?: CacheBus;
}) {
  const db = tablesOf<ContentTables>(deps.db);
  const repo = createContentRepository(db);
  const service = createContentService({ db, repo, media: deps.media, clock: deps.clock, bus: deps.bus });
  return {
    banners: service.banners,
    notices: service.notices,
    forget: service.forget,
    /** The demo merchant's banners and notices (only while it has never had content). */
    seedDemo: (merchantId: bigint) => seedDemoContent({ db, repo, media: deps.media, merchantId, now: deps.clock() }),
    register(app: FastifyInstance): void {
      registerContentRoutes(app, service, deps.audit);
    },
  };
}

export type ContentModule = ReturnType<typeof createContentModule>;
