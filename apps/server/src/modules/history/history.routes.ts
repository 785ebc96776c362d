import { personalProfit, profitQuery, transactionHistory, transactionHistoryQuery } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute } from '../../http/route.ts';
import type { HistoryService } from './history.service.ts';

export function registerHistoryRoutes(app: FastifyInstance, history: HistoryService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/transactions',
      summary: 'The member’s own wallet entries and pending holds, newest first (type and local-date filters, paged)',
      tags: ['history'],
      querystring: transactionHistoryQuery,
      response: transactionHistory,
      auth: 'real',
    },
    ({ merchant, member, query }) => history.transactions(merchant, member.memberId, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/profit',
      summary:
        'Personal profit per local day and in total: deposits, withdrawals, bets, wins, bonuses, profit = wins − bets + bonuses',
      tags: ['history'],
      querystring: profitQuery,
      response: personalProfit,
      auth: 'real',
    },
    ({ merchant, member, query }) => history.profit(merchant, member.memberId, query),
  );
}
