import {
  adminContentListQuery,
  adminMessage,
  adminMessageList,
  messageDetail,
  messageListQuery,
  messagePage,
  messageSendRequest,
  unreadMessages,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute, defineMemberRoute, idParams } from '../../http/route.ts';
import type { AdminModule } from '../admin/index.ts';
import { readerLanguage } from '../../lib/translations.ts';
import type { MessagesService } from './messages.service.ts';

/** The member's inbox (/wps/member/messages*: real accounts) and the operator's side (/admin/api/messages). */
export function registerMessagesRoutes(
  app: FastifyInstance,
  service: MessagesService,
  audit: Pick<AdminModule, 'recordAction'>,
): void {
  const tags = ['member', 'messages'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/messages',
      summary: "The member's messages (its own and its site's broadcasts), newest first, with the unread count",
      tags,
      querystring: messageListQuery,
      response: messagePage,
      auth: 'real',
    },
    ({ merchant, member, query, request }) =>
      service.inbox(merchant, member, query, readerLanguage(request.headers.language)),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/messages/unread',
      summary: "How many of the member's messages are unread (the member centre's badge)",
      tags,
      response: unreadMessages,
      auth: 'real',
    },
    ({ merchant, member }) => service.unreadCount(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/messages/:id',
      summary: "One of the member's messages (HTML content); reading it does not mark it read (POST …/read does)",
      tags,
      params: idParams,
      response: messageDetail,
      auth: 'real',
    },
    ({ merchant, member, params, request }) =>
      service.detail(merchant, member, params.id, readerLanguage(request.headers.language)),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/messages/:id/read',
      summary: 'Mark a message read (idempotent); answers the new unread count',
      tags,
      params: idParams,
      response: unreadMessages,
      auth: 'real',
    },
    ({ merchant, member, params }) => service.markRead(merchant, member, params.id),
  );

  const adminTags = ['admin: messages'];
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/messages',
      permission: 'content.manage',
      summary:
        "Send a message to one member ({to: 'member', account}), every member ({to: 'all'}) or a segment ({to: 'segment', segment: {agentAccount?, registeredFrom?, registeredTo?}}: an agent's team, a registration date range); audited",
      tags: adminTags,
      body: messageSendRequest,
      response: adminMessage,
    },
    ({ merchant, admin, ip, body }) =>
      service.send(merchant, admin.id, body, (trx, row, account, segment) =>
        audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'message.send',
          targetType: 'message',
          targetId: row.id,
          detail: segment
            ? { to: 'segment', ...segment, title: row.title }
            : { to: account ?? 'all', title: row.title },
          ip,
        }),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/messages',
      permission: 'content.view',
      summary: 'The messages sent on this site, newest first',
      tags: adminTags,
      querystring: adminContentListQuery,
      response: adminMessageList,
    },
    ({ merchant, query }) => service.adminList(merchant, query),
  );
}
