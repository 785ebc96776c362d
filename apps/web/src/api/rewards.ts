import type {
  LeaderboardView,
  MallItem,
  MallOrder,
  MallOrderPage,
  MissionView,
  PointsEntryPage,
  PointsOverview,
  RewardItem,
  RewardPage,
  RewardSummary,
} from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';
import { WALLET_KEY } from './wallet.ts';

/** Every rewards query (reward centre, missions, leaderboard, points, mall) starts with this key. */
export const REWARDS_KEY = ['rewards'] as const;

/** The menu badges (claimable missions and rewards); the pushed `rewards` event refreshes them. */
export const useRewardSummary = (enabled = true) =>
  useMemberQuery([...REWARDS_KEY, 'summary'], [], () => apiGet<RewardSummary>('/wps/rewards/summary'), { enabled });

export const useRewards = (view: 'claimable' | 'history', pageNo: number) =>
  useMemberQuery(
    [...REWARDS_KEY, 'list'],
    [view, pageNo],
    () => apiGet<RewardPage>('/wps/rewards', { view, pageNo: String(pageNo), pageSize: '10' }),
    { paged: true },
  );

export const useMissions = () =>
  useMemberQuery([...REWARDS_KEY, 'missions'], [], () => apiGet<{ list: MissionView[] }>('/wps/rewards/missions'));

export const useLeaderboard = (period: 'daily' | 'weekly', metric: 'valid_bet' | 'multiplier') =>
  useMemberQuery([...REWARDS_KEY, 'leaderboard'], [period, metric], () =>
    apiGet<LeaderboardView>('/wps/rewards/leaderboard', { period, metric }),
  );

export const usePoints = () =>
  useMemberQuery([...REWARDS_KEY, 'points'], [], () => apiGet<PointsOverview>('/wps/points'));
export const usePointsEntries = (pageNo: number) =>
  useMemberQuery(
    [...REWARDS_KEY, 'points-entries'],
    [pageNo],
    () => apiGet<PointsEntryPage>('/wps/points/entries', { pageNo: String(pageNo), pageSize: '10' }),
    { paged: true },
  );
export const useMallItems = () =>
  useMemberQuery([...REWARDS_KEY, 'mall'], [], () => apiGet<{ list: MallItem[] }>('/wps/points/mall'));
export const useMallOrders = (pageNo: number) =>
  useMemberQuery(
    [...REWARDS_KEY, 'orders'],
    [pageNo],
    () => apiGet<MallOrderPage>('/wps/points/orders', { pageNo: String(pageNo), pageSize: '10' }),
    { paged: true },
  );

/** A rewards action: afterwards every rewards query and the wallet read again (money may have moved). */
function useRewardsMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: REWARDS_KEY }), qc.invalidateQueries({ queryKey: WALLET_KEY })]),
  });
}

export const useClaimReward = () =>
  useRewardsMutation((reference: string) =>
    apiRequest<RewardItem>('POST', `/wps/rewards/${encodeURIComponent(reference)}/claim`, {}),
  );
export const useCheckIn = () =>
  useRewardsMutation(() => apiRequest<{ list: MissionView[] }>('POST', '/wps/rewards/check-in', {}));
export const useRedeem = () =>
  useRewardsMutation((body: { itemId: string; transactionPassword: string; address?: string }) =>
    apiRequest<MallOrder>('POST', '/wps/points/mall/redeem', { body }),
  );
export const useConvertPoints = () =>
  useRewardsMutation((body: { points: string; transactionPassword: string }) =>
    apiRequest<{ points: string; cash: string; balance: string }>('POST', '/wps/points/convert', { body }),
  );
