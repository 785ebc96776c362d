import {
  adminBanner,
  adminBannerList,
  adminNotice,
  adminNoticeList,
  bannerList,
  bannerQuery,
  bannerWriteRequest,
  contentListQuery,
  mediaUpload,
  type NoticeType,
  noticeList,
  noticeQuery,
  noticeWriteRequest,
  publishRequest,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readMultipartForm } from '../../http/multipart.ts';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuditHook, ContentService } from './content.service.ts';

/** The Language header the site sends (spec §7), when the query does not name one. */
const languageOf = (request: FastifyRequest, query?: string) => {
  const h = request.headers.language;
  return (query ?? (Array.isArray(h) ? h[0] : h))?.toLowerCase().slice(0, 10);
};

type AdminCtx = { merchant: { id: bigint }; admin: { id: bigint }; ip: string };

/** The site's reads (/wps/relay/MCSFE_banners, MCSFE_notices) and the operator's side (/admin/api/content/*). */
export function registerContentRoutes(
  app: FastifyInstance,
  service: ContentService,
  audit: Pick<AdminModule, 'recordAction'>,
): void {
  const tags = ['content'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/relay/MCSFE_banners',
      summary: "A banner group's current banners in the operator's order (texts in the visitor's language)",
      tags,
      querystring: bannerQuery,
      response: bannerList,
    },
    ({ merchant, query, request }) => service.banners(merchant, query.groupName, languageOf(request, query.language)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/relay/MCSFE_notices',
      summary: 'Current notices of the given types (B marquee, PL notice popup, PU public popup, PR, H), platform W',
      tags,
      querystring: noticeQuery,
      response: noticeList,
    },
    ({ merchant, query, request }) =>
      service.notices(
        merchant,
        [...new Set(query.types.split(','))] as NoticeType[],
        languageOf(request, query.language),
      ),
  );

  const adminTags = ['admin: content'];
  const record =
    (ctx: AdminCtx, action: string): AuditHook =>
    (trx, target) =>
      audit.recordAction(trx, {
        merchantId: ctx.merchant.id,
        adminId: ctx.admin.id,
        action: `${target.kind}.${action}`,
        targetType: target.kind,
        targetId: target.id,
        ip: ctx.ip,
      });

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/content/media',
      permission: 'content.manage',
      summary: 'Upload an image (multipart field "file": PNG or JPG ≤ 5 MB, re-encoded); its content-hashed URL',
      tags: adminTags,
      response: mediaUpload,
    },
    async ({ request }) => {
      const { file } = await readMultipartForm(request, { fields: z.object({}), file: 'file' });
      if (!file)
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'file', reason: 'required', message: 'Choose an image.' }],
        });
      return service.uploadImage(file);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/content/banners',
      permission: 'content.view',
      summary: 'Every banner (scheduled, ended and unpublished too), by group and order',
      tags: adminTags,
      querystring: contentListQuery,
      response: adminBannerList,
    },
    ({ merchant, query }) => service.adminBanners(merchant, query.groupName),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/content/banners',
      permission: 'content.manage',
      summary: 'Add a banner to a group (shown while published and inside its window); audited',
      tags: adminTags,
      body: bannerWriteRequest,
      response: adminBanner,
    },
    (ctx) => service.createBanner(ctx.merchant, ctx.admin.id, ctx.body, record(ctx, 'create')),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/content/banners/:id',
      permission: 'content.manage',
      summary: "Replace a banner's fields (an omitted start keeps the current one); audited",
      tags: adminTags,
      params: idParams,
      body: bannerWriteRequest,
      response: adminBanner,
    },
    (ctx) => service.updateBanner(ctx.merchant, ctx.params.id, ctx.body, record(ctx, 'update')),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/content/banners/:id/publish',
      permission: 'content.manage',
      summary: 'Publish or unpublish a banner; audited',
      tags: adminTags,
      params: idParams,
      body: publishRequest,
      response: adminBanner,
    },
    (ctx) =>
      service.setBanner(
        ctx.merchant,
        ctx.params.id,
        ctx.body,
        record(ctx, ctx.body.published ? 'publish' : 'unpublish'),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/api/content/banners/:id',
      permission: 'content.manage',
      summary: 'Delete a banner (gone for everyone at once); audited',
      tags: adminTags,
      params: idParams,
      response: adminBanner,
    },
    (ctx) => service.setBanner(ctx.merchant, ctx.params.id, 'delete', record(ctx, 'delete')),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/content/notices',
      permission: 'content.view',
      summary: 'Every notice (scheduled, ended and unpublished too), by type and order',
      tags: adminTags,
      querystring: contentListQuery,
      response: adminNoticeList,
    },
    ({ merchant, query }) => service.adminNotices(merchant, query.type),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/content/notices',
      permission: 'content.manage',
      summary: 'Add a notice (marquee, notice popup, public popup, promotion announcement, help); audited',
      tags: adminTags,
      body: noticeWriteRequest,
      response: adminNotice,
    },
    (ctx) => service.createNotice(ctx.merchant, ctx.admin.id, ctx.body, record(ctx, 'create')),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/content/notices/:id',
      permission: 'content.manage',
      summary: "Replace a notice's fields (an omitted start keeps the current one); audited",
      tags: adminTags,
      params: idParams,
      body: noticeWriteRequest,
      response: adminNotice,
    },
    (ctx) => service.updateNotice(ctx.merchant, ctx.params.id, ctx.body, record(ctx, 'update')),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/content/notices/:id/publish',
      permission: 'content.manage',
      summary: 'Publish or unpublish a notice; audited',
      tags: adminTags,
      params: idParams,
      body: publishRequest,
      response: adminNotice,
    },
    (ctx) =>
      service.setNotice(
        ctx.merchant,
        ctx.params.id,
        ctx.body,
        record(ctx, ctx.body.published ? 'publish' : 'unpublish'),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/api/content/notices/:id',
      permission: 'content.manage',
      summary: 'Delete a notice (gone for everyone at once); audited',
      tags: adminTags,
      params: idParams,
      response: adminNotice,
    },
    (ctx) => service.setNotice(ctx.merchant, ctx.params.id, 'delete', record(ctx, 'delete')),
  );
}
