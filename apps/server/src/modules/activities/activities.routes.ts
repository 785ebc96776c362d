import {
  ACTIVITY_MAX_IMAGES,
  activityApplication,
  activityApplyRequest,
  activityOffer,
  adminActivityApplication,
  adminActivityApplicationPage,
  adminActivityApplicationQuery,
  adminActivityImage,
  adminActivityOffer,
  adminActivityReview,
  bonusClaim,
  joinPage,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readMultipartFiles, validationError } from '../../http/multipart.ts';
import { defineAdminRoute, defineMemberRoute, defineRoute, idParams } from '../../http/route.ts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { BonusModule } from '../bonus/index.ts';
import type { ActivitiesService } from './activities.service.ts';

/** The device id the site sends (X-Device-Id), for duplicate checks; '' without one. */
const deviceOf = (request: FastifyRequest): string => {
  const v = request.headers['x-device-id'];
  return typeof v === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(v) ? v : '';
};

const languageOf = (request: FastifyRequest): string | undefined => {
  const v = request.headers['language'];
  return typeof v === 'string' && /^[a-z]{2}$/.test(v) ? v : undefined;
};

/** Multipart: the field `comment` and up to 3 image parts named `images`; JSON `{comment}` without images. */
async function readApplication(request: FastifyRequest): Promise<{ comment: string; images: Buffer[] }> {
  if (!request.isMultipart()) {
    const parsed = activityApplyRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return { comment: parsed.data.comment, images: [] };
  }
  try {
    const { fields, files } = await readMultipartFiles(request, {
      fields: activityApplyRequest,
      file: 'images',
      maxFiles: ACTIVITY_MAX_IMAGES,
      tooMany: () => new AppError('activity_too_many_images'),
      fieldSize: 8 * 1024,
    });
    return { comment: fields.comment, images: files };
  } catch (e) {
    if (isAppError(e) && e.code === 'payload_too_large') throw new AppError('activity_image_too_large');
    throw e;
  }
}

const imageParams = idParams.extend({
  n: z.coerce
    .number()
    .int()
    .min(0)
    .max(ACTIVITY_MAX_IMAGES - 1),
});

/** /join (the member's page, join, reward request, application) and the staff's application queue. */
export function registerActivitiesRoutes(
  app: FastifyInstance,
  service: ActivitiesService,
  bonus: Pick<BonusModule, 'join' | 'requestReward'>,
  audit: Pick<AdminModule, 'recordAction'>,
): void {
  const tags = ['member', 'join'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/join/public',
      summary: 'The joinable promotions as a visitor sees them (state join or coming soon)',
      tags,
      response: joinPage,
    },
    ({ merchant, request }) => service.page(merchant, null, languageOf(request)),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/join',
      summary:
        "The joinable promotions (sign-up bonus first, deposit bonuses, activity applications) with the member's state",
      tags,
      response: joinPage,
      auth: 'real',
    },
    ({ merchant, member, request }) => service.page(merchant, member.memberId, languageOf(request)),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/join/:id',
      summary: "Join a promotion's bonus (a sign-up bonus is then paid on the reward request); once per member",
      tags,
      params: idParams,
      response: bonusClaim,
      auth: 'real',
    },
    ({ merchant, member, params, ip, request }) =>
      bonus.join(merchant, member.memberId, params.id, { ip, device: deviceOf(request) }, { deferReward: true }),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/join/:id/reward',
      summary:
        "The sign-up promotion's reward request: paid into the bonus balance, or flagged for staff when the IP or device matches another member's claim",
      tags,
      params: idParams,
      response: bonusClaim,
      auth: 'real',
    },
    ({ merchant, member, params, ip, request }) =>
      bonus.requestReward(merchant, member.memberId, params.id, { ip, device: deviceOf(request) }),
  );

  defineMemberRoute(
    app,
    {
      method: 'PUT',
      url: '/wps/join/:id/application',
      summary:
        'Apply to an activity: comment (≤ 140 characters); multipart with up to 3 PNG/JPG images (part "images", ≤ 5 MB each); one pending application per promotion',
      tags,
      params: idParams,
      response: activityApplication,
      auth: 'real',
    },
    async ({ merchant, member, params, ip, request }) => {
      const { comment, images } = await readApplication(request);
      return service.apply(merchant, member.memberId, params.id, comment, images, { ip, device: deviceOf(request) });
    },
  );

  const adminTags = ['admin: activities'];
  const record =
    (ctx: { merchant: { id: bigint }; admin: { id: bigint }; ip: string }, action: string, type: string, id: bigint) =>
    (trx: AnyDb, detail: Record<string, unknown>) =>
      audit.recordAction(trx, {
        merchantId: ctx.merchant.id,
        adminId: ctx.admin.id,
        action,
        targetType: type,
        targetId: id,
        detail,
        ip: ctx.ip,
      });

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/promotions/:id/application',
      permission: 'content.view',
      summary: 'Whether a promotion takes activity applications, and its eligibility (null: it does not)',
      tags: adminTags,
      params: idParams,
      response: adminActivityOffer,
    },
    async ({ merchant, params }) => ({
      offer: await service.offer(merchant, params.id),
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
    }),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/promotions/:id/application',
      permission: 'content.manage',
      summary: 'Make a promotion take activity applications (new members only, once per member); audited',
      tags: adminTags,
      params: idParams,
      body: activityOffer,
      response: activityOffer,
    },
    (ctx) =>
      service.saveOffer(ctx.merchant, ctx.admin.id, ctx.params.id, ctx.body, (trx) =>
        record(ctx, 'promotion.application', 'promotion', ctx.params.id)(trx, { ...ctx.body }),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/activity-applications',
      permission: 'members.view',
      summary: 'Activity applications, newest first (status: applying, issued, rejected; page)',
      tags: adminTags,
      querystring: adminActivityApplicationQuery,
      response: adminActivityApplicationPage,
    },
    ({ merchant, query }) => service.adminPage(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/activity-applications/:id/images/:n',
      permission: 'members.view',
      summary: 'One image of an application (base64 with its type): only through this authenticated route',
      tags: adminTags,
      params: imageParams,
      response: adminActivityImage,
    },
    ({ merchant, params }) => service.image(merchant, params.id, params.n),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/activity-applications/:id/review',
      permission: 'members.manage',
      summary:
        'Approve with a reward (cash to the main balance, paid once) or reject with a reason the member sees; the member gets a message; audited',
      tags: adminTags,
      params: idParams,
      body: adminActivityReview,
      response: adminActivityApplication,
    },
    (ctx) =>
      service.review(
        ctx.merchant,
        ctx.admin.id,
        ctx.params.id,
        ctx.body,
        record(ctx, `activity.${ctx.body.decision}`, 'activity_application', ctx.params.id),
      ),
  );
}
