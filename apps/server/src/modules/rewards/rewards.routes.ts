import {
  convertPointsRequest,
  convertPointsResult,
  leaderboardQuery,
  leaderboardView,
  mallItemList,
  mallOrder,
  mallOrderPage,
  missionList,
  pageOnlyQuery,
  pointsEntryPage,
  pointsOverview,
  redeemRequest,
  rewardItem,
  rewardPage,
  rewardPageQuery,
  rewardSummary,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute, referenceParams } from '../../http/route.ts';
import type { RewardsService } from './rewards.service.ts';

/** The member's reward centre, missions, leaderboard, points and mall (/wps/rewards…, /wps/points…). */
export function registerRewardsRoutes(app: FastifyInstance, s: RewardsService): void {
  const tags = ['member', 'rewards'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/rewards/summary',
      summary: 'Menu badges: claimable mission rewards and all claimable rewards; the points balance',
      tags,
      response: rewardSummary,
      auth: 'member',
    },
    ({ member }) => s.summary(member),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/rewards',
      summary: 'Reward centre: rewards waiting to be claimed (view=claimable) or claimed / expired (view=history)',
      tags,
      querystring: rewardPageQuery,
      response: rewardPage,
      auth: 'member',
    },
    ({ member, query }) => s.centre.list(member, query),
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/rewards/:id/claim',
      summary: 'Claim one reward (RWD-…): cash to the main wallet, once',
      tags,
      params: referenceParams('RWD'),
      response: rewardItem,
      auth: 'real',
    },
    ({ merchant, member, params }) => s.centre.claim(merchant, member, params.id),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/rewards/missions',
      summary: "Active missions with the member's progress in the current window",
      tags,
      response: missionList,
      auth: 'member',
    },
    ({ merchant, member }) => s.missions.list(merchant, member),
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/rewards/check-in',
      summary: "Today's check-in (the merchant's local day); again the same day changes nothing",
      tags,
      response: missionList,
      auth: 'real',
    },
    ({ merchant, member }) => s.missions.checkIn(merchant, member),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/rewards/leaderboard',
      summary: 'The current daily or weekly board (valid bet or best win multiplier × 10 000), masked, with own rank',
      tags,
      querystring: leaderboardQuery,
      response: leaderboardView,
      auth: 'member',
    },
    ({ merchant, member, query }) => s.leaderboards.view(merchant, member, query),
  );

  const ptags = ['member', 'points mall'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/points',
      summary: 'Points balance, today, and the rules (exchange rate, daily cap, contributions)',
      tags: ptags,
      response: pointsOverview,
      auth: 'member',
    },
    ({ merchant, member }) => s.points.overview(merchant, member),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/points/entries',
      summary: 'Points details: every change of the balance, newest first',
      tags: ptags,
      querystring: pageOnlyQuery,
      response: pointsEntryPage,
      auth: 'member',
    },
    ({ member, query }) => s.points.entries(member, query),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/points/mall',
      summary: 'The points mall: active items with stock and per-member limit',
      tags: ptags,
      response: mallItemList,
      auth: 'member',
    },
    ({ merchant }) => s.points.items(merchant),
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/points/mall/redeem',
      summary: 'Redeem an item with the transaction password (physical items: a delivery address)',
      tags: ptags,
      body: redeemRequest,
      response: mallOrder,
      auth: 'real',
    },
    ({ merchant, member, body }) => s.points.redeem(merchant, member, body),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/points/orders',
      summary: 'Redeem history, newest first',
      tags: ptags,
      querystring: pageOnlyQuery,
      response: mallOrderPage,
      auth: 'member',
    },
    ({ merchant, member, query }) => s.points.orders(merchant, member, query),
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/points/convert',
      summary: "Convert points to cash in the main wallet at the merchant's rate (transaction password)",
      tags: ptags,
      body: convertPointsRequest,
      response: convertPointsResult,
      auth: 'real',
    },
    ({ merchant, member, body }) => s.points.convert(merchant, member, body),
  );
}
