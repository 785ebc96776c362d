import {
  adminChatBlockedWords,
  adminChatMessageParams,
  adminChatRoomView,
  adminChatSanction,
  adminChatSanctionRequest,
  adminChatSanctions,
  chatHistory,
  chatMessage,
  chatPostRequest,
  chatRoomInfo,
  chatRoomParams,
  chatRooms,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineMemberRoute } from '../../http/route.ts';
import { stageTrace } from '../../lib/stage-trace.ts';
import type { ChatService } from './chat.service.ts';

/** The members' chat (/wps/chat: any account reads, real accounts post) and the moderators' (/admin/api/chat). */
export function registerChatRoutes(app: FastifyInstance, service: ChatService): void {
  const tags = ['member', 'chat'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/chat/rooms',
      summary: 'The chat rooms (lobby, one per lottery game) and whether the member may post (trial, muted, banned)',
      tags,
      response: chatRooms,
      auth: 'member',
    },
    ({ merchant, member }) => service.rooms(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/chat/rooms/:room/messages',
      summary: "A room's last 100 messages, oldest first (then `chatJoin` on the socket for new ones)",
      tags,
      params: chatRoomParams,
      response: chatHistory,
      auth: 'member',
    },
    ({ merchant, member, params }) => service.history(merchant, member, params.room),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/chat/rooms/:room/messages',
      summary:
        'Post a text (≤ 300 characters; links and blocked words masked) or share a lottery slip; 3 per 3 s and 20 a minute; real accounts only',
      tags,
      params: chatRoomParams,
      body: chatPostRequest,
      response: chatMessage,
      auth: 'real',
    },
    ({ merchant, member, params, body, request }) =>
      service.post(merchant, member, params.room, body, stageTrace('sea:chat:post', request.raw)),
  );

  const adminTags = ['admin: chat'];
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/chat/rooms',
      permission: 'chat.view',
      summary: 'The chat rooms',
      tags: adminTags,
      response: z.object({ rooms: z.array(chatRoomInfo) }),
    },
    async ({ merchant }) => ({ rooms: await service.adminRooms(merchant) }),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/chat/rooms/:room/messages',
      permission: 'chat.view',
      summary: "A room's last 100 messages with the senders' accounts, deleted ones included",
      tags: adminTags,
      params: chatRoomParams,
      response: adminChatRoomView,
    },
    ({ merchant, params }) => service.adminRoom(merchant, params.room),
  );

  defineAdminRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/api/chat/messages/:id',
      permission: 'chat.moderate',
      summary: 'Delete a message: it disappears from every open chat at once (audited)',
      tags: adminTags,
      params: adminChatMessageParams,
      response: z.null(),
    },
    async ({ merchant, admin, ip, params }) => {
      await service.deleteMessage(merchant, admin, BigInt(params.id), ip);
      return null;
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/chat/sanctions',
      permission: 'chat.view',
      summary: 'Members muted or banned now',
      tags: adminTags,
      response: adminChatSanctions,
    },
    ({ merchant }) => service.sanctions(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/chat/sanctions',
      permission: 'chat.moderate',
      summary: 'Mute a member for some minutes, ban it, or release it; the member is told at once (audited)',
      tags: adminTags,
      body: adminChatSanctionRequest,
      response: adminChatSanction,
    },
    ({ merchant, admin, ip, body }) => service.sanction(merchant, admin, body, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/chat/blocked-words',
      permission: 'chat.view',
      summary: "The merchant's blocked words (masked in new messages)",
      tags: adminTags,
      response: adminChatBlockedWords,
    },
    ({ merchant }) => service.blockedWords(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/chat/blocked-words',
      permission: 'chat.moderate',
      summary: 'Replace the blocked words (applies to new messages on every process at once; audited)',
      tags: adminTags,
      body: adminChatBlockedWords,
      response: adminChatBlockedWords,
    },
    ({ merchant, admin, ip, body }) => service.setBlockedWords(merchant, admin, body.words, ip),
  );
}
