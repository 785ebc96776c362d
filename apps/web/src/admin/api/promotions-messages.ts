import type {
  AdminAnnouncement,
  AdminBonusOffer,
  AdminMessage,
  AdminPromotion,
  BonusOffer,
  BonusOfferWrite,
  MessageSegment,
  Translations,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/** Content: promotions (order, withdraw), messages to members, announcements. */

const promotionsKey = ['admin', 'promotions'] as const;
const messagesKey = ['admin', 'messages'] as const;
const announcementsKey = ['admin', 'announcements'] as const;

export interface PromotionInput {
  title: string;
  content: string;
  /** The title and content in the other languages (issue 24). */
  translations?: Translations;
  imageUrl?: string;
  category?: string;
  startsAt?: string;
  endsAt?: string;
}

/** Every promotion not withdrawn, in the order the site shows them (one page: the API lists them all). */
export const usePromotions = () =>
  useQuery({
    queryKey: promotionsKey,
    queryFn: async () => {
      const { list } = await adminGet<{ list: AdminPromotion[] }>('/admin/api/promotions');
      return { total: list.length, items: list };
    },
  });

function usePromotionMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: promotionsKey }) });
}
export const useSavePromotion = () =>
  usePromotionMutation(({ id, ...body }: PromotionInput & { id?: string }) =>
    id
      ? adminPut<AdminPromotion>(`/admin/api/promotions/${seg(id)}`, body)
      : adminPost<AdminPromotion>('/admin/api/promotions', body),
  );
export const useWithdrawPromotion = () =>
  usePromotionMutation((id: string) => adminPost<{ withdrawn: true }>(`/admin/api/promotions/${seg(id)}/withdraw`));
export const useOrderPromotions = () =>
  usePromotionMutation((ids: string[]) =>
    adminPost<{ list: AdminPromotion[] }>('/admin/api/promotions/order', { ids }),
  );

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

export const fetchMessages = async (q: PageQuery) => {
  const page = await adminGet<{ list: AdminMessage[]; total: number }>('/admin/api/messages', { ...q });
  return { total: page.total, items: page.list };
};
export const useMessages = (q: PageQuery) =>
  useQuery({ queryKey: [...messagesKey, q], queryFn: () => fetchMessages(q), placeholderData: (p) => p });

type MessageText = { title: string; content: string; translations?: Translations };
export type MessageSend =
  | ({ to: 'member'; account: string } & MessageText)
  | ({ to: 'all' } & MessageText)
  | ({ to: 'segment'; segment: MessageSegment } & MessageText);
export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageSend) => adminPost<AdminMessage>('/admin/api/messages', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKey }),
  });
}

export const fetchAnnouncements = async (q: PageQuery) => {
  const page = await adminGet<{ list: AdminAnnouncement[]; total: number }>('/admin/api/announcements', { ...q });
  return { total: page.total, items: page.list };
};
export const useAnnouncements = (q: PageQuery) =>
  useQuery({ queryKey: [...announcementsKey, q], queryFn: () => fetchAnnouncements(q), placeholderData: (p) => p });

export interface AnnouncementInput {
  audience: 'all' | 'members' | 'agents';
  title: string;
  content: string;
  translations?: Translations;
  promotionType?: string;
  startsAt?: string;
  endsAt?: string;
}
function useAnnouncementMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: announcementsKey }) });
}
export const useCreateAnnouncement = () =>
  useAnnouncementMutation((body: AnnouncementInput) => adminPost<AdminAnnouncement>('/admin/api/announcements', body));
/** Edit one after publishing (a save replaces its texts, translations, audience and window; audited). */
export const useUpdateAnnouncement = () =>
  useAnnouncementMutation(({ id, ...body }: AnnouncementInput & { id: string }) =>
    adminPut<AdminAnnouncement>(`/admin/api/announcements/${seg(id)}`, body),
  );
export const useWithdrawAnnouncement = () =>
  useAnnouncementMutation((id: string) =>
    adminPost<{ withdrawn: true }>(`/admin/api/announcements/${seg(id)}/withdraw`),
  );

/** A promotion's bonus terms (bonus money; offer null: it pays no bonus) with the merchant's currency. */
export const usePromotionBonus = (promotionId: string) =>
  useQuery({
    queryKey: [...promotionsKey, promotionId, 'bonus'],
    queryFn: () => adminGet<AdminBonusOffer>(`/admin/api/promotions/${seg(promotionId)}/bonus`),
  });

export const useSavePromotionBonus = () =>
  usePromotionMutation(({ id, ...body }: BonusOfferWrite & { id: string }) =>
    adminPut<BonusOffer>(`/admin/api/promotions/${seg(id)}/bonus`, body),
  );
