import {
  adminCashbackProgramme,
  adminCashbackProgrammeList,
  cashbackCloseResult,
  cashbackProgrammeRequest,
  cashbackRunPage,
  cashbackRunQuery,
  cashbackView,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute, defineMemberRoute, idParams } from '../../http/route.ts';
import type { CashbackService } from './cashback.service.ts';

/** The member's running cashback (/wps/cashback) and the back office's programmes and runs (/admin/api/cashback/…). */
export function registerCashbackRoutes(app: FastifyInstance, s: CashbackService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/cashback',
      summary: "The running period of each cashback programme: the member's net loss so far and the expected cashback",
      tags: ['member', 'rewards'],
      response: cashbackView,
      auth: 'member',
    },
    ({ merchant, member }) => s.standing(merchant, member),
  );
  const tags = ['admin: rewards'];
  const base = '/admin/api/cashback';
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/programmes`,
      permission: 'rewards.view',
      summary: 'Cashback programmes',
      tags,
      response: adminCashbackProgrammeList,
    },
    ({ merchant }) => s.adminList(merchant),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/programmes`,
      permission: 'rewards.manage',
      summary: 'Add a cashback programme (audited)',
      tags,
      body: cashbackProgrammeRequest,
      response: adminCashbackProgramme,
    },
    ({ merchant, admin, body, ip }) => s.save(merchant, admin, null, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/programmes/:id`,
      permission: 'rewards.manage',
      summary: 'Change a cashback programme (its period stays; audited)',
      tags,
      params: idParams,
      body: cashbackProgrammeRequest,
      response: adminCashbackProgramme,
    },
    ({ merchant, admin, params, body, ip }) => s.save(merchant, admin, params.id, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/runs`,
      permission: 'rewards.view',
      summary: 'Closed cashback periods, newest first: members granted and total',
      tags,
      querystring: cashbackRunQuery,
      response: cashbackRunPage,
    },
    ({ merchant, query }) => s.runs(merchant, query),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/runs`,
      permission: 'rewards.manage',
      summary: 'Close every ended period now (what the job does every 10 minutes; periods already closed are skipped)',
      tags,
      response: cashbackCloseResult,
    },
    () => s.closeEnded(),
  );
}
