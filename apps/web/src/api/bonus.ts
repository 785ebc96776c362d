import type { BonusClaim, BonusSummary, PlayerBonusOffer } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';
import { WALLET_KEY } from './wallet.ts';

export const BONUS_KEY = ['bonus'] as const;

/** The bonus page: balances, the active bonus with its wagering, the queue, the waiting ones and the history. */
export const useBonusSummary = () =>
  useMemberQuery([...BONUS_KEY, 'summary'], [], () => apiGet<BonusSummary>('/wps/bonus'), {
    // Wagering is counted a few seconds after each settled bet: the page follows it while open.
    refetchInterval: () => 5_000,
  });

/** A promotion's bonus terms (offer null: none). */
export const useBonusOffer = (promotionId: string | undefined) =>
  useQuery({
    queryKey: [...BONUS_KEY, 'offer', promotionId],
    queryFn: () => apiGet<PlayerBonusOffer>(`/wps/bonus/offers/${promotionId}`),
    enabled: Boolean(promotionId),
  });

function useBonusMutation<V>(fn: (v: V) => Promise<BonusClaim>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: BONUS_KEY }), qc.invalidateQueries({ queryKey: WALLET_KEY })]),
  });
}

export const useJoinBonus = () =>
  useBonusMutation((promotionId: string) =>
    apiRequest<BonusClaim>('POST', '/wps/bonus/join', { body: { promotionId } }),
  );

export const useForfeitBonus = () =>
  useBonusMutation((claimId: string) => apiRequest<BonusClaim>('POST', '/wps/bonus/forfeit', { body: { claimId } }));
