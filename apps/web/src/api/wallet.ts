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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session.ts';
import { apiGet, apiRequest } from './client.ts';

/** Every wallet query starts with this key: money flows elsewhere (deposits, withdrawals) invalidate it. */
export const WALLET_KEY = ['wallet'] as const;
/** The balance query's key (the session token keeps one account's balance from showing for the next). */
export const balanceKey = (token: string | null) => ['wallet', 'balance', token] as const;

export const fetchBalance = () => apiGet<WalletBalance>('/wps/v2/wallets/balance');

export function useWalletBalance(opts: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: balanceKey(token),
    queryFn: fetchBalance,
    enabled: Boolean(token) && opts.enabled !== false,
    staleTime: 15_000,
  });
}

export function useConsolidatedFunds() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['wallet', 'consolidated', token],
    queryFn: () => apiGet<ConsolidatedFunds>('/wps/member/info/funds/consolidated'),
    enabled: Boolean(token),
  });
}

export function useMerchantWallet() {
  return useQuery({
    queryKey: ['wallet', 'merchant'],
    queryFn: () => apiGet<MerchantWallet>('/wps/relay/GCS_merchantWallet'),
    staleTime: 5 * 60_000,
  });
}

export function useUpline(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['wallet', 'upline', token],
    queryFn: () => apiGet<UplineInfo>('/wps/member/upline'),
    enabled: Boolean(token) && enabled,
  });
}

export function useDownlines(search: string, pageNo: number, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['wallet', 'downlines', token, search, pageNo],
    queryFn: () =>
      apiGet<DownlineList>('/wps/agent/downlines', {
        search: search || undefined,
        pageNo: String(pageNo),
        pageSize: '10',
      }),
    enabled: Boolean(token) && enabled,
    placeholderData: keepPreviousData,
  });
}

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
