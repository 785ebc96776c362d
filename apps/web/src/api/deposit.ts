import type {
  DepositItem,
  DepositList,
  DepositMethodList,
  DepositOrderRequest,
  DepositOrderResult,
} from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

/** Every deposit query starts with this key. */
export const DEPOSIT_KEY = ['deposit'] as const;
/** The wallet helper's prefix: a credited deposit refreshes the header balance through it. */
const WALLET_PREFIX = ['wallet'] as const;

export const fetchDepositMethods = () => apiGet<DepositMethodList>('/wps/deposit/methods');
export const fetchDeposits = (pageNo = 1, pageSize = 10) =>
  apiGet<DepositList>('/wps/deposit/list', { pageNo: String(pageNo), pageSize: String(pageSize) });
export const createDepositOrder = (body: DepositOrderRequest) =>
  apiRequest<DepositOrderResult>('POST', '/wps/deposit/orders', { body });

export interface ManualDepositInput extends DepositOrderRequest {
  receipt: File;
}

export function submitManualDeposit(input: ManualDepositInput) {
  const form = new FormData();
  form.append('methodCode', input.methodCode);
  form.append('amount', input.amount);
  form.append('requestId', input.requestId);
  form.append('receipt', input.receipt);
  return apiRequest<DepositItem>('POST', '/wps/deposit/manual', { form });
}

export const useDepositMethods = () =>
  useMemberQuery([...DEPOSIT_KEY, 'methods'], [], fetchDepositMethods, { staleTime: 60_000 });

/** The member's latest deposits; polls while `poll` says so (a deposit waiting for its outcome). */
export const useDeposits = (opts: { poll?: (data: DepositList | undefined) => number | false } = {}) =>
  useMemberQuery([...DEPOSIT_KEY, 'list'], [], () => fetchDeposits(1, 10), { refetchInterval: opts.poll });

/** After a deposit is credited: every wallet query (the header balance among them) is refetched. */
export function useRefreshWallet() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: WALLET_PREFIX }), [qc]);
}

export function useCreateDepositOrder() {
  return useMutation({ mutationFn: createDepositOrder });
}

export function useManualDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitManualDeposit,
    onSettled: () => qc.invalidateQueries({ queryKey: DEPOSIT_KEY }),
  });
}
