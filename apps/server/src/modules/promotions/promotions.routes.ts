import {
  adminPromotion,
  adminPromotionList,
  promotionDetail,
  promotionList,
  promotionOrderRequest,
  promotionWriteRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import { readerLanguage } from '../../lib/translations.ts';
import type { AdminModule } from '../admin/index.ts';
import type { PromotionsService } from './promotions.service.ts';

/** The public promotions (/wps/promotions[/:id], visitors too) and the operator's side (/admin/api/promotions*). */
export function registerPromotionsRoutes(
  app: FastifyInstance,
  service: PromotionsService,
  audit: Pick<AdminModule, 'recordAction'>,
): void {
  const tags = ['promotions'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/promotions',
      summary: "The merchant's current promotions in the operator's order (the HTML content is in the detail)",
      tags,
      response: promotionList,
    },
    ({ merchant, request }) => service.list(merchant, readerLanguage(request.headers.language)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/promotions/:id',
      summary: 'One current promotion with its HTML content (promotion_not_found once it is over or withdrawn)',
      tags,
      params: idParams,
      response: promotionDetail,
    },
    ({ merchant, params, request }) => service.detail(merchant, params.id, readerLanguage(request.headers.language)),
  );

  const adminTags = ['admin: promotions'];
  const record =
    (ctx: { merchant: { id: bigint }; admin: { id: bigint }; ip: string }, action: string) =>
    (
      trx: Parameters<typeof audit.recordAction>[0],
      target?: { id: bigint; title?: string },
      detail?: Record<string, unknown>,
    ) =>
      audit.recordAction(trx, {
        merchantId: ctx.merchant.id,
        adminId: ctx.admin.id,
        action,
        targetType: 'promotion',
        targetId: target?.id ?? null,
        detail: target?.title ? { title: target.title, ...detail } : detail,
        ip: ctx.ip,
      });

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/promotions',
      permission: 'content.manage',
      summary: 'Publish a promotion (shown from its start until its end, after the others); audited',
      tags: adminTags,
      body: promotionWriteRequest,
      response: adminPromotion,
    },
    (ctx) => service.create(ctx.merchant, ctx.admin.id, ctx.body, record(ctx, 'promotion.create')),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/promotions/:id',
      permission: 'content.manage',
      summary: "Replace a promotion's fields (an omitted start keeps the current one); audited",
      tags: adminTags,
      params: idParams,
      body: promotionWriteRequest,
      response: adminPromotion,
    },
    (ctx) => service.update(ctx.merchant, ctx.params.id, ctx.body, record(ctx, 'promotion.update')),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/promotions/order',
      permission: 'content.manage',
      summary: 'Set the order of the promotions (the listed first, in that order; the others after); audited',
      tags: adminTags,
      body: promotionOrderRequest,
      response: adminPromotionList,
    },
    (ctx) => {
      const ids = ctx.body.ids.map(BigInt);
      return service.reorder(ctx.merchant, ids, (trx) =>
        record(ctx, 'promotion.order')(trx, undefined, { ids: ctx.body.ids }),
      );
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/promotions',
      permission: 'content.view',
      summary: "The merchant's promotions (scheduled and ended too, not withdrawn) in the shown order",
      tags: adminTags,
      response: adminPromotionList,
    },
    ({ merchant }) => service.adminList(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/promotions/:id/withdraw',
      permission: 'content.manage',
      summary: 'Withdraw a promotion (gone for everyone at once); audited',
      tags: adminTags,
      params: idParams,
      response: z.object({ withdrawn: z.literal(true) }),
    },
    (ctx) =>
      service.withdraw(ctx.merchant, ctx.params.id, (trx) =>
        record(ctx, 'promotion.withdraw')(trx, { id: ctx.params.id }),
      ),
  );
}
