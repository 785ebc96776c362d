import { adminMemberVip, adminVipLevels, vipLevelUpsertRequest, vipOverview, vipSettingsRequest } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineMemberRoute, idParams } from '../../http/route.ts';
import type { VipService } from './vip.service.ts';

const accountParams = z.object({ account: z.string().trim().toLowerCase().min(1).max(64) });

/** The member's VIP page (/wps/vip; flag VIP3). */
export function registerVipRoutes(app: FastifyInstance, s: VipService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/vip',
      summary: "The member's VIP level, this period's progress, every level's benefits and the level history",
      tags: ['member', 'vip'],
      response: vipOverview,
      auth: 'member',
    },
    ({ merchant, member }) => s.overview(merchant, member),
  );
}

/** The back office's VIP levels editor and a member's level (/admin/api/vip/…). */
export function registerVipAdminRoutes(app: FastifyInstance, s: VipService): void {
  const tags = ['admin: vip'];
  const view = 'rewards.view' as const;
  const manage = 'rewards.manage' as const;
  const base = '/admin/api/vip';
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/levels`,
      permission: view,
      summary: 'VIP levels in order, with the basis and period and the members at each level',
      tags,
      response: adminVipLevels,
    },
    ({ merchant }) => s.adminLevels(merchant),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/levels`,
      permission: manage,
      summary: 'Add a level (placed by its threshold; audited)',
      tags,
      body: vipLevelUpsertRequest,
      response: adminVipLevels,
    },
    ({ merchant, admin, body, ip }) => s.saveLevel(merchant, admin, null, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/levels/:id`,
      permission: manage,
      summary: 'Change a level (the ladder is re-sorted by threshold; members keep their level; audited)',
      tags,
      params: idParams,
      body: vipLevelUpsertRequest,
      response: adminVipLevels,
    },
    ({ merchant, admin, params, body, ip }) => s.saveLevel(merchant, admin, params.id, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/settings`,
      permission: manage,
      summary: 'Qualifying basis (tier points or deposits) and period (month or quarter; audited)',
      tags,
      body: vipSettingsRequest,
      response: adminVipLevels,
    },
    ({ merchant, admin, body, ip }) => s.saveSettings(merchant, admin, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/members/:account`,
      permission: view,
      summary: "A member's VIP level, this period's progress and level history",
      tags,
      params: accountParams,
      response: adminMemberVip,
    },
    ({ merchant, params }) => s.memberVip(merchant, params.account),
  );
}
