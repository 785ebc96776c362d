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
import {
  registerRoundCancelRoute,
  registerTableAdminRoutes,
  registerTableGameRoutes,
  tableCodeParams,
} from '../games/index.ts';
import type { SabongService } from './sabong.service.ts';
import type { SabongAdmin } from './sabong-admin.ts';

/** The arena pages' API (the games' shared table routes) and the back office's arenas screen and cancel. */
export function registerSabongRoutes(app: FastifyInstance, service: SabongService, admin: SabongAdmin): void {
  registerTableGameRoutes(app, {
    game: 'sabong',
    tables: 'arenas',
    proofs: 'fights',
    summaries: {
      lobby: 'The arenas: each with its fight (phase, countdown, live estimated payouts) and its latest results',
      view: 'One arena: its fight as every player sees it, the member’s own bets, the balance',
      bet: 'Bet on Meron, Wala or Draw of the fight in betting (refused once it is closed); idempotent per requestId',
      history: 'The member’s latest fights with stakes and payouts',
      proof: 'A fight’s fairness proof: seed hash, and the seed and outcome once the fight is over',
    },
    schemas: {
      lobby: sabongLobby,
      view: sabongArenaView,
      betRequest: sabongBetRequest,
      betResult: sabongBetResult,
      history: sabongHistory,
      proof: sabongFightProof,
    },
    onLobby: service.lobby,
    onView: service.arena,
    onBet: service.bet,
    onHistory: service.history,
    onProof: service.fightProof,
  });

  // The back office's arenas screen: list, settings, open / close, cancel a fight (all audited).
  registerTableAdminRoutes(app, {
    collection: '/admin/api/sabong/arenas',
    noun: 'arena',
    round: 'fight',
    params: tableCodeParams,
    list: adminSabongArenas,
    item: adminSabongArena,
    settings: adminSabongSettings,
    onList: (merchant) => admin.adminArenas(merchant),
    onSave: (merchant, who, code, settings) => admin.saveSettings(merchant, who, code, settings),
    onOpen: (merchant, who, code, open) => admin.setOpen(merchant, who, code, open),
  });

  registerRoundCancelRoute(app, {
    url: '/admin/api/sabong/fights/:id/cancel',
    summary: 'Cancel a sabong fight not yet paid (open, closed or fighting): every bet is refunded (audited, with why)',
    body: adminTableReason,
    response: z.object({ fightId: z.string(), refunded: z.number().int() }),
    onCancel: (merchant, who, id, reason) => admin.cancelFight(merchant, who, id, reason),
  });
}
