import {
  adminBonusClaim,
  adminBonusClaimPage,
  adminBonusClaimQuery,
  adminBonusOffer,
  adminBonusReview,
  bonusClaim,
  bonusForfeitRequest,
  bonusJoinRequest,
  bonusOffer,
  bonusOfferWrite,
  bonusSummary,
  playerBonusOffer,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineAdminRoute, defineMemberRoute, defineRoute, idParams } from '../../http/route.ts';
import type { AnyDb } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { BonusService } from './bonus.service.ts';
import type { BonusWagering } from './bonus.wagering.ts';

/** The device id the site sends (X-Device-Id), for duplicate checks; '' without one. */
const deviceOf = (request: FastifyRequest): string => {
  const v = request.headers['x-device-id'];
  return typeof v === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(v) ? v : '';
};

/** Bonus money: the member's bonus page, join and forfeit (/wps/bonus*), the operator's terms and reviews. */
export function registerBonusRoutes(
  app: FastifyInstance,
  service: BonusService,
  wagering: BonusWagering,
  audit: Pick<AdminModule, 'recordAction'>,
): void {
  const tags = ['member', 'bonus'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/bonus',
      summary: 'The bonus page: main and bonus balances, the active bonus with its wagering, the queue and history',
      tags,
      response: bonusSummary,
      auth: 'real',
    },
    ({ merchant, member }) => service.summary(merchant, member.memberId),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/bonus/offers/:id',
      summary: "A promotion's bonus terms (offer null: it pays no bonus)",
      tags,
      params: idParams,
      response: playerBonusOffer,
    },
    ({ merchant, params }) => service.playerOffer(merchant, null, params.id),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/bonus/join',
      summary:
        "Join a promotion's bonus (before the qualifying deposit; a sign-up bonus is paid at once); once per member",
      tags,
      body: bonusJoinRequest,
      response: bonusClaim,
      auth: 'real',
    },
    ({ merchant, member, body, ip, request }) =>
      service.join(merchant, member.memberId, BigInt(body.promotionId), { ip, device: deviceOf(request) }),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/bonus/forfeit',
      summary: 'Give up the active bonus (its balance goes back to the house; the next queued bonus starts)',
      tags,
      body: bonusForfeitRequest,
      response: bonusClaim,
      auth: 'real',
    },
    ({ merchant, member, body }) => service.forfeit(merchant, member.memberId, BigInt(body.claimId)),
  );

  const adminTags = ['admin: bonus'];
  const record =
    (
      ctx: { merchant: { id: bigint }; admin: { id: bigint }; ip: string },
      action: string,
      id: bigint,
      detail: object,
    ) =>
    (trx: AnyDb) =>
      audit.recordAction(trx, {
        merchantId: ctx.merchant.id,
        adminId: ctx.admin.id,
        action,
        targetType: action.startsWith('promotion') ? 'promotion' : 'bonus_claim',
        targetId: id,
        detail: detail as Record<string, unknown>,
        ip: ctx.ip,
      });

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/promotions/:id/bonus',
      permission: 'content.view',
      summary: "A promotion's bonus terms (its claim settings; null: none)",
      tags: adminTags,
      params: idParams,
      response: adminBonusOffer,
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
      url: '/admin/api/promotions/:id/bonus',
      permission: 'content.manage',
      summary:
        "Set a promotion's bonus terms (kind, %, cap, minimum deposit, wagering, conversion cap, expiry); audited",
      tags: adminTags,
      params: idParams,
      body: bonusOfferWrite,
      response: bonusOffer,
    },
    (ctx) =>
      service.saveOffer(
        ctx.merchant,
        ctx.admin.id,
        ctx.params.id,
        ctx.body,
        record(ctx, 'promotion.bonus', ctx.params.id, { ...ctx.body }),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/bonus/claims',
      permission: 'members.view',
      summary:
        'Bonus claims, flagged first then newest (status=flagged: suspected duplicates waiting for a decision; account; page)',
      tags: adminTags,
      querystring: adminBonusClaimQuery,
      response: adminBonusClaimPage,
    },
    ({ merchant, query }) => wagering.adminClaims(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/bonus/claims/:id/review',
      permission: 'members.manage',
      summary: 'Approve (it proceeds, paid once qualified) or reject (with a reason) a flagged bonus claim; audited',
      tags: adminTags,
      params: idParams,
      body: adminBonusReview,
      response: adminBonusClaim,
    },
    (ctx) =>
      wagering.review(
        ctx.merchant,
        ctx.admin.id,
        ctx.params.id,
        ctx.body.decision,
        ctx.body.reason,
        record(ctx, `bonus.${ctx.body.decision}`, ctx.params.id, ctx.body.reason ? { reason: ctx.body.reason } : {}),
      ),
  );
}
