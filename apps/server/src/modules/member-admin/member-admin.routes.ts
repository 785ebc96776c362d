import {
  betRecordPage,
  betRecordQuery,
  depositList,
  memberAccountParams,
  memberActionResult,
  memberDetail,
  memberLockRequest,
  memberLoginPage,
  memberMoveRequest,
  memberNote,
  memberNotePage,
  memberNoteRequest,
  memberPageQuery,
  memberPasswordReset,
  memberSearchQuery,
  memberSearchResult,
  transactionHistory,
  transactionHistoryQuery,
  withdrawalPage,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute } from '../../http/route.ts';
import type { MemberAdminService } from './member-admin.service.ts';

const tags = ['admin: members'];
const base = '/admin/api/members';

/** The back office's members screens: search, the 360° view and its lists (members.view), actions (members.manage). */
export function registerMemberAdminRoutes(app: FastifyInstance, members: MemberAdminService): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: base,
      permission: 'members.view',
      summary:
        'Search members by username prefix, mobile (whole or last digits), id, login IP, invitation code or agent',
      tags,
      querystring: memberSearchQuery,
      response: memberSearchResult,
    },
    ({ merchant, query }) => members.search(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account`,
      permission: 'members.view',
      summary: "A member's 360° view: profile, status, balances, agent line, counts",
      tags,
      params: memberAccountParams,
      response: memberDetail,
    },
    ({ merchant, params }) => members.detail(merchant, params.account),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account/journals`,
      permission: 'members.view',
      summary: "The member's ledger entries and holds, newest first",
      tags,
      params: memberAccountParams,
      querystring: transactionHistoryQuery,
      response: transactionHistory,
    },
    ({ merchant, params, query }) => members.journals(merchant, params.account, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account/bets`,
      permission: 'members.view',
      summary: "The member's bet records (games and lottery), newest first, with totals",
      tags,
      params: memberAccountParams,
      querystring: betRecordQuery,
      response: betRecordPage,
    },
    ({ merchant, params, query }) => members.bets(merchant, params.account, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account/deposits`,
      permission: 'members.view',
      summary: "The member's deposits (DEP- references), newest first",
      tags,
      params: memberAccountParams,
      querystring: memberPageQuery,
      response: depositList,
    },
    ({ merchant, params, query }) => members.deposits(merchant, params.account, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account/withdrawals`,
      permission: 'members.view',
      summary: "The member's withdrawals (WDR- references), newest first",
      tags,
      params: memberAccountParams,
      querystring: memberPageQuery,
      response: withdrawalPage,
    },
    ({ merchant, params, query }) => members.withdrawals(merchant, params.account, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account/logins`,
      permission: 'members.view',
      summary: "The member's login history (time, IP, device, result), newest first",
      tags,
      params: memberAccountParams,
      querystring: memberPageQuery,
      response: memberLoginPage,
    },
    ({ merchant, params, query }) => members.logins(merchant, params.account, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:account/notes`,
      permission: 'members.view',
      summary: 'Staff notes on the member, newest first',
      tags,
      params: memberAccountParams,
      querystring: memberPageQuery,
      response: memberNotePage,
    },
    ({ merchant, params, query }) => members.notes(merchant, params.account, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:account/notes`,
      permission: 'members.manage',
      summary: 'Add a staff note (≤ 1,000 characters; audited)',
      tags,
      params: memberAccountParams,
      body: memberNoteRequest,
      response: memberNote,
    },
    ({ merchant, admin, ip, params, body }) => members.addNote(merchant, { admin, ip }, params.account, body.text),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:account/lock`,
      permission: 'members.manage',
      summary: 'Lock a member with a reason: it can no longer log in and its sessions end (audited)',
      tags,
      params: memberAccountParams,
      body: memberLockRequest,
      response: memberActionResult,
    },
    ({ merchant, admin, ip, params, body }) => members.lock(merchant, { admin, ip }, params.account, body.reason),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:account/unlock`,
      permission: 'members.manage',
      summary: 'Unlock a locked member (audited)',
      tags,
      params: memberAccountParams,
      response: memberActionResult,
    },
    ({ merchant, admin, ip, params }) => members.lock(merchant, { admin, ip }, params.account, null),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:account/reset-password`,
      permission: 'members.manage',
      summary: "Reset the member's password: a one-time password shown once, every session ended (audited)",
      tags,
      params: memberAccountParams,
      response: memberPasswordReset,
    },
    ({ merchant, admin, ip, params }) => members.resetPassword(merchant, { admin, ip }, params.account),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:account/end-sessions`,
      permission: 'members.manage',
      summary: 'End every session of the member (audited)',
      tags,
      params: memberAccountParams,
      response: memberActionResult,
    },
    ({ merchant, admin, ip, params }) => members.endSessions(merchant, { admin, ip }, params.account),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: `${base}/:account/move`,
      permission: 'members.manage',
      summary:
        "Move the member and its team under another agent (rebate point ≤ the new upline's, never under its own team; audited)",
      tags,
      params: memberAccountParams,
      body: memberMoveRequest,
      response: memberActionResult,
    },
    ({ merchant, admin, ip, params, body }) => members.move(merchant, { admin, ip }, params.account, body.toAgent),
  );
}
