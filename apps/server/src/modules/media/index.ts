import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import { createMediaRepository } from './media.repository.ts';
import { registerMediaRoutes } from './media.routes.ts';
import { createMediaService } from './media.service.ts';
import type { MediaTables } from './media.tables.ts';

export type { StoredMedia } from './media.service.ts';
export { MEDIA_MAX_SIDE } from './media.service.ts';

/**
 * The shared media store: images other modules upload (banners, later game icons), kept in the database so every
 * server process serves them at a content-hashed URL (/media/<sha256>.<ext>, immutable). `put` returns the URL.
 */
export function createMediaModule(deps: { db: AnyDb }) {
  const service = createMediaService({ repo: createMediaRepository(tablesOf<MediaTables>(deps.db)) });
  return {
    put: service.put,
    get: service.get,
    register(app: FastifyInstance): void {
      registerMediaRoutes(app, service);
    },
  };
}

export type MediaModule = ReturnType<typeof createMediaModule>;
