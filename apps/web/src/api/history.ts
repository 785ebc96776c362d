import type { HistoryType, PersonalProfit, TransactionHistory } from '@sea/contracts';
import { apiGet } from './client.ts';
import { useMemberQuery } from './member-query.ts';

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
export const useTransactions = (f: TransactionFilter, enabled = true) =>
  useMemberQuery([...HISTORY_KEY, 'transactions'], [f], () => fetchTransactions(f), { enabled, paged: true });

export const useProfit = (range: { from?: string; to?: string }, enabled = true) =>
  useMemberQuery([...HISTORY_KEY, 'profit'], [range], () => fetchProfit(range), { enabled, paged: true });
