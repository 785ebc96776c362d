import type {
  AdminReferral,
  AdminReferralPage,
  AdminReferralSettings,
  ReferralReviewRequest,
  ReferralSettingsRequest,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/** Member referral (issue 23): the programme's settings and the referrals held for staff. */
const key = ['admin', 'referral'] as const;
const base = '/admin/api/referral';

export const useReferralSettings = () =>
  useQuery({ queryKey: [...key, 'settings'], queryFn: () => adminGet<AdminReferralSettings>(`${base}/settings`) });
export function useSaveReferralSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettingsRequest) => adminPut<AdminReferralSettings>(`${base}/settings`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export const useReferrals = (q: { view: 'flagged' | 'all'; pageNo: number; pageSize: number }) =>
  useQuery({
    queryKey: [...key, 'list', q],
    queryFn: () =>
      adminGet<AdminReferralPage>(`${base}/referrals`, {
        view: q.view,
        pageNo: String(q.pageNo),
        pageSize: String(q.pageSize),
      }),
    // the table kit reads `items`
    select: (d) => ({ ...d, items: d.list }),
  });
export function useReviewReferral() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReferralReviewRequest }) =>
      adminPost<AdminReferral>(`${base}/referrals/${seg(id)}/review`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
