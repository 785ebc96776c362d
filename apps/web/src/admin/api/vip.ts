import type { AdminMemberVip, AdminVipLevels, VipLevelUpsertRequest, VipSettingsRequest } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/** VIP (issue 23's back office): the levels editor and a member's level. Amounts are minor units. */
const levelsKey = ['admin', 'vip', 'levels'] as const;
const base = '/admin/api/vip';

export const useVipLevels = () =>
  useQuery({ queryKey: levelsKey, queryFn: () => adminGet<AdminVipLevels>(`${base}/levels`) });

/** Saves into the levels' cache from the answer (every change answers the whole ladder). */
function useLadderMutation<A>(fn: (a: A) => Promise<AdminVipLevels>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (data) => qc.setQueryData(levelsKey, data) });
}

export const useSaveVipLevel = () =>
  useLadderMutation(({ id, body }: { id?: string; body: VipLevelUpsertRequest }) =>
    id
      ? adminPut<AdminVipLevels>(`${base}/levels/${seg(id)}`, body)
      : adminPost<AdminVipLevels>(`${base}/levels`, body),
  );
export const useReorderVipLevels = () =>
  useLadderMutation((ids: string[]) => adminPut<AdminVipLevels>(`${base}/levels-order`, { ids }));
export const useSaveVipSettings = () =>
  useLadderMutation((body: VipSettingsRequest) => adminPut<AdminVipLevels>(`${base}/settings`, body));

export const useMemberVip = (account: string) =>
  useQuery({
    queryKey: ['admin', 'vip', 'member', account],
    queryFn: () => adminGet<AdminMemberVip>(`${base}/members/${seg(account)}`),
  });
