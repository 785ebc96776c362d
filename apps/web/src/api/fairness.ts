import type { Fairness, HouseRound, HouseSeedResult } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

/** Every fairness query starts with this key. */
export const FAIRNESS_KEY = ['fairness'] as const;

export const fetchHouseRound = (id: string) => apiGet<HouseRound>(`/wps/house/rounds/${encodeURIComponent(id)}`);
export const fetchFairness = () => apiGet<Fairness>('/wps/house/fairness');

/** One of the member's rounds of our own games, with its seeds (the server seed once revealed). */
export const useHouseRound = (id: string | null) =>
  useMemberQuery([...FAIRNESS_KEY, 'round'], [id], () => fetchHouseRound(id!), { enabled: Boolean(id) });

/** The member's seed pair: the current server seed's hash, the next one's (committed ahead), client seed, nonce. */
export const useFairness = (enabled: boolean) =>
  useMemberQuery([...FAIRNESS_KEY, 'pair'], [], fetchFairness, { enabled });

/**
 * Reveal the member's active server seed and start a new pair on the server seed committed ahead, with the client
 * seed given (else a random one); the rounds on the old seed become checkable.
 */
export function useRotateSeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed?: string) =>
      apiRequest<HouseSeedResult>('POST', '/wps/house/seed', { body: clientSeed ? { clientSeed } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: FAIRNESS_KEY }),
  });
}
