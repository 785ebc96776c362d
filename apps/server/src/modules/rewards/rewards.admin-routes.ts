import {
  adminMallItem,
  adminMallItemList,
  adminMallOrder,
  adminMallOrderPage,
  adminMallOrderQuery,
  adminMission,
  adminMissionList,
  adminPrizeTable,
  adminPointsRules,
  mallItemUpsertRequest,
  mallOrderRefuseRequest,
  missionUpsertRequest,
  pointsRulesRequest,
  prizeTableRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import type { Merchant } from '../../http/principals.ts';
import { defineAdminRoute, idParams, referenceParams } from '../../http/route.ts';
import { moneyOf } from './points.service.ts';
import type { RewardsService } from './rewards.service.ts';

/** An answer with the merchant's currency beside it (the screens show and take major units). */
const withMoney = async <T extends object>(merchant: Merchant, answer: Promise<T>) => ({
  ...(await answer),
  ...moneyOf(merchant),
});

/** The back office's missions, leaderboard prizes, points rules, mall items and orders (/admin/api/rewards/…). */
export function registerRewardsAdminRoutes(app: FastifyInstance, s: RewardsService): void {
  const tags = ['admin: rewards'];
  const view = 'rewards.view' as const;
  const manage = 'rewards.manage' as const;
  const base = '/admin/api/rewards';
  defineAdminRoute(
    app,
    { method: 'GET', url: `${base}/missions`, permission: view, summary: 'Missions', tags, response: adminMissionList },
    ({ merchant }) => withMoney(merchant, s.missions.adminList(merchant)),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/missions`,
      permission: manage,
      summary: 'Add a mission (audited)',
      tags,
      body: missionUpsertRequest,
      response: adminMission,
    },
    ({ merchant, admin, body, ip }) => s.missions.create(merchant, admin, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/missions/:id`,
      permission: manage,
      summary: 'Change a mission (its kind and window stay; audited)',
      tags,
      params: idParams,
      body: missionUpsertRequest,
      response: adminMission,
    },
    ({ merchant, admin, params, body, ip }) => s.missions.update(merchant, admin, params.id, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/leaderboard-prizes`,
      permission: view,
      summary: 'The prize table of each board (rank 1 first)',
      tags,
      response: adminPrizeTable,
    },
    ({ merchant }) => withMoney(merchant, s.leaderboards.adminPrizes(merchant)),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/leaderboard-prizes`,
      permission: manage,
      summary: "Replace one board's prize table (paid the day after a window ends; audited)",
      tags,
      body: prizeTableRequest,
      response: adminPrizeTable,
    },
    ({ merchant, admin, body, ip }) => withMoney(merchant, s.leaderboards.setPrizes(merchant, admin, body, ip)),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/points-rules`,
      permission: view,
      summary: 'Points rules',
      tags,
      response: adminPointsRules,
    },
    ({ merchant }) => withMoney(merchant, s.points.adminRules(merchant)),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/points-rules`,
      permission: manage,
      summary: 'Set the points rules: threshold, daily cap, cash per point, contributions (audited)',
      tags,
      body: pointsRulesRequest,
      response: adminPointsRules,
    },
    ({ merchant, admin, body, ip }) => withMoney(merchant, s.points.saveRules(merchant, admin, body, ip)),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/mall-items`,
      permission: view,
      summary: 'Points mall items',
      tags,
      response: adminMallItemList,
    },
    ({ merchant }) => withMoney(merchant, s.points.adminItems(merchant)),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/mall-items`,
      permission: manage,
      summary: 'Add a mall item (audited)',
      tags,
      body: mallItemUpsertRequest,
      response: adminMallItem,
    },
    ({ merchant, admin, body, ip }) => s.points.saveItem(merchant, admin, null, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/mall-items/:id`,
      permission: manage,
      summary: 'Change a mall item: points, stock, limit, active (audited)',
      tags,
      params: idParams,
      body: mallItemUpsertRequest,
      response: adminMallItem,
    },
    ({ merchant, admin, params, body, ip }) => s.points.saveItem(merchant, admin, params.id, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/mall-orders`,
      permission: view,
      summary: 'Mall orders, newest first; filters: status, account',
      tags,
      querystring: adminMallOrderQuery,
      response: adminMallOrderPage,
    },
    ({ merchant, query }) => s.points.adminOrders(merchant, query),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/mall-orders/:id/ship`,
      permission: manage,
      summary: 'Mark a pending physical order (PMO-…) shipped, once (audited)',
      tags,
      params: referenceParams('PMO'),
      response: adminMallOrder,
    },
    ({ merchant, admin, params, ip }) => s.points.ship(merchant, admin, params.id, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/mall-orders/:id/refuse`,
      permission: manage,
      summary: 'Refuse a pending physical order (PMO-…) with a reason: points back, stock restored, once (audited)',
      tags,
      params: referenceParams('PMO'),
      body: mallOrderRefuseRequest,
      response: adminMallOrder,
    },
    ({ merchant, admin, params, body, ip }) => s.points.refuse(merchant, admin, params.id, body.reason, ip),
  );
}
