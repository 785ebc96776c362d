import type {
  PrizeTableRequest,
  AdminBonusClaim,
  AdminBonusClaimPage,
  AdminMallItem,
  AdminMallItemList,
  AdminMallOrder,
  AdminMallOrderPage,
  AdminMission,
  AdminMissionList,
  AdminPointsRules,
  AdminPrizeTable,
  MallItemUpsertRequest,
  MissionUpsertRequest,
  PointsRulesRequest,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/**
 * Rewards (issue 23's back office): missions, leaderboard prizes, points rules, the points mall (items, orders) and
 * the review of bonus claims. Every list carries the merchant's currency and exponent (forms take major units).
 */

const rewardsKey = ['admin', 'rewards'] as const;
const missionsKey = [...rewardsKey, 'missions'] as const;
const prizesKey = [...rewardsKey, 'prizes'] as const;
const rulesKey = [...rewardsKey, 'points-rules'] as const;
const itemsKey = [...rewardsKey, 'mall-items'] as const;
const ordersKey = [...rewardsKey, 'mall-orders'] as const;
const claimsKey = ['admin', 'bonus', 'claims'] as const;
const base = '/admin/api/rewards';

/** A mutation that refreshes the lists under `key` once it succeeds. */
function useRefreshing<A, R>(key: readonly string[], fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useMissions = () =>
  useQuery({ queryKey: missionsKey, queryFn: () => adminGet<AdminMissionList>(`${base}/missions`) });
export const useSaveMission = () =>
  useRefreshing(missionsKey, ({ id, body }: { id?: string; body: MissionUpsertRequest }) =>
    id
      ? adminPut<AdminMission>(`${base}/missions/${seg(id)}`, body)
      : adminPost<AdminMission>(`${base}/missions`, body),
  );

export const usePrizes = () =>
  useQuery({ queryKey: prizesKey, queryFn: () => adminGet<AdminPrizeTable>(`${base}/leaderboard-prizes`) });
export const useSavePrizes = () =>
  useRefreshing(prizesKey, (body: PrizeTableRequest) => adminPut<AdminPrizeTable>(`${base}/leaderboard-prizes`, body));

export const usePointsRules = () =>
  useQuery({ queryKey: rulesKey, queryFn: () => adminGet<AdminPointsRules>(`${base}/points-rules`) });
export const useSavePointsRules = () =>
  useRefreshing(rulesKey, (body: PointsRulesRequest) => adminPut<AdminPointsRules>(`${base}/points-rules`, body));

export const useMallItems = () =>
  useQuery({ queryKey: itemsKey, queryFn: () => adminGet<AdminMallItemList>(`${base}/mall-items`) });
export const useSaveMallItem = () =>
  useRefreshing(itemsKey, ({ id, body }: { id?: string; body: MallItemUpsertRequest }) =>
    id
      ? adminPut<AdminMallItem>(`${base}/mall-items/${seg(id)}`, body)
      : adminPost<AdminMallItem>(`${base}/mall-items`, body),
  );

export interface MallOrderQuery {
  status?: string;
  account?: string;
  pageNo: number;
  pageSize: number;
}
export const fetchMallOrders = async (q: MallOrderQuery) => {
  const v = await adminGet<AdminMallOrderPage>(`${base}/mall-orders`, { ...q });
  return { total: v.total, items: v.list, currency: v.currency, exponent: v.exponent };
};
export const useMallOrders = (q: MallOrderQuery) =>
  useQuery({ queryKey: [...ordersKey, q], queryFn: () => fetchMallOrders(q), placeholderData: (p) => p });
export const useShipMallOrder = () =>
  useRefreshing(ordersKey, (reference: string) =>
    adminPost<AdminMallOrder>(`${base}/mall-orders/${seg(reference)}/ship`),
  );

export const useRefuseMallOrder = () =>
  useRefreshing(ordersKey, (a: { reference: string; reason: string }) =>
    adminPost<AdminMallOrder>(`${base}/mall-orders/${seg(a.reference)}/refuse`, { reason: a.reason }),
  );

export interface BonusClaimQuery {
  status?: string;
  account?: string;
  pageNo: number;
  pageSize: number;
}
export const fetchBonusClaims = async (q: BonusClaimQuery) => {
  const v = await adminGet<AdminBonusClaimPage>('/admin/api/bonus/claims', { ...q });
  return { total: v.total, items: v.list, currency: v.currency, exponent: v.exponent };
};
export const useBonusClaims = (q: BonusClaimQuery) =>
  useQuery({ queryKey: [...claimsKey, q], queryFn: () => fetchBonusClaims(q), placeholderData: (p) => p });
export const useReviewBonusClaim = () =>
  useRefreshing(claimsKey, (a: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
    adminPost<AdminBonusClaim>(`/admin/api/bonus/claims/${seg(a.id)}/review`, {
      decision: a.decision,
      reason: a.reason,
    }),
  );
