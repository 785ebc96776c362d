import type { ActivityApplication, BonusClaim, JoinPage } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session.ts';
import { BONUS_KEY } from './bonus.ts';
import { apiGet, apiRequest } from './client.ts';
import { useLanguage } from './games.ts';
import { WALLET_KEY } from './wallet.ts';

export const JOIN_KEY = ['join'] as const;

/**
 * /join: the joinable promotions with the member's state (a visitor: the public list, state join or coming soon),
 * titles in the site's language.
 */
export const useJoinPage = () => {
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({
    queryKey: [...JOIN_KEY, isLogin ? 'member' : 'visitor', useLanguage()],
    queryFn: () => apiGet<JoinPage>(isLogin ? '/wps/join' : '/wps/join/public'),
    staleTime: 10_000,
  });
};

function useJoinMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: JOIN_KEY }),
        qc.invalidateQueries({ queryKey: BONUS_KEY }),
        qc.invalidateQueries({ queryKey: WALLET_KEY }),
      ]),
  });
}

/** Join a promotion's bonus (a sign-up bonus is then paid on the reward request). */
export const useJoinPromotion = () =>
  useJoinMutation((id: string) => apiRequest<BonusClaim>('POST', `/wps/join/${encodeURIComponent(id)}`));

/** The sign-up promotion's reward request. */
export const useRequestReward = () =>
  useJoinMutation((id: string) => apiRequest<BonusClaim>('POST', `/wps/join/${encodeURIComponent(id)}/reward`));

export interface ApplicationInput {
  promotionId: string;
  comment: string;
  images: File[];
}

/** PUT /wps/join/:id/application: multipart with the images (part `images`), JSON when there are none. */
export function sendApplication(input: ApplicationInput): Promise<ActivityApplication> {
  const url = `/wps/join/${encodeURIComponent(input.promotionId)}/application`;
  if (!input.images.length) return apiRequest<ActivityApplication>('PUT', url, { body: { comment: input.comment } });
  const form = new FormData();
  form.append('comment', input.comment);
  for (const image of input.images) form.append('images', image);
  return apiRequest<ActivityApplication>('PUT', url, { form });
}

export const useApply = () => useJoinMutation(sendApplication);
