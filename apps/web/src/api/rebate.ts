import type { ManualRebate, ManualRebateClaimResult, RebateRecords } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';
import { WALLET_KEY } from './wallet.ts';

export const REBATE_KEY = ['rebate'] as const;

export const useManualRebate = (enabled = true) =>
  useMemberQuery([...REBATE_KEY, 'manual'], [], () => apiGet<ManualRebate>('/wps/rebate/manual'), { enabled });

export const useRebateRecords = (pageNo: number, enabled = true) =>
  useMemberQuery(
    [...REBATE_KEY, 'records'],
    [pageNo],
    () => apiGet<RebateRecords>('/wps/rebate/records', { pageNo: String(pageNo), pageSize: '10' }),
    { enabled, paged: true },
  );

/** Claims today's rebate; the rebate and wallet queries are refetched after it, whatever the outcome. */
export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ManualRebateClaimResult>('POST', '/wps/rebate/manual/claim', {}),
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: REBATE_KEY }), qc.invalidateQueries({ queryKey: WALLET_KEY })]),
  });
}
