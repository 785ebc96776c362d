import type { AdminFeedbackDetail, AdminFeedbackItem } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, seg, type Query } from './client.ts';

/** The members' feedback: inbox (filters status, questionType, account), one feedback, reply, close. */
export interface FeedbackQuery extends Query {
  status?: string;
  questionType?: string;
  account?: string;
  pageNo: number;
  pageSize: number;
}
export interface FeedbackInboxPage {
  total: number;
  items: AdminFeedbackItem[];
}

const feedbackKey = ['admin', 'feedback'] as const;

export async function fetchFeedback(q: FeedbackQuery): Promise<FeedbackInboxPage> {
  const v = await adminGet<{ list: AdminFeedbackItem[]; total: number }>('/admin/api/feedback', q);
  return { total: v.total, items: v.list };
}
export const useFeedbackInbox = (q: FeedbackQuery) =>
  useQuery({ queryKey: [...feedbackKey, 'list', q], queryFn: () => fetchFeedback(q), placeholderData: (p) => p });

export const useFeedback = (reference: string) =>
  useQuery({
    queryKey: [...feedbackKey, 'one', reference],
    queryFn: () => adminGet<AdminFeedbackDetail>(`/admin/api/feedback/${seg(reference)}`),
  });

function useFeedbackMutation<A>(fn: (a: A) => Promise<AdminFeedbackItem>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: feedbackKey }) });
}

export const useReplyFeedback = () =>
  useFeedbackMutation(({ reference, reply }: { reference: string; reply: string }) =>
    adminPost<AdminFeedbackItem>(`/admin/api/feedback/${seg(reference)}/reply`, { reply }),
  );
export const useCloseFeedback = () =>
  useFeedbackMutation((reference: string) =>
    adminPost<AdminFeedbackItem>(`/admin/api/feedback/${seg(reference)}/close`),
  );
