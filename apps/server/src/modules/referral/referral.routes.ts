import {
  adminReferralPage,
  adminReferralQuery,
  adminReferral,
  adminReferralSettings,
  referralOverview,
  referralReviewRequest,
  referralSettingsRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import type { Merchant } from '../../http/principals.ts';
import { defineAdminRoute, defineMemberRoute, idParams } from '../../http/route.ts';
import type { ReferralService } from './referral.service.ts';

const moneyOf = (m: Merchant) => ({ currency: m.currency, exponent: m.currencyExponent });

/** The member's referral page (/wps/referral) and the back office's programme and flagged queue. */
export function registerReferralRoutes(app: FastifyInstance, s: ReferralService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/referral',
      summary: "The member's referral code and link, the programme's rules, friends (masked) and rewards earned",
      tags: ['member', 'referral'],
      response: referralOverview,
      auth: 'real',
    },
    ({ merchant, member }) => s.overview(merchant, member),
  );

  const tags = ['admin: referral'];
  const base = '/admin/api/referral';
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/settings`,
      permission: 'rewards.view',
      summary: 'The referral programme (enabled = the REFERRALPROMO3 flag)',
      tags,
      response: adminReferralSettings,
    },
    async ({ merchant }) => ({ ...(await s.adminSettings(merchant)), ...moneyOf(merchant) }),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/settings`,
      permission: 'rewards.manage',
      summary: 'Change the referral programme (audited)',
      tags,
      body: referralSettingsRequest,
      response: adminReferralSettings,
    },
    async ({ merchant, admin, body, ip }) => ({
      ...(await s.saveSettings(merchant, admin, body, ip)),
      ...moneyOf(merchant),
    }),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/referrals`,
      permission: 'rewards.view',
      summary: 'Referrals: flagged ones waiting for a decision (view=flagged) or all',
      tags,
      querystring: adminReferralQuery,
      response: adminReferralPage,
    },
    async ({ merchant, query }) => ({ ...(await s.adminList(merchant, query)), ...moneyOf(merchant) }),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/referrals/:id/review`,
      permission: 'rewards.manage',
      summary: 'Approve (reward granted once) or reject with a reason a flagged referral (audited)',
      tags,
      params: idParams,
      body: referralReviewRequest,
      response: adminReferral,
    },
    ({ merchant, admin, params, body, ip }) => s.review(merchant, admin, params.id, body, ip),
  );
}
