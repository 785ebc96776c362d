import type { HistoryType, PersonalProfit, TransactionHistory } from '@sea/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../state/session.ts';
import { apiGet } from './client.ts';

/** Every history query starts with this key. */
export const HISTORY_KEY = ['history'] as const;

export interface TransactionFilter {
  type: HistoryType | 'all';
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

export const fetchTransactions = (f: TransactionFilter) =>
  apiGet<TransactionHistory>('/wps/member/transactions', {
    type: f.type,
    from: f.from,
    to: f.to,
    pageNo: String(f.pageNo),
    pageSize: String(f.pageSize),
  });

export const fetchProfit = (range: { from?: string; to?: string }) =>
  apiGet<PersonalProfit>('/wps/member/profit', { from: range.from, to: range.to });

/** The member's own transactions for a filter; the previous page stays on screen while the next one loads. */
export function useTransactions(f: TransactionFilter, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...HISTORY_KEY, 'transactions', token, f],
    queryFn: () => fetchTransactions(f),
    enabled: enabled && Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function useProfit(range: { from?: string; to?: string }, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...HISTORY_KEY, 'profit', token, range],
    queryFn: () => fetchProfit(range),
    enabled: enabled && Boolean(token),
    placeholderData: keepPreviousData,
  });
}
