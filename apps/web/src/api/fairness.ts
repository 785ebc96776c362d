import type { Fairness, HouseRound } from '@sea/contracts';
import { apiGet } from './client.ts';
import { useMemberQuery } from './member-query.ts';

/** Every fairness query starts with this key. */
export const FAIRNESS_KEY = ['fairness'] as const;

export const fetchHouseRound = (id: string) => apiGet<HouseRound>(`/wps/house/rounds/${encodeURIComponent(id)}`);
export const fetchFairness = () => apiGet<Fairness>('/wps/house/fairness');

/** One of the member's rounds of our own games, with its seeds (the server seed once revealed). */
export const useHouseRound = (id: string | null) =>
  useMemberQuery([...FAIRNESS_KEY, 'round'], [id], () => fetchHouseRound(id!), { enabled: Boolean(id) });
