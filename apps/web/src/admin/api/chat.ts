import type {
  AdminChatBlockedWords,
  AdminChatRoomView,
  AdminChatSanction,
  AdminChatSanctionRequest,
  ChatRoomInfo,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminPost, adminPut, seg } from './client.ts';

/** Chat moderation: rooms, a room's live view (read every 2 s), deletions, mutes and bans, blocked words. */
const chatKey = ['admin', 'chat'] as const;
export const LIVE_VIEW_MS = 2_000;

export const useChatRooms = () =>
  useQuery({
    queryKey: [...chatKey, 'rooms'],
    queryFn: () => adminGet<{ rooms: ChatRoomInfo[] }>('/admin/api/chat/rooms'),
  });

export const useChatRoomView = (room: string) =>
  useQuery({
    queryKey: [...chatKey, 'room', room],
    queryFn: () => adminGet<AdminChatRoomView>(`/admin/api/chat/rooms/${seg(room)}/messages`),
    refetchInterval: LIVE_VIEW_MS,
  });

export const useChatSanctions = () =>
  useQuery({
    queryKey: [...chatKey, 'sanctions'],
    queryFn: () => adminGet<{ items: AdminChatSanction[] }>('/admin/api/chat/sanctions'),
  });

export const useBlockedWords = () =>
  useQuery({
    queryKey: [...chatKey, 'words'],
    queryFn: () => adminGet<AdminChatBlockedWords>('/admin/api/chat/blocked-words'),
  });

function useChatMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: chatKey }) });
}

export const useDeleteChatMessage = () =>
  useChatMutation((id: string) => adminDelete<null>(`/admin/api/chat/messages/${seg(id)}`));
export const useChatSanction = () =>
  useChatMutation((req: AdminChatSanctionRequest) => adminPost<AdminChatSanction>('/admin/api/chat/sanctions', req));
export const useSaveBlockedWords = () =>
  useChatMutation((words: string[]) => adminPut<AdminChatBlockedWords>('/admin/api/chat/blocked-words', { words }));
