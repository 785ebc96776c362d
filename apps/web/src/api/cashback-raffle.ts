import type { CashbackView, PlayerRaffleList, RaffleDetail } from '@sea/contracts';
import { apiGet } from './client.ts';
import { useMemberQuery } from './member-query.ts';
import { REWARDS_KEY } from './rewards.ts';

/** The running period of each cashback programme: net loss so far and the expected cashback. */
export const useCashback = () =>
  useMemberQuery([...REWARDS_KEY, 'cashback'], [], () => apiGet<CashbackView>('/wps/cashback'));

/** Open raffles and those drawn lately, with the member's tickets. */
export const useRaffles = () =>
  useMemberQuery([...REWARDS_KEY, 'raffles'], [], () => apiGet<PlayerRaffleList>('/wps/raffles'));

/** One raffle: the member's tickets; once drawn the seed, the ticket list and the winners. */
export const useRaffle = (id: string) =>
  useMemberQuery([...REWARDS_KEY, 'raffle'], [id], () =>
    apiGet<RaffleDetail>(`/wps/raffles/${encodeURIComponent(id)}`),
  );
