import type {
  AdminKycFile,
  AdminKycItem,
  AdminKycMember,
  AdminKycSummary,
  KycReviewRequest,
  KycSettings,
  KycSettingsView,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg, type Query } from './client.ts';

/** Identity documents: the review queue, a member's documents, a file, the review, the summary, the rule. */
export interface KycQuery extends Query {
  status?: string;
  account?: string;
  pageNo: number;
  pageSize: number;
}
export interface KycQueuePage {
  total: number;
  items: AdminKycItem[];
}

const kycKey = ['admin', 'kyc'] as const;

export async function fetchKycQueue(q: KycQuery): Promise<KycQueuePage> {
  const v = await adminGet<{ list: AdminKycItem[]; total: number }>('/admin/api/kyc/documents', q);
  return { total: v.total, items: v.list };
}
export const useKycQueue = (q: KycQuery) =>
  useQuery({ queryKey: [...kycKey, 'queue', q], queryFn: () => fetchKycQueue(q), placeholderData: (p) => p });

export const useKycMember = (account: string) =>
  useQuery({
    queryKey: [...kycKey, 'member', account],
    queryFn: () => adminGet<AdminKycMember>(`/admin/api/kyc/members/${seg(account)}`),
  });

/** The member page's summary (statuses only; members.view). */
export const useKycSummary = (account: string) =>
  useQuery({
    queryKey: [...kycKey, 'summary', account],
    queryFn: () => adminGet<AdminKycSummary>(`/admin/api/members/${seg(account)}/kyc`),
  });

/**
 * A document's file through the authenticated route, as a Blob the page shows (image) or offers as a download (PDF):
 * the file never has a URL of its own that works without the staff session.
 */
export const useKycFile = (reference: string) =>
  useQuery({
    queryKey: [...kycKey, 'file', reference],
    queryFn: async () => {
      const f = await adminGet<AdminKycFile>(`/admin/api/kyc/documents/${seg(reference)}/file`);
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      return { blob: new Blob([bytes], { type: f.contentType }), fileName: f.fileName, contentType: f.contentType };
    },
    staleTime: Infinity,
  });

export const useReviewKyc = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, ...body }: KycReviewRequest & { reference: string }) =>
      adminPost<AdminKycItem>(`/admin/api/kyc/documents/${seg(reference)}/review`, body),
    // Every list and status of the documents, not the files (a file never changes).
    onSuccess: () => qc.invalidateQueries({ queryKey: kycKey, predicate: (q) => q.queryKey[2] !== 'file' }),
  });
};

export const useKycSettings = () =>
  useQuery({ queryKey: [...kycKey, 'settings'], queryFn: () => adminGet<KycSettingsView>('/admin/api/kyc/settings') });

export const useSaveKycSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: KycSettings) => adminPut<KycSettingsView>('/admin/api/kyc/settings', body),
    onSuccess: (v) => qc.setQueryData([...kycKey, 'settings'], v),
  });
};
