import {
  adminRgBreakRequest,
  adminRgHelp,
  adminRgHelpRequest,
  adminRgLimitRequest,
  adminRgView,
  memberAccountParams,
  rgBreakRequest,
  rgHelp,
  rgLimitRequest,
  rgSessionRequest,
  rgStatus,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineMemberRoute, defineRoute } from '../../http/route.ts';
import { readerLanguage } from '../../lib/translations.ts';
import { AppError } from '../../lib/errors.ts';
import type { MembersModule } from '../members/index.ts';
import type { RgService } from './rg.service.ts';

/** The member's tools (/wps/responsible-gaming, real accounts) and the back office's view on a member's page. */
export function registerRgRoutes(
  app: FastifyInstance,
  service: RgService,
  members: Pick<MembersModule, 'findByAccount'>,
): void {
  const tags = ['member', 'responsible gaming'];
  const base = '/wps/responsible-gaming';
  defineRoute(
    app,
    {
      method: 'GET',
      url: `${base}/help`,
      summary: "The operator's help contacts for the responsible-gaming page, in the reader's language (null: none)",
      tags: ['responsible gaming'],
      response: rgHelp,
    },
    ({ merchant, request }) => service.help(merchant, readerLanguage(request.headers.language)),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/site-settings/rg-help',
      permission: 'settings.view',
      summary: "The responsible-gaming page's help contacts per language",
      tags: ['admin: settings'],
      response: adminRgHelp,
    },
    ({ merchant }) => service.staffHelp(merchant),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/site-settings/rg-help',
      permission: 'settings.manage',
      summary: "Set the responsible-gaming page's help contacts per language (plain text; audited)",
      tags: ['admin: settings'],
      body: adminRgHelpRequest,
      response: adminRgHelp,
    },
    ({ merchant, admin: a, ip, body }) => service.setHelp(merchant, { id: a.id, ip }, body),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: base,
      summary: 'Limits with what is used of them, pending raises, the session (start, net result), a break under way',
      tags,
      response: rgStatus,
      auth: 'real',
    },
    ({ merchant, member }) => service.status(merchant, member.memberId),
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: `${base}/limits`,
      summary:
        'Set a deposit, loss or wager limit (day, week, month): a decrease applies at once, a raise or removal after 24 h',
      tags,
      body: rgLimitRequest,
      response: rgStatus,
      auth: 'real',
    },
    async ({ merchant, member, body }) => {
      await service.memberSetLimit(merchant, member.memberId, body.kind, body.period, body.amount);
      return service.status(merchant, member.memberId);
    },
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: `${base}/session`,
      summary:
        'Session time limit (minutes; a raise or removal after 24 h) and the reality-check interval (15, 30, 60)',
      tags,
      body: rgSessionRequest,
      response: rgStatus,
      auth: 'real',
    },
    async ({ merchant, member, body }) => {
      await service.memberSession(merchant, member.memberId, body);
      return service.status(merchant, member.memberId);
    },
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: `${base}/break`,
      summary:
        'Time-out (24h, 1w, 1m, 6w) or self-exclusion (6m, 1y, 5y), confirmed with the password: every session ends',
      tags,
      body: rgBreakRequest,
      response: z.object({ until: z.string() }),
      auth: 'real',
    },
    ({ merchant, member, body }) => service.memberBreak(merchant, member.memberId, body),
  );

  const adminTags = ['admin: members'];
  const admin = '/admin/api/members/:account/responsible-gaming';
  const memberId = async (merchantId: bigint, account: string) => {
    const m = await members.findByAccount(merchantId, account);
    if (!m) throw new AppError('member_not_found');
    return m.id;
  };
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: admin,
      permission: 'members.view',
      summary: "A member's limits, break and the log of every change (member's and staff's)",
      tags: adminTags,
      params: memberAccountParams,
      response: adminRgView,
    },
    async ({ merchant, params }) => service.staffView(merchant, await memberId(merchant.id, params.account)),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${admin}/limits`,
      permission: 'members.manage',
      summary: "Lower or set a member's limit on request (audited); a raise is refused",
      tags: adminTags,
      params: memberAccountParams,
      body: adminRgLimitRequest,
      response: adminRgView,
    },
    async ({ merchant, admin: a, ip, params, body }) => {
      const id = await memberId(merchant.id, params.account);
      await service.staffLimit(merchant, { id: a.id, ip }, id, body);
      return service.staffView(merchant, id);
    },
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${admin}/break`,
      permission: 'members.manage',
      summary: "Start a member's time-out or self-exclusion on request (audited; ends the member's sessions)",
      tags: adminTags,
      params: memberAccountParams,
      body: adminRgBreakRequest,
      response: adminRgView,
    },
    async ({ merchant, admin: a, ip, params, body }) => {
      const id = await memberId(merchant.id, params.account);
      await service.staffBreak(merchant, { id: a.id, ip }, id, body);
      return service.staffView(merchant, id);
    },
  );
  defineAdminRoute(
    app,
    {
      method: 'DELETE',
      url: `${admin}/break`,
      permission: 'members.manage',
      summary: 'Lift a break early: always refused (rg_break_locked) — a time-out or self-exclusion runs its full term',
      tags: adminTags,
      params: memberAccountParams,
      response: adminRgView,
    },
    async ({ merchant, params }) => {
      await memberId(merchant.id, params.account);
      return service.liftBreak();
    },
  );
}
