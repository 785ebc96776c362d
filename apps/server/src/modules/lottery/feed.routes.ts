import {
  lotteryFeedGame,
  lotteryFeedLobby,
  lotteryFeedLobbyQuery,
  lotteryFeedResults,
  lotteryGameParams,
  lotteryIssueCancel,
  lotteryIssueCancelParams,
  lotteryIssueCancelState,
  lotteryResultDiscard,
  lotteryResultEntry,
  lotteryResultState,
  lotteryResultsQuery,
  lotteryShortfalls,
  lotteryShortfallsQuery,
  lotteryVnMenu,
  lotteryVnRecent,
  lotteryVnRecentQuery,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute, defineRoute } from '../../http/route.ts';
import type { FeedService } from './feed.service.ts';
import { vnMenuOf, vnRecentOf } from './vn-menu.ts';

/** Feed-based lotteries: the public lobby, game and results of VN / Thai / 4D games. */
export function registerFeedRoutes(app: FastifyInstance, feed: FeedService): void {
  const tags = ['lottery'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/feed/lobby',
      summary: 'Feed-based lottery games (VN by region and station, Thai, 4D) with the next draw and the last result',
      tags,
      querystring: lotteryFeedLobbyQuery,
      response: lotteryFeedLobby,
    },
    ({ merchant, query }) => feed.lobby(merchant, query.kind),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/feed/games/:gameCode',
      summary: 'A feed-based lottery game: schedule, bet types with the merchant’s odds, the current and next draws',
      tags,
      params: lotteryGameParams,
      response: lotteryFeedGame,
    },
    ({ merchant, params }) => feed.gameInfo(merchant, params.gameCode),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/feed/games/:gameCode/results',
      summary: 'A feed-based game’s draws whose time has come, newest first, with their prize boards',
      tags,
      params: lotteryGameParams,
      querystring: lotteryResultsQuery,
      response: lotteryFeedResults,
    },
    ({ merchant, params, query }) => feed.results(merchant, params.gameCode, query),
  );
  // The spec's paths of the Vietnamese lottery menus (§7).
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/vn/games/game_menu',
      summary: 'The Vietnamese lottery menu: VN stations by region (MB, MN, MT) with draw time, days and next draw',
      tags,
      response: lotteryVnMenu,
    },
    async ({ merchant }) => vnMenuOf(await feed.lobby(merchant, 'vn')),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/vn/games/recent',
      summary: 'The latest result of every Vietnamese station (optionally one region), newest draw first',
      tags,
      querystring: lotteryVnRecentQuery,
      response: lotteryVnRecent,
    },
    async ({ merchant, query }) => vnRecentOf(await feed.lobby(merchant, 'vn'), query.region),
  );
}

/** Operators: results of feed-based draws, entered by one admin and confirmed by another (audited). */
export function registerFeedAdminRoutes(
  app: FastifyInstance,
  feed: FeedService,
  /** Any game's draw cancelled by an operator (lottery-cancel.ts: fast games itself, feed games by feed). */
  cancelIssue: FeedService['cancelIssue'],
): void {
  const tags = ['admin'];
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/lottery/results',
      permission: 'lottery.results',
      summary: 'Enter the official result of a draw (or a correction of a settled one); pending until confirmed',
      tags,
      body: lotteryResultEntry,
      response: lotteryResultState,
    },
    ({ merchant, admin, body, ip }) => feed.enterResult(merchant, admin, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/lottery/results/confirm',
      permission: 'lottery.results',
      summary: 'Confirm a pending result by entering it again; never by the admin who entered it',
      tags,
      body: lotteryResultEntry,
      response: lotteryResultState,
    },
    ({ merchant, admin, body, ip }) => feed.confirmResult(merchant, admin, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/lottery/results/discard',
      permission: 'lottery.results',
      summary: 'Discard a pending result entry (nothing is settled on it)',
      tags,
      body: lotteryResultDiscard,
      response: lotteryResultState,
    },
    ({ merchant, admin, body, ip }) => feed.discardResult(merchant, admin, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/lottery/issues/:id/cancel',
      permission: 'lottery.results',
      summary:
        'Cancel a draw without a result (a feed draw that did not take place, a fast draw not drawn yet) and refund every placed bet; repeatable',
      tags,
      params: lotteryIssueCancelParams,
      body: lotteryIssueCancel,
      response: lotteryIssueCancelState,
    },
    ({ merchant, admin, params, body, ip }) =>
      cancelIssue(merchant, admin, { gameCode: body.gameCode, issueId: params.id, reason: body.reason }, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/lottery/shortfalls',
      permission: 'lottery.view',
      summary:
        'Shortfalls of result corrections (what a clawback could not take back), newest first, with what the feed job collected since',
      tags,
      querystring: lotteryShortfallsQuery,
      response: lotteryShortfalls,
    },
    ({ merchant, query }) => feed.shortfalls(merchant, query),
  );
}
