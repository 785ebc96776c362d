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
  HOUSE_SESSION_HEADER,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import type { BaccaratService } from './baccarat.service.ts';
import type { BaccaratAdmin } from './baccarat-admin.ts';

const tags = ['baccarat'];
const sessionToken = (request: FastifyRequest) => {
  const h = request.headers[HOUSE_SESSION_HEADER];
  return Array.isArray(h) ? h[0] : h;
};
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

  registerBaccaratAdminRoutes(app, admin);
}

/** The back office's tables screen: list, settings, open / close, cancel a round, end a shoe (all audited). */
function registerBaccaratAdminRoutes(app: FastifyInstance, admin: BaccaratAdmin): void {
  const adminTags = ['admin: games'];
  const who = (c: { admin: { id: bigint }; ip: string }) => ({ adminId: c.admin.id, ip: c.ip });

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/baccarat/tables',
      permission: 'games.view',
      summary: 'The baccarat tables: open or closed, the round in play and its phase, the shoe, settings (pending too)',
      tags: adminTags,
      response: adminBaccaratTables,
    },
    ({ merchant, reply }) => {
      reply.header('cache-control', 'no-store');
      return admin.adminTables(merchant);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/baccarat/tables/:code/settings',
      permission: 'games.manage',
      summary: 'A table’s limits, betting time and commission variant: applied from the next round (audited)',
      tags: adminTags,
      params: tableParams,
      body: adminBaccaratSettings,
      response: adminBaccaratTable,
    },
    (c) => admin.saveSettings(c.merchant, who(c), c.params.code, c.body),
  );

  for (const action of ['open', 'close'] as const)
    defineAdminRoute(
      app,
      {
        method: 'POST',
        url: `/admin/api/baccarat/tables/:code/${action}`,
        permission: 'games.manage',
        summary:
          action === 'open'
            ? 'Open a table: its next round opens on the dealer’s next pass (audited)'
            : 'Close a table after the round in play: nothing is cut mid-round, no next round opens (audited)',
        tags: adminTags,
        params: tableParams,
        response: adminBaccaratTable,
      },
      (c) => admin.setOpen(c.merchant, who(c), c.params.code, action === 'open'),
    );

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
