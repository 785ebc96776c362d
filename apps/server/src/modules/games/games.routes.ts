import {
  betRecordPage,
  betRecordQuery,
  favouriteIds,
  favouritePageQuery,
  favouriteRequest,
  gameItem,
  gameListQuery,
  gameMenus,
  gamePage,
  launchRequest,
  launchResult,
  popularGames,
  vendorGameTypes,
  vendorGameTypesQuery,
  winnerBoard,
  winnersQuery,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineMemberRoute, defineRoute } from '../../http/route.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { LaunchService } from './launch.service.ts';
import type { RecordsService } from './records.service.ts';

const tags = ['games'];
const languageQuery = z.object({ language: z.string().trim().max(10).optional() });
/** The Language header the site sends (spec §7), when a query does not name one. */
const languageOf = (request: FastifyRequest, query?: string) => {
  const h = request.headers.language;
  return query ?? (Array.isArray(h) ? h[0] : h)?.toLowerCase().slice(0, 10);
};

export function registerGameRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueService; launch: LaunchService; records: RecordsService },
): void {
  const { catalogue } = deps;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/games/game_menus',
      summary: 'Game categories that have vendors, with their vendor tiles (top navigation, drop-downs)',
      tags,
      response: gameMenus,
    },
    ({ merchant }) => catalogue.menus(merchant),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/games/popular',
      summary: 'Home rows: 6 games per category (hot first); sports as 3 vendor tiles',
      tags,
      querystring: languageQuery,
      response: popularGames,
    },
    ({ merchant, query, request }) => catalogue.popular(merchant, languageOf(request, query.language)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/games/list',
      summary:
        'Games with the spec filters (gameType, vassalage, gameClassify, gameName, minBet, minLineNum, hot), paged',
      tags,
      querystring: gameListQuery,
      response: gamePage,
    },
    ({ merchant, query, request }) =>
      catalogue.list(merchant, { ...query, language: languageOf(request, query.language) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/games/hot',
      summary: 'Hot games (the HOT list)',
      tags,
      querystring: languageQuery,
      response: z.array(gameItem),
    },
    ({ merchant, query, request }) => catalogue.hot(merchant, languageOf(request, query.language)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/games/vendor_game_types',
      summary: 'What a vendor offers: categories and RNG sub-categories with game counts',
      tags,
      querystring: vendorGameTypesQuery,
      response: vendorGameTypes,
    },
    ({ merchant, query }) => catalogue.vendorGameTypes(merchant, query.vassalage),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/games/winners',
      summary: 'Latest winners board (real settled wins, names masked, limit 20)',
      tags,
      querystring: winnersQuery,
      response: winnerBoard,
    },
    ({ merchant, query, request }) =>
      catalogue.winners(merchant, query.gameCategory, query.limitNum, languageOf(request, query.language)),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/game/favourites/ids',
      summary: 'Ids of the member’s favourite games',
      tags,
      response: favouriteIds,
      auth: 'member',
    },
    ({ member }) => catalogue.favouriteIds(member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/game/favourites',
      summary: 'The member’s favourite games, paged',
      tags,
      querystring: favouritePageQuery,
      response: gamePage,
      auth: 'member',
    },
    ({ merchant, member, query, request }) =>
      catalogue.favourites(merchant, member.memberId, query, languageOf(request)),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/game/favourites',
      summary: 'Add a favourite game (idempotent)',
      tags,
      body: favouriteRequest,
      response: favouriteIds,
      auth: 'member',
    },
    async ({ merchant, member, body }) => {
      await catalogue.addFavourite(merchant, member.memberId, BigInt(body.nodeId));
      return catalogue.favouriteIds(member.memberId);
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'DELETE',
      url: '/wps/game/favourites',
      summary: 'Remove a favourite game (idempotent)',
      tags,
      body: favouriteRequest,
      response: favouriteIds,
      auth: 'member',
    },
    async ({ member, body }) => {
      await catalogue.removeFavourite(member.memberId, BigInt(body.nodeId));
      return catalogue.favouriteIds(member.memberId);
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/game/recent',
      summary: 'Games the member launched lately, newest first',
      tags,
      querystring: languageQuery,
      response: z.array(gameItem),
      auth: 'member',
    },
    ({ merchant, member, query, request }) =>
      catalogue.recent(merchant, member.memberId, languageOf(request, query.language)),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/game/launchGame',
      summary:
        'Launch a game: the URL the game popup loads (real accounts; a free trial where the game offers one and FREEPLAY3 is on)',
      tags,
      body: launchRequest,
      response: launchResult,
      auth: 'member',
    },
    ({ merchant, member, body, request }) =>
      deps.launch.launch(merchant, member, { ...body, language: body.language ?? languageOf(request) }),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/game/bets',
      summary:
        'The member’s bet records (rounds), newest first, with filters, paging and totals; game names in the Language header’s language',
      tags,
      querystring: betRecordQuery,
      response: betRecordPage,
      auth: 'real',
    },
    ({ merchant, member, query, request }) => deps.records.list(merchant, member.memberId, query, languageOf(request)),
  );
}
