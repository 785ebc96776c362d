import type {
  ConsolidatedFunds,
  DownlineList,
  DownlineTransferRequest,
  HierarchyTransferResult,
  MerchantWallet,
  UplineInfo,
  UplineTransferRequest,
  WalletBalance,
  WalletTransferRequest,
  WalletTransferResult,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

/** Every wallet query starts with this key: money flows elsewhere (deposits, withdrawals) invalidate it. */
export const WALLET_KEY = ['wallet'] as const;
export const fetchBalance = () => apiGet<WalletBalance>('/wps/v2/wallets/balance');

export const useWalletBalance = (opts: { enabled?: boolean } = {}) =>
  useMemberQuery([...WALLET_KEY, 'balance'], [], fetchBalance, { enabled: opts.enabled, staleTime: 15_000 });

export const useConsolidatedFunds = () =>
  useMemberQuery([...WALLET_KEY, 'consolidated'], [], () =>
    apiGet<ConsolidatedFunds>('/wps/member/info/funds/consolidated'),
  );

export function useMerchantWallet() {
  return useQuery({
    queryKey: ['wallet', 'merchant'],
    queryFn: () => apiGet<MerchantWallet>('/wps/relay/GCS_merchantWallet'),
    staleTime: 5 * 60_000,
  });
}

export const useUpline = (enabled = true) =>
  useMemberQuery([...WALLET_KEY, 'upline'], [], () => apiGet<UplineInfo>('/wps/member/upline'), { enabled });

export const useDownlines = (search: string, pageNo: number, enabled = true) =>
  useMemberQuery(
    [...WALLET_KEY, 'downlines'],
    [search, pageNo],
    () =>
      apiGet<DownlineList>('/wps/agent/downlines', {
        search: search || undefined,
        pageNo: String(pageNo),
        pageSize: '10',
      }),
    { enabled, paged: true },
  );

export const walletTransfer = (body: WalletTransferRequest) =>
  apiRequest<WalletTransferResult>('POST', '/wps/relay/GCS_walletTransfer', { body });
export const transferToUpline = (body: UplineTransferRequest) =>
  apiRequest<HierarchyTransferResult>('POST', '/wps/member/transfer/upline', { body });
export const transferToDownline = (body: DownlineTransferRequest) =>
  apiRequest<HierarchyTransferResult>('POST', '/wps/agent/transfer/downline', { body });

/** A money mutation: on success every wallet query is refetched. */
function useWalletMutation<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: WALLET_KEY }) });
}

export const useWalletTransfer = () => useWalletMutation(walletTransfer);
export const useTransferToUpline = () => useWalletMutation(transferToUpline);
export const useTransferToDownline = () => useWalletMutation(transferToDownline);
