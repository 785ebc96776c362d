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
import { defineAdminRoute } from '../../http/route.ts';
import {
  registerRoundCancelRoute,
  registerTableAdminRoutes,
  registerTableGameRoutes,
  tableCodeParams,
} from '../games/index.ts';
import type { BaccaratService } from './baccarat.service.ts';
import type { BaccaratAdmin } from './baccarat-admin.ts';

/** The table pages' API (the games' shared table routes) and the back office's screen, cancel and end of shoe. */
export function registerBaccaratRoutes(app: FastifyInstance, service: BaccaratService, admin: BaccaratAdmin): void {
  registerTableGameRoutes(app, {
    game: 'baccarat',
    tables: 'tables',
    proofs: 'shoes',
    summaries: {
      lobby: 'The lobby: every table with its round, countdown and this shoe’s results (the roads)',
      view: 'One table: its round as every player sees it, the member’s own bets, the balance',
      bet: 'Place a bet on the round in BETTING (refused once it is CLOSED); idempotent per requestId',
      history: 'The member’s latest baccarat rounds with stakes and payouts',
      proof: 'A shoe’s fairness proof: seed hash, the seed once the shoe is finished, every hand’s cards',
    },
    schemas: {
      lobby: baccaratLobby,
      view: baccaratTableView,
      betRequest: baccaratBetRequest,
      betResult: baccaratBetResult,
      history: baccaratHistory,
      proof: baccaratShoeProof,
    },
    onLobby: service.lobby,
    onView: service.table,
    onBet: service.bet,
    onHistory: service.history,
    onProof: service.shoeProof,
  });

  // The back office's tables screen: list, settings, open / close, cancel a round, end a shoe (all audited).
  registerTableAdminRoutes(app, {
    collection: '/admin/api/baccarat/tables',
    noun: 'table',
    round: 'round',
    params: tableCodeParams,
    list: adminBaccaratTables,
    item: adminBaccaratTable,
    settings: adminBaccaratSettings,
    onList: (merchant) => admin.adminTables(merchant),
    onSave: (merchant, who, code, settings) => admin.saveSettings(merchant, who, code, settings),
    onOpen: (merchant, who, code, open) => admin.setOpen(merchant, who, code, open),
  });

  registerRoundCancelRoute(app, {
    url: '/admin/api/baccarat/rounds/:id/cancel',
    summary: 'Cancel a baccarat round not yet paid (BETTING or DEALING): every bet is refunded (audited, with why)',
    body: adminTableReason,
    response: z.object({ roundId: z.string(), refunded: z.number().int() }),
    onCancel: (merchant, who, id, reason) => admin.cancelRound(merchant, who, id, reason),
  });

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/baccarat/tables/:code/end-shoe',
      permission: 'games.manage',
      summary: 'End a table’s shoe after the hand in play: its seed is revealed, the next round opens a new shoe',
      tags: ['admin: games'],
      params: tableCodeParams,
      body: adminTableReason,
      response: z.object({ table: z.string() }),
    },
    (c) => admin.endShoe(c.merchant, { adminId: c.admin.id, ip: c.ip }, c.params.code, c.body.reason),
  );
}
