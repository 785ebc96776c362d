import type { MessageDetail, MessagePage } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useLanguage } from './games.ts';
import { useMemberQuery } from './member-query.ts';

/** Every messages query starts with this key (reading one invalidates them all: list markers and the badge). */
export const MESSAGES_KEY = ['messages'] as const;

/** The member's inbox, newest first; the previous page stays on screen while the next one loads. */
export const useMessages = (p: { pageNo: number; pageSize: number }) =>
  useMemberQuery(
    [...MESSAGES_KEY, 'list'],
    // The texts come in the site's language (the Language header): a switch reads them again.
    [p, useLanguage()],
    () => apiGet<MessagePage>('/wps/member/messages', { pageNo: String(p.pageNo), pageSize: String(p.pageSize) }),
    { paged: true },
  );

export const useMessage = (id: string) =>
  useMemberQuery([...MESSAGES_KEY, 'one'], [id, useLanguage()], () =>
    apiGet<MessageDetail>(`/wps/member/messages/${encodeURIComponent(id)}`),
  );

/** The unread count for the member centre's badge: the pushed `messages` event sets it (app/RealtimeBridge.tsx). */
export const useUnreadMessages = (enabled = true) =>
  useMemberQuery(
    [...MESSAGES_KEY, 'unread'],
    [],
    () => apiGet<{ unreadCount: number }>('/wps/member/messages/unread'),
    { enabled },
  );

/** Marks a message read; the inbox markers and the badge follow. */
export const useMarkMessageRead = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ unreadCount: number }>('POST', `/wps/member/messages/${encodeURIComponent(id)}/read`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
};
