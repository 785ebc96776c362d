import type { ChatHistory, ChatMessage, ChatPostRequest, ChatRooms } from '@sea/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

export const CHAT_KEY = ['chat'] as const;

/** The rooms (lobby, one per lottery game) and whether the member may post. */
export const useChatRooms = () =>
  useMemberQuery([...CHAT_KEY, 'rooms'], [], () => apiGet<ChatRooms>('/wps/chat/rooms'), { staleTime: 30_000 });

/** A room's last 100 messages (read again after a reconnect: events missed while down are not replayed). */
export const useChatHistory = (room: string) =>
  useMemberQuery([...CHAT_KEY, 'history'], [room], () =>
    apiGet<ChatHistory>(`/wps/chat/rooms/${encodeURIComponent(room)}/messages`),
  );

export const postChat = (room: string, body: ChatPostRequest) =>
  apiRequest<ChatMessage>('POST', `/wps/chat/rooms/${encodeURIComponent(room)}/messages`, { body });

export const usePostChat = (room: string) =>
  useMutation({ mutationFn: (body: ChatPostRequest) => postChat(room, body) });
