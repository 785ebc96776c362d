import type { FeedbackItem, FeedbackPage, FeedbackQuestionType } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

export const FEEDBACK_KEY = ['feedback'] as const;

/** The member's own feedback with the staff's replies, newest first. */
export const useMyFeedback = (pageNo: number, pageSize = 5) =>
  useMemberQuery(
    [...FEEDBACK_KEY, 'list'],
    [pageNo, pageSize],
    () => apiGet<FeedbackPage>('/wps/feedback', { pageNo: String(pageNo), pageSize: String(pageSize) }),
    { paged: true },
  );

export interface FeedbackInput {
  questionType: FeedbackQuestionType;
  content: string;
  images: File[];
}

/** PUT /wps/feedback: multipart with the images (part `images`, each), JSON when there are none. */
export function sendFeedback(input: FeedbackInput): Promise<FeedbackItem> {
  if (!input.images.length)
    return apiRequest<FeedbackItem>('PUT', '/wps/feedback', {
      body: { questionType: input.questionType, content: input.content },
    });
  const form = new FormData();
  form.append('questionType', input.questionType);
  form.append('content', input.content);
  for (const image of input.images) form.append('images', image);
  return apiRequest<FeedbackItem>('PUT', '/wps/feedback', { form });
}

export const useSendFeedback = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendFeedback, onSuccess: () => qc.invalidateQueries({ queryKey: FEEDBACK_KEY }) });
};
