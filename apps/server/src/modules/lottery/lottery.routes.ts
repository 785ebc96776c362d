import {
  lotteryBeaconParams,
  lotteryBeaconRound,
  lotteryBetParams,
  lotteryGame,
  lotteryGameParams,
  lotteryIssue,
  lotteryIssueParams,
  lotteryIssueQuery,
  lotteryLobby,
  lotteryMyBet,
  lotteryMyBets,
  lotteryMyBetsQuery,
  lotteryPlaceRequest,
  lotteryPlaceResult,
  lotteryResults,
  lotteryResultsQuery,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute, defineRoute } from '../../http/route.ts';
import type { LotteryService } from './lottery.service.ts';

const tags = ['lottery'];

/** Fast e-lottery: public lobby, game, results and verifier; a member's bets (place, list, cancel). */
export function registerLotteryRoutes(app: FastifyInstance, lottery: LotteryService): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/lobby',
      summary: 'Every lottery game with its current issue and last result',
      tags,
      response: lotteryLobby,
    },
    ({ merchant }) => lottery.lobby(merchant),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/games/:gameCode',
      summary: 'A lottery game: bet types with odds, the published chain, the current and next issues',
      tags,
      params: lotteryGameParams,
      response: lotteryGame,
    },
    ({ merchant, params }) => lottery.gameInfo(merchant, params.gameCode),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/games/:gameCode/results',
      summary: 'A lottery game’s issues whose draw time has come, newest first',
      tags,
      params: lotteryGameParams,
      querystring: lotteryResultsQuery,
      response: lotteryResults,
    },
    ({ merchant, params, query }) => lottery.results(merchant, params.gameCode, query),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/issues/:issueId',
      summary: 'One issue for verification: revealed hash, previous hash, salt, result and totals',
      tags,
      params: lotteryIssueParams,
      querystring: lotteryIssueQuery,
      response: lotteryIssue,
    },
    ({ merchant, params, query }) => lottery.issueInfo(merchant, query.gameCode, params.issueId),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/lgw/lottery/beacon/:round',
      summary: 'A round of the randomness beacon mixed into fast e-lottery draws (404 before it is published)',
      tags,
      params: lotteryBeaconParams,
      response: lotteryBeaconRound,
    },
    ({ params }) => lottery.beaconRound(params.round),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/lottery/bets',
      summary: 'Place lottery bets on an issue (chase: on several); one ledger journal; idempotent per requestId',
      tags,
      body: lotteryPlaceRequest,
      response: lotteryPlaceResult,
      auth: 'real',
    },
    ({ merchant, member, body }) => lottery.placeBets(merchant, member.memberId, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/lottery/bets',
      summary: 'The member’s lottery bets, newest first, with totals',
      tags,
      querystring: lotteryMyBetsQuery,
      response: lotteryMyBets,
      auth: 'member',
    },
    ({ merchant, member, query }) => lottery.myBets(merchant, member.memberId, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/lottery/bets/:ref/cancel',
      summary: 'Cancel a bet while its issue is open (refunded through the ledger)',
      tags,
      params: lotteryBetParams,
      response: lotteryMyBet,
      auth: 'real',
    },
    ({ merchant, member, params }) => lottery.cancelBet(merchant, member.memberId, params.ref),
  );
}
