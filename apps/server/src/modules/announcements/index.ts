import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import { createAnnouncementsRepository } from './announcements.repository.ts';
import { registerAnnouncementsRoutes } from './announcements.routes.ts';
import { createAnnouncementsService } from './announcements.service.ts';
import type { AnnouncementsTables } from './announcements.tables.ts';

/**
 * Announcements with an audience ('agents' for the agent centre's agentAnnouncement page; 'all' / 'members' kept
 * for the public popup), published and withdrawn by the operator through the admin API (audited), with a
 * per-member read mark for the unread markers.
 */
export function createAnnouncementsModule(deps: {
  db: AnyDb;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
}) {
  const db = tablesOf<AnnouncementsTables>(deps.db);
  const service = createAnnouncementsService({ db, repo: createAnnouncementsRepository(db), clock: deps.clock });
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerAnnouncementsRoutes(app, service, deps.audit);
    },
  };
}

export type AnnouncementsModule = ReturnType<typeof createAnnouncementsModule>;
