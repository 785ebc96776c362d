import {
  adminSabongArena,
  adminSabongArenas,
  adminSabongSettings,
  adminTableReason,
  HOUSE_SESSION_HEADER,
  sabongArenaView,
  sabongBetRequest,
  sabongBetResult,
  sabongFightProof,
  sabongHistory,
  sabongLobby,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import type { SabongService } from './sabong.service.ts';
import type { SabongAdmin } from './sabong-admin.ts';

const tags = ['sabong'];
const sessionToken = (request: FastifyRequest) => {
  const h = request.headers[HOUSE_SESSION_HEADER];
  return Array.isArray(h) ? h[0] : h;
};
const arenaParams = z.object({ code: z.string().regex(/^[A-Z0-9-]{2,20}$/) });

/** The arena pages' API (the launch's game session token in X-Game-Session) and the back office's cancel. */
export function registerSabongRoutes(app: FastifyInstance, service: SabongService, admin: SabongAdmin): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/sabong/v1/arenas',
      summary: 'The arenas: each with its fight (phase, countdown, live estimated payouts) and its latest results',
      tags,
      response: sabongLobby,
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
      url: '/sabong/v1/arenas/:code',
      summary: 'One arena: its fight as every player sees it, the member’s own bets, the balance',
      tags,
      params: arenaParams,
      response: sabongArenaView,
    },
    ({ merchant, request, reply, params }) => {
      reply.header('cache-control', 'no-store');
      return service.arena(merchant, sessionToken(request), params.code);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/sabong/v1/arenas/:code/bets',
      summary:
        'Bet on Meron, Wala or Draw of the fight in betting (refused once it is closed); idempotent per requestId',
      tags,
      params: arenaParams,
      body: sabongBetRequest,
      response: sabongBetResult,
    },
    ({ merchant, request, params, body }) => service.bet(merchant, sessionToken(request), params.code, body),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/sabong/v1/history',
      summary: 'The member’s latest fights with stakes and payouts',
      tags,
      response: sabongHistory,
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
      url: '/sabong/v1/fights/:id',
      summary: 'A fight’s fairness proof: seed hash, and the seed and outcome once the fight is over',
      tags,
      params: idParams,
      response: sabongFightProof,
    },
    ({ merchant, params }) => service.fightProof(merchant, params.id),
  );

  registerSabongAdminRoutes(app, admin);
}

/** The back office's arenas screen: list, settings, open / close, cancel a fight (all audited). */
function registerSabongAdminRoutes(app: FastifyInstance, admin: SabongAdmin): void {
  const adminTags = ['admin: games'];
  const who = (c: { admin: { id: bigint }; ip: string }) => ({ adminId: c.admin.id, ip: c.ip });

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/sabong/arenas',
      permission: 'games.view',
      summary: 'The sabong arenas: open or closed, the fight in play and its phase, settings (pending too)',
      tags: adminTags,
      response: adminSabongArenas,
    },
    ({ merchant, reply }) => {
      reply.header('cache-control', 'no-store');
      return admin.adminArenas(merchant);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/sabong/arenas/:code/settings',
      permission: 'games.manage',
      summary: 'An arena’s plasada, betting window, limits and minimum payout: applied from the next fight (audited)',
      tags: adminTags,
      params: arenaParams,
      body: adminSabongSettings,
      response: adminSabongArena,
    },
    (c) => admin.saveSettings(c.merchant, who(c), c.params.code, c.body),
  );

  for (const action of ['open', 'close'] as const)
    defineAdminRoute(
      app,
      {
        method: 'POST',
        url: `/admin/api/sabong/arenas/:code/${action}`,
        permission: 'games.manage',
        summary:
          action === 'open'
            ? 'Open an arena: its next fight opens on the dealer’s next pass (audited)'
            : 'Close an arena after the fight in play: nothing is cut mid-fight, no next fight opens (audited)',
        tags: adminTags,
        params: arenaParams,
        response: adminSabongArena,
      },
      (c) => admin.setOpen(c.merchant, who(c), c.params.code, action === 'open'),
    );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/sabong/fights/:id/cancel',
      permission: 'games.manage',
      summary:
        'Cancel a sabong fight not yet paid (open, closed or fighting): every bet is refunded (audited, with why)',
      tags: adminTags,
      params: idParams,
      body: adminTableReason,
      response: z.object({ fightId: z.string(), refunded: z.number().int() }),
    },
    (c) => admin.cancelFight(c.merchant, who(c), c.params.id, c.body.reason),
  );
}
