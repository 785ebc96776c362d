import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineRoute, idParams } from '../../http/route.ts';
import type { Merchant } from '../../http/principals.ts';
import type { TableActor } from './table-kit.ts';
import { gameSessionToken } from './table-kit.ts';

/** A table's code in the URL (both games: 'BAC-1', 'ARENA-2'). */
export const tableCodeParams = z.object({ code: z.string().regex(/^[A-Z0-9-]{2,20}$/) });

type Token = string | undefined;

/**
 * The table pages' API of one shared-round game (the launch's game session token in X-Game-Session):
 * GET `/<game>/v1/<tables>` (the lobby), GET `…/<tables>/:code` (one table), POST `…/<tables>/:code/bets`,
 * GET `/<game>/v1/history` and GET `/<game>/v1/<proofs>/:id` (a fairness proof). Reads are never cached.
 */
export function registerTableGameRoutes<Lobby, View, BetReq, BetRes, History, Proof>(
  app: FastifyInstance,
  spec: {
    /** 'baccarat' or 'sabong': the tag and the URL prefix */
    game: string;
    /** 'tables' or 'arenas' */
    tables: string;
    /** 'shoes' or 'fights' */
    proofs: string;
    summaries: { lobby: string; view: string; bet: string; history: string; proof: string };
    schemas: {
      lobby: z.ZodType<Lobby>;
      view: z.ZodType<View>;
      betRequest: z.ZodType<BetReq>;
      betResult: z.ZodType<BetRes>;
      history: z.ZodType<History>;
      proof: z.ZodType<Proof>;
    };
    onLobby: (merchant: Merchant, token: Token) => Promise<Lobby>;
    onView: (merchant: Merchant, token: Token, code: string) => Promise<View>;
    onBet: (merchant: Merchant, token: Token, code: string, body: BetReq) => Promise<BetRes>;
    onHistory: (merchant: Merchant, token: Token) => Promise<History>;
    onProof: (merchant: Merchant, id: bigint) => Promise<Proof>;
  },
): void {
  const tags = [spec.game];
  const base = `/${spec.game}/v1`;
  const { summaries: say, schemas } = spec;
  defineRoute(
    app,
    { method: 'GET', url: `${base}/${spec.tables}`, summary: say.lobby, tags, response: schemas.lobby },
    ({ merchant, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return spec.onLobby(merchant, gameSessionToken(request));
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: `${base}/${spec.tables}/:code`,
      summary: say.view,
      tags,
      params: tableCodeParams,
      response: schemas.view,
    },
    ({ merchant, request, reply, params }) => {
      reply.header('cache-control', 'no-store');
      return spec.onView(merchant, gameSessionToken(request), params.code);
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: `${base}/${spec.tables}/:code/bets`,
      summary: say.bet,
      tags,
      params: tableCodeParams,
      body: schemas.betRequest,
      response: schemas.betResult,
    },
    ({ merchant, request, params, body }) => spec.onBet(merchant, gameSessionToken(request), params.code, body),
  );
  defineRoute(
    app,
    { method: 'GET', url: `${base}/history`, summary: say.history, tags, response: schemas.history },
    ({ merchant, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return spec.onHistory(merchant, gameSessionToken(request));
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: `${base}/${spec.proofs}/:id`,
      summary: say.proof,
      tags,
      params: idParams,
      response: schemas.proof,
    },
    ({ merchant, params }) => spec.onProof(merchant, params.id),
  );
}

/** The back office's cancel of a round not yet paid (games.manage; a reason; audited by the handler). */
export function registerRoundCancelRoute<Res>(
  app: FastifyInstance,
  spec: {
    url: string;
    summary: string;
    body: z.ZodType<{ reason: string }>;
    response: z.ZodType<Res>;
    onCancel: (merchant: Merchant, who: TableActor, id: bigint, reason: string) => Promise<Res>;
  },
): void {
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: spec.url,
      permission: 'games.manage',
      summary: spec.summary,
      tags: ['admin: games'],
      params: idParams,
      body: spec.body,
      response: spec.response,
    },
    (c) => spec.onCancel(c.merchant, { adminId: c.admin.id, ip: c.ip }, c.params.id, c.body.reason),
  );
}
