import {
  adminBaccaratSettings,
  adminBaccaratTable,
  adminBaccaratTables,
  adminTableReason,
  baccaratBetRequest,
  baccaratBetResult,
  baccaratHistory,
  baccaratLobby,
  baccaratShoeProof,
  baccaratTableView,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import { gameSessionToken, registerTableAdminRoutes } from '../games/index.ts';
import type { BaccaratService } from './baccarat.service.ts';
import type { BaccaratAdmin } from './baccarat-admin.ts';

const tags = ['baccarat'];
const tableParams = z.object({ code: z.string().regex(/^[A-Z0-9-]{2,20}$/) });

/** The table pages' API (the launch's game session token in X-Game-Session) and the back office's cancel. */
export function registerBaccaratRoutes(app: FastifyInstance, service: BaccaratService, admin: BaccaratAdmin): void {
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
      return service.lobby(merchant, gameSessionToken(request));
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
      return service.table(merchant, gameSessionToken(request), params.code);
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
    ({ merchant, request, params, body }) => service.bet(merchant, gameSessionToken(request), params.code, body),
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
      return service.history(merchant, gameSessionToken(request));
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

  registerBaccaratAdminRoutes(app, admin);
}

/** The back office's tables screen: list, settings, open / close, cancel a round, end a shoe (all audited). */
function registerBaccaratAdminRoutes(app: FastifyInstance, admin: BaccaratAdmin): void {
  const adminTags = ['admin: games'];
  const who = (c: { admin: { id: bigint }; ip: string }) => ({ adminId: c.admin.id, ip: c.ip });

  registerTableAdminRoutes(app, {
    collection: '/admin/api/baccarat/tables',
    noun: 'table',
    round: 'round',
    params: tableParams,
    list: adminBaccaratTables,
    item: adminBaccaratTable,
    settings: adminBaccaratSettings,
    onList: (merchant) => admin.adminTables(merchant),
    onSave: (merchant, who, code, settings) => admin.saveSettings(merchant, who, code, settings),
    onOpen: (merchant, who, code, open) => admin.setOpen(merchant, who, code, open),
  });

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/baccarat/rounds/:id/cancel',
      permission: 'games.manage',
      summary: 'Cancel a baccarat round not yet paid (BETTING or DEALING): every bet is refunded (audited, with why)',
      tags: adminTags,
      params: idParams,
      body: adminTableReason,
      response: z.object({ roundId: z.string(), refunded: z.number().int() }),
    },
    (c) => admin.cancelRound(c.merchant, who(c), c.params.id, c.body.reason),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/baccarat/tables/:code/end-shoe',
      permission: 'games.manage',
      summary: 'End a table’s shoe after the hand in play: its seed is revealed, the next round opens a new shoe',
      tags: adminTags,
      params: tableParams,
      body: adminTableReason,
      response: z.object({ table: z.string() }),
    },
    (c) => admin.endShoe(c.merchant, who(c), c.params.code, c.body.reason),
  );
}
