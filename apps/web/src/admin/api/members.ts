import type {
  BetRecordPage,
  DepositList,
  MemberDetail,
  MemberSummary,
  TransactionHistory,
  WithdrawalPage,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, seg, type Query } from './client.ts';

/** The members screens: search, a member's 360° view and its lists, staff notes, the actions on a member. */

export interface MemberSearchPage {
  items: MemberSummary[];
  total: number;
  totalCapped: boolean;
}
export interface MemberSearchParams extends Query {
  by?: string;
  q?: string;
  status?: string;
  pageNo: number;
  pageSize: number;
}
export interface PageOf<T> {
  items: T[];
  total: number;
}
export interface MemberLogin {
  time: string;
  ip: string;
  userAgent: string;
  method: string;
  result: 'ok' | 'wrong_password' | 'locked' | 'disabled';
}
export interface MemberNote {
  id: string;
  author: string;
  text: string;
  createdAt: string;
}
export interface MemberActionResult {
  account: string;
  status: 'active' | 'locked';
  lockReason: string | null;
  uplineAccount: string | null;
  sessionsEnded: number;
}

const key = ['admin', 'members'] as const;
const base = (account: string) => `/admin/api/members/${seg(account)}`;

export const fetchMembers = (q: MemberSearchParams) => adminGet<MemberSearchPage>('/admin/api/members', q);
export const useMembers = (q: MemberSearchParams) =>
  useQuery({ queryKey: [...key, 'search', q], queryFn: () => fetchMembers(q), placeholderData: (prev) => prev });

export const useMember = (account: string) =>
  useQuery({ queryKey: [...key, account, 'detail'], queryFn: () => adminGet<MemberDetail>(base(account)) });

/** One of the member's lists (journals, bets, deposits, withdrawals, logins, notes), a page at a time. */
export const fetchMemberList = <T>(account: string, list: string, q: Query) =>
  adminGet<T>(`${base(account)}/${list}`, q);

function useMemberList<T, R extends PageOf<unknown>>(
  account: string,
  list: string,
  q: Query,
  map: (v: T) => R,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...key, account, list, q],
    queryFn: async () => map(await fetchMemberList<T>(account, list, q)),
    placeholderData: (prev) => prev,
    enabled,
  });
}
const same = <T>(v: T) => v;

export const useMemberJournals = (account: string, q: Query, enabled = true) =>
  useMemberList(account, 'journals', q, same<TransactionHistory>, enabled);
export const useMemberBets = (account: string, q: Query, enabled = true) =>
  useMemberList(account, 'bets', q, same<BetRecordPage>, enabled);
export const depositPage = (v: DepositList) => ({ ...v, items: v.list });
export const useMemberDeposits = (account: string, q: Query, enabled = true) =>
  useMemberList(account, 'deposits', q, depositPage, enabled);
export const useMemberWithdrawals = (account: string, q: Query, enabled = true) =>
  useMemberList(account, 'withdrawals', q, same<WithdrawalPage>, enabled);
export const useMemberLogins = (account: string, q: Query, enabled = true) =>
  useMemberList(account, 'logins', q, same<PageOf<MemberLogin>>, enabled);
export const useMemberNotes = (account: string, q: Query, enabled = true) =>
  useMemberList(account, 'notes', q, same<PageOf<MemberNote>>, enabled);

/** A write on the member: afterwards its page (and the search lists) are read again. */
function useMemberWrite<A, R>(fn: (a: A) => Promise<R>, onDone?: (r: R) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      onDone?.(r);
      return qc.invalidateQueries({ queryKey: key });
    },
  });
}

export const useLockMember = (account: string) =>
  useMemberWrite((reason: string) => adminPost<MemberActionResult>(`${base(account)}/lock`, { reason }));
/** Reopen a closed account (a reason; audited): the member's page and its profile panel are read again. */
export function useReopenMember(account: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => adminPost<unknown>(`${base(account)}/reopen`, { reason }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: key }),
        qc.invalidateQueries({ queryKey: ['members', account], exact: false }),
      ]),
  });
}
export const useUnlockMember = (account: string) =>
  useMemberWrite((_: void) => adminPost<MemberActionResult>(`${base(account)}/unlock`));
export const useEndSessions = (account: string, onDone?: (r: MemberActionResult) => void) =>
  useMemberWrite((_: void) => adminPost<MemberActionResult>(`${base(account)}/end-sessions`), onDone);
export const useResetMemberPassword = (account: string) =>
  useMemberWrite((_: void) =>
    adminPost<MemberActionResult & { oneTimePassword: string }>(`${base(account)}/reset-password`),
  );
export const useMoveMember = (account: string) =>
  useMemberWrite((toAgent: string) => adminPost<MemberActionResult>(`${base(account)}/move`, { toAgent }));
export const useAddNote = (account: string) =>
  useMemberWrite((text: string) => adminPost<MemberNote>(`${base(account)}/notes`, { text }));
