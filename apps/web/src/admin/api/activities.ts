import type {
  ActivityOffer,
  AdminActivityApplication,
  AdminActivityApplicationPage,
  AdminActivityOffer,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/** Activity applications (issue 23): a promotion's application settings and the staff's review queue. */
const appsKey = ['admin', 'activity-applications'] as const;
const offerKey = (id: string) => ['admin', 'promotions', id, 'application'] as const;

export const usePromotionApplication = (promotionId: string) =>
  useQuery({
    queryKey: offerKey(promotionId),
    queryFn: () => adminGet<AdminActivityOffer>(`/admin/api/promotions/${seg(promotionId)}/application`),
  });

export const useSavePromotionApplication = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ActivityOffer & { id: string }) =>
      adminPut<ActivityOffer>(`/admin/api/promotions/${seg(id)}/application`, body),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: offerKey(v.id) }),
  });
};

export interface ApplicationQuery {
  status?: string;
  pageNo: number;
  pageSize: number;
}
export const fetchApplications = async (q: ApplicationQuery) => {
  const v = await adminGet<AdminActivityApplicationPage>('/admin/api/activity-applications', { ...q });
  return { total: v.total, items: v.list, currency: v.currency, exponent: v.exponent };
};
export const useApplications = (q: ApplicationQuery) =>
  useQuery({ queryKey: [...appsKey, q], queryFn: () => fetchApplications(q), placeholderData: (p) => p });

/** One image as a data URL (only through the authenticated admin route). */
export const useApplicationImage = (id: string, n: number) =>
  useQuery({
    queryKey: [...appsKey, id, 'image', n],
    queryFn: async () => {
      const v = await adminGet<{ contentType: string; data: string }>(
        `/admin/api/activity-applications/${seg(id)}/images/${n}`,
      );
      return `data:${v.contentType};base64,${v.data}`;
    },
    staleTime: Infinity,
  });

export const useReviewApplication = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; decision: 'approve' | 'reject'; amount?: string; reason: string }) =>
      adminPost<AdminActivityApplication>(`/admin/api/activity-applications/${seg(a.id)}/review`, {
        decision: a.decision,
        ...(a.amount !== undefined && { amount: a.amount }),
        reason: a.reason,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appsKey }),
  });
};
