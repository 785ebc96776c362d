import {
  lotteryAdminChains,
  lotteryAdminChainsQuery,
  lotteryAdminGame,
  lotteryAdminGameParams,
  lotteryAdminGames,
  lotteryAdminGameUpdate,
  lotteryAdminIssueDetail,
  lotteryAdminIssueParams,
  lotteryAdminIssues,
  lotteryAdminIssuesQuery,
  lotteryCorrectionPreview,
  lotteryResultEntry,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute } from '../../http/route.ts';
import type { LotteryAdmin } from './lottery-admin.service.ts';
import type { FeedService } from './feed.service.ts';

const tags = ['admin'];

/** The back office's lottery screens: games and schedules, issues with totals, a correction's preview, chains. */
export function registerLotteryAdminRoutes(
  app: FastifyInstance,
  admin: LotteryAdmin,
  feed: Pick<FeedService, 'previewCorrection'>,
): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/lottery/games',
      permission: 'lottery.view',
      summary: 'Every lottery game of the merchant with its schedule, bet closing and stake limits',
      tags,
      response: lotteryAdminGames,
    },
    ({ merchant }) => admin.games(merchant),
  );
  defineAdminRoute(
    app,
    {
      method: 'PATCH',
      url: '/admin/api/lottery/games/:gameCode',
      permission: 'games.manage',
      summary: 'Enable or disable a lottery game, or change its bet closing and stake limits (new issues); audited',
      tags,
      params: lotteryAdminGameParams,
      body: lotteryAdminGameUpdate,
      response: lotteryAdminGame,
    },
    ({ merchant, admin: staff, params, body, ip }) => admin.updateGame(merchant, staff, params.gameCode, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/lottery/issues',
      permission: 'lottery.view',
      summary: 'Lottery draws with their totals (bets, stake, payouts, house result), newest first; paged and filtered',
      tags,
      querystring: lotteryAdminIssuesQuery,
      response: lotteryAdminIssues,
    },
    ({ merchant, query }) => admin.issues(merchant, query),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/lottery/games/:gameCode/issues/:issueId',
      permission: 'lottery.view',
      summary: 'One draw: totals, the result applied, every result entry (a pending one without its numbers)',
      tags,
      params: lotteryAdminIssueParams,
      response: lotteryAdminIssueDetail,
    },
    ({ merchant, params }) => admin.issue(merchant, params.gameCode, params.issueId),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/lottery/results/preview',
      permission: 'lottery.results',
      summary:
        'Preview a correction of a settled draw: per member the old payout, the new one and the difference; writes nothing',
      tags,
      body: lotteryResultEntry,
      response: lotteryCorrectionPreview,
    },
    ({ merchant, body }) => feed.previewCorrection(merchant, body),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/lottery/chains',
      permission: 'lottery.view',
      summary: 'The published hash-chain commitments of the fast e-lottery games, newest first',
      tags,
      querystring: lotteryAdminChainsQuery,
      response: lotteryAdminChains,
    },
    ({ merchant, query }) => admin.chains(merchant, query.gameCode),
  );
}
