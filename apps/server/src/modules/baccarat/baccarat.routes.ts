import {
  baccaratBetRequest,
  baccaratBetResult,
  baccaratHistory,
  baccaratLobby,
  baccaratShoeProof,
  baccaratTableView,
  HOUSE_SESSION_HEADER,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import type { BaccaratService } from './baccarat.service.ts';

const tags = ['baccarat'];
const sessionToken = (request: FastifyRequest) => {
  const h = request.headers[HOUSE_SESSION_HEADER];
  return Array.isArray(h) ? h[0] : h;
};
const tableParams = z.object({ code: z.string().regex(/^[A-Z0-9-]{2,20}$/) });

/** The table pages' API (the launch's game session token in X-Game-Session) and the back office's cancel. */
export function registerBaccaratRoutes(app: FastifyInstance, service: BaccaratService): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/baccarat/v1/tables',
      summary: 'The lobby: every table with its round, countdown and this shoe’s results (the roads)',
      tags,
      response: baccaratLobby,
    },
    ({ merchant, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.lobby(merchant, sessionToken(request));
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/baccarat/v1/tables/:code',
      summary: 'One table: its round as every player sees it, the member’s own bets, the balance',
      tags,
      params: tableParams,
      response: baccaratTableView,
    },
    ({ merchant, request, reply, params }) => {
      reply.header('cache-control', 'no-store');
      return service.table(merchant, sessionToken(request), params.code);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/baccarat/v1/tables/:code/bets',
      summary: 'Place a bet on the round in BETTING (refused once it is CLOSED); idempotent per requestId',
      tags,
      params: tableParams,
      body: baccaratBetRequest,
      response: baccaratBetResult,
    },
    ({ merchant, request, params, body }) => service.bet(merchant, sessionToken(request), params.code, body),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/baccarat/v1/history',
      summary: 'The member’s latest baccarat rounds with stakes and payouts',
      tags,
      response: baccaratHistory,
    },
    ({ merchant, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.history(merchant, sessionToken(request));
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/baccarat/v1/shoes/:id',
      summary: 'A shoe’s fairness proof: seed hash, the seed once the shoe is finished, every hand’s cards',
      tags,
      params: idParams,
      response: baccaratShoeProof,
    },
    ({ merchant, params }) => service.shoeProof(merchant, params.id),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/baccarat/rounds/:id/cancel',
      permission: 'games.manage',
      summary: 'Cancel a baccarat round not yet paid (BETTING or DEALING): every bet is refunded',
      tags: ['admin: games'],
      params: idParams,
      response: z.object({ roundId: z.string(), refunded: z.number().int() }),
    },
    ({ merchant, params }) => service.cancelRound(merchant, params.id),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/baccarat/tables/:code/end-shoe',
      permission: 'games.manage',
      summary: 'End a table’s shoe after the hand in play: its seed is revealed, the next round opens a new shoe',
      tags: ['admin: games'],
      params: tableParams,
      response: z.object({ table: z.string() }),
    },
    ({ merchant, params }) => service.endShoe(merchant, params.code),
  );
}
