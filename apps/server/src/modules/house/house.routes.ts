import {
  fairness,
  HOUSE_SESSION_HEADER,
  houseDrawRequest,
  houseRound,
  houseRoundRequest,
  houseRoundResult,
  houseSeedRequest,
  houseSeedResult,
  houseSession,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineMemberRoute, defineRoute, idParams } from '../../http/route.ts';
import type { HouseService } from './house.service.ts';

const tags = ['house games'];
const sessionToken = (request: FastifyRequest) => {
  const h = request.headers[HOUSE_SESSION_HEADER];
  return Array.isArray(h) ? h[0] : h;
};

/** Our own games: the game pages' API (with the launch's session token) and the member's fairness API. */
export function registerHouseRoutes(app: FastifyInstance, house: HouseService): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/house/v1/session',
      summary: 'A game page starts: game maths, balance, fairness (seed hash, client seed, nonce), an open hand',
      tags,
      response: houseSession,
    },
    ({ merchant, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const language = request.headers.language;
      return house.session(
        merchant,
        sessionToken(request),
        (Array.isArray(language) ? language[0] : language)?.trim().toLowerCase(),
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/house/v1/rounds',
      summary: 'Play a round (slot spin, scratch ticket) or deal a video-poker hand; idempotent per requestId',
      tags,
      body: houseRoundRequest,
      response: houseRoundResult,
    },
    ({ merchant, request, body }) => house.play(merchant, sessionToken(request), body),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/house/v1/rounds/:id/draw',
      summary: 'Video poker: hold cards and draw; the round settles',
      tags,
      params: idParams,
      body: houseDrawRequest,
      response: houseRoundResult,
    },
    ({ merchant, request, params, body }) => house.draw(merchant, sessionToken(request), params.id, body.holds),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/house/v1/seed',
      summary: 'Reveal the active server seed and start a new pair (optional client seed)',
      tags,
      body: houseSeedRequest,
      response: houseSeedResult,
    },
    ({ merchant, request, body }) => house.rotateSeedFromGame(merchant, sessionToken(request), body.clientSeed),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/house/fairness',
      summary: 'The member’s active seed pair: server seed hash, client seed, next nonce',
      tags,
      response: fairness,
      auth: 'member',
    },
    ({ merchant, member }) => house.fairness(merchant, member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/house/seed',
      summary: 'Reveal the active server seed and start a new pair (optional client seed)',
      tags,
      body: houseSeedRequest,
      response: houseSeedResult,
      auth: 'member',
    },
    ({ merchant, member, body }) => house.rotateSeed(merchant, member.memberId, body.clientSeed),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/house/rounds/:id',
      summary: 'One of the member’s rounds of our own games, with what recomputes it (server seed once revealed)',
      tags,
      params: idParams,
      response: houseRound,
      auth: 'member',
    },
    ({ merchant, member, params }) => house.round(merchant, member.memberId, params.id),
  );
}
