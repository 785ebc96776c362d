import {
  affiliateLink,
  affiliateLinkList,
  agentPeriodQuery,
  createAffiliateLinkRequest,
  createDownlineRequest,
  downlineListQuery,
  downlineMember,
  downlinePage,
  incomePage,
  incomeQuery,
  linkIdParams,
  lockedResult,
  memberIdParams,
  pnlPage,
  pnlQuery,
  rebateResult,
  rebateUpdateRequest,
  revenueReport,
  teamBetsPage,
  teamBetsQuery,
  teamOverview,
  teamTransactionsPage,
  teamTransactionsQuery,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineMemberRoute } from '../../http/route.ts';
import type { AgentsService } from './agents.service.ts';

/** The agent centre's API (/wps/agent/*): agents only, each answer bounded to the caller's own team. */
export function registerAgentRoutes(app: FastifyInstance, agents: AgentsService): void {
  const tags = ['agent'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/team/overview',
      summary: 'Team overview for a period: members, new and active members, money and bets (from the daily roll-up)',
      tags,
      querystring: agentPeriodQuery,
      response: teamOverview,
      auth: 'real',
    },
    ({ merchant, member, query }) => agents.overview(merchant, member, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/downline',
      summary: 'Downline management: direct downlines or the whole team, paged, searchable by account',
      tags,
      querystring: downlineListQuery,
      response: downlinePage,
      auth: 'real',
    },
    ({ merchant, member, query }) => agents.downlines(merchant, member, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/agent/downline',
      summary: 'Register a member or agent under the caller with a rebate point (never above its own)',
      tags,
      body: createDownlineRequest,
      response: downlineMember,
      auth: 'real',
    },
    ({ merchant, member, body, ip }) => agents.createDownline(merchant, member, body, ip),
  );

  defineMemberRoute(
    app,
    {
      method: 'PUT',
      url: '/wps/agent/downline/:id/rebate',
      summary: "Change a direct downline's rebate point (between its own downlines' highest and the caller's)",
      tags,
      params: memberIdParams,
      body: rebateUpdateRequest,
      response: rebateResult,
      auth: 'real',
    },
    ({ merchant, member, params, body }) => agents.setRebate(merchant, member, params.id, body.rebatePoint),
  );

  for (const [action, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    defineMemberRoute(
      app,
      {
        method: 'POST',
        url: `/wps/agent/downline/:id/${action}`,
        summary: locked ? 'Lock a team member (it can no longer log in)' : 'Unlock a team member',
        tags,
        params: memberIdParams,
        response: lockedResult,
        auth: 'real',
      },
      ({ merchant, member, params }) => agents.setLocked(merchant, member, params.id, locked),
    );
  }

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/affiliate/links',
      summary: "The caller's own invitation code and its live affiliate links",
      tags,
      response: affiliateLinkList,
      auth: 'real',
    },
    ({ merchant, member }) => agents.links(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/agent/affiliate/links',
      summary: 'Create an affiliate link: registrations through its code land under the caller as member or agent',
      tags,
      body: createAffiliateLinkRequest,
      response: affiliateLink,
      auth: 'real',
    },
    ({ merchant, member, body }) => agents.createLink(merchant, member, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'DELETE',
      url: '/wps/agent/affiliate/links/:id',
      summary: 'Delete one of the caller’s affiliate links (its code stops working at once)',
      tags,
      params: linkIdParams,
      response: z.null(),
      auth: 'real',
    },
    ({ merchant, member, params }) => agents.deleteLink(merchant, member, params.id),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/team/bets',
      summary: 'Team betting records (rounds of the caller and its team), newest first',
      tags,
      querystring: teamBetsQuery,
      response: teamBetsPage,
      auth: 'real',
    },
    ({ merchant, member, query, request }) => {
      const h = request.headers.language;
      return agents.bets(merchant, member, query, (Array.isArray(h) ? h[0] : h)?.toLowerCase().slice(0, 10));
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/team/transactions',
      summary: "Team transaction details (wallet entries of the caller's team), newest first",
      tags,
      querystring: teamTransactionsQuery,
      response: teamTransactionsPage,
      auth: 'real',
    },
    ({ merchant, member, query }) => agents.transactions(merchant, member, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/report/pnl',
      summary: 'P&L statement of the team for a period, per member or per level',
      tags,
      querystring: pnlQuery,
      response: pnlPage,
      auth: 'real',
    },
    ({ merchant, member, query }) => agents.pnl(merchant, member, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/report/revenue',
      summary: "Revenue report: the team's figures per day of the period",
      tags,
      querystring: agentPeriodQuery,
      response: revenueReport,
      auth: 'real',
    },
    ({ merchant, member, query }) => agents.revenue(merchant, member, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/income',
      summary: 'My income: rebates and wages paid to the caller (ledger kind agent_payouts)',
      tags,
      querystring: incomeQuery,
      response: incomePage,
      auth: 'real',
    },
    ({ merchant, member, query }) => agents.income(merchant, member, query),
  );
}
