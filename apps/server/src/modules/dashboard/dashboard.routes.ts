import { dashboard, dashboardQuery } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute } from '../../http/route.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, service: DashboardService): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/dashboard',
      summary:
        'Dashboard: bets, wins, GGR, NGR, deposits, withdrawals, registrations, first-time depositors and active players per day and for the range (local days, at most 92), bets per category, queues waiting now',
      tags: ['admin'],
      permission: 'dashboard.view',
      querystring: dashboardQuery,
      response: dashboard,
    },
    ({ merchant, query }) => service.dashboard(merchant, query),
  );
}
