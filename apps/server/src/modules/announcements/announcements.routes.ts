import {
  adminContentListQuery,
  adminAnnouncement,
  adminAnnouncementList,
  announcementCreateRequest,
  announcementDetail,
  announcementListQuery,
  announcementPage,
  announcementUpdateRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineMemberRoute, idParams } from '../../http/route.ts';
import type { AdminModule } from '../admin/index.ts';
import { readerLanguage } from '../../lib/translations.ts';
import { type AnnouncementsService, presentAdmin } from './announcements.service.ts';

/** Agent announcements (/wps/agent/announcements*: agents only) and the operator's side (/admin/api/announcements). */
export function registerAnnouncementsRoutes(
  app: FastifyInstance,
  service: AnnouncementsService,
  audit: Pick<AdminModule, 'recordAction'>,
): void {
  const tags = ['agent', 'announcements'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/announcements',
      summary: 'Announcements for agents, newest first, each marked unread until the agent opened it',
      tags,
      querystring: announcementListQuery,
      response: announcementPage,
      auth: 'real',
    },
    ({ merchant, member, query, request }) =>
      service.forAgent(merchant, member, query, readerLanguage(request.headers.language)),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/announcements/:id',
      summary: 'One announcement for agents (HTML content); reading it does not mark it read (POST …/read does)',
      tags,
      params: idParams,
      response: announcementDetail,
      auth: 'real',
    },
    ({ merchant, member, params, request }) =>
      service.agentDetail(merchant, member, params.id, readerLanguage(request.headers.language)),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/agent/announcements/:id/read',
      summary: 'Mark an announcement read for the agent (idempotent)',
      tags,
      params: idParams,
      response: z.object({ unread: z.literal(false) }),
      auth: 'real',
    },
    ({ merchant, member, params }) => service.markRead(merchant, member, params.id),
  );

  const adminTags = ['admin: announcements'];
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/announcements',
      permission: 'content.manage',
      summary: "Publish an announcement for an audience ('agents': the agent centre); audited",
      tags: adminTags,
      body: announcementCreateRequest,
      response: adminAnnouncement,
    },
    ({ merchant, admin, ip, body }) =>
      service.create(merchant, admin.id, body, (trx, row) =>
        audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'announcement.create',
          targetType: 'announcement',
          targetId: row.id,
          detail: { audience: row.audience, title: row.title },
          ip,
        }),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/announcements/:id',
      permission: 'content.manage',
      summary:
        'Edit an announcement after publishing (texts, translations, audience, window); audited with the old text',
      tags: adminTags,
      params: idParams,
      body: announcementUpdateRequest,
      response: adminAnnouncement,
    },
    ({ merchant, admin, ip, params, body }) =>
      service.update(merchant, params.id, body, (trx, before, after) =>
        audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'announcement.update',
          targetType: 'announcement',
          targetId: after.id,
          detail: { before: presentAdmin(before), after: presentAdmin(after) },
          ip,
        }),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/announcements',
      permission: 'content.view',
      summary: "The merchant's announcements (every audience, scheduled and ended too), newest first",
      tags: adminTags,
      querystring: adminContentListQuery,
      response: adminAnnouncementList,
    },
    ({ merchant, query }) => service.adminList(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/announcements/:id/withdraw',
      permission: 'content.manage',
      summary: 'Withdraw an announcement (gone for everyone at once); audited',
      tags: adminTags,
      params: idParams,
      response: z.object({ withdrawn: z.literal(true) }),
    },
    ({ merchant, admin, ip, params }) =>
      service.withdraw(merchant, params.id, (trx) =>
        audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'announcement.withdraw',
          targetType: 'announcement',
          targetId: params.id,
          ip,
        }),
      ),
  );
}
