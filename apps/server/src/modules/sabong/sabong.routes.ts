import {
  adminSabongArena,
  adminSabongArenas,
  adminSabongSettings,
  adminTableReason,
  sabongArenaView,
  sabongBetRequest,
  sabongBetResult,
  sabongFightProof,
  sabongHistory,
  sabongLobby,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import { gameSessionToken, registerTableAdminRoutes } from '../games/index.ts';
import type { SabongService } from './sabong.service.ts';
import type { SabongAdmin } from './sabong-admin.ts';

const tags = ['sabong'];
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
      return service.lobby(merchant, gameSessionToken(request));
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
      return service.arena(merchant, gameSessionToken(request), params.code);
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
    ({ merchant, request, params, body }) => service.bet(merchant, gameSessionToken(request), params.code, body),
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
      return service.history(merchant, gameSessionToken(request));
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

  registerTableAdminRoutes(app, {
    collection: '/admin/api/sabong/arenas',
    noun: 'arena',
    round: 'fight',
    params: arenaParams,
    list: adminSabongArenas,
    item: adminSabongArena,
    settings: adminSabongSettings,
    onList: (merchant) => admin.adminArenas(merchant),
    onSave: (merchant, who, code, settings) => admin.saveSettings(merchant, who, code, settings),
    onOpen: (merchant, who, code, open) => admin.setOpen(merchant, who, code, open),
  });

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
