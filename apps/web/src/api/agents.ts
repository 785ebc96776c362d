import {
  agentPolicy,
  affiliateLink,
  affiliateLinkList,
  announcementDetail,
  announcementPage,
  contractDecision,
  type ContractOfferRequest,
  contractList,
  contractSettlementList,
  contractTypesHeld,
  type ContractTypeCode,
  contractView,
  type CreateDownlineRequest,
  downlineMember,
  downlinePage,
  incomePage,
  lockedResult,
  pendingContracts,
  pnlPage,
  rebateResult,
  revenueReport,
  teamBetsPage,
  teamOverview,
  teamTransactionsPage,
} from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';
import { useLanguage } from './games.ts';

/** Every agent-centre query starts with this key (a change in the team invalidates them all). */
export const AGENT_KEY = ['agent'] as const;
/** The contract queries (offers, lists, the popup's pending offers). */
export const CONTRACT_KEY = ['contracts'] as const;

/** An answer checked against the contracts' zod shape (a server that drifted fails loudly, not silently). */
const checked =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.infer<S> =>
    schema.parse(value);

type Query = Record<string, string | number | undefined>;
const qs = (q: Query) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v === undefined || v === '' ? undefined : String(v)]));
const get = <S extends z.ZodType>(path: string, schema: S, q: Query = {}) =>
  apiGet<unknown>(path, qs(q)).then(checked(schema));
const send = <S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) =>
  apiRequest<unknown>(method, path, { body }).then(checked(schema));

export interface Period {
  from: string;
  to: string;
}
export interface Paging {
  pageNo: number;
  pageSize: number;
}

export type TeamOverview = z.infer<typeof teamOverview>;
export type RevenueReport = z.infer<typeof revenueReport>;
export type DownlinePage = z.infer<typeof downlinePage>;
export type DownlineRow = z.infer<typeof downlineMember>;
export type AffiliateLinks = z.infer<typeof affiliateLinkList>;
export type TeamBetsPage = z.infer<typeof teamBetsPage>;
export type TeamTransactionsPage = z.infer<typeof teamTransactionsPage>;
export type PnlPage = z.infer<typeof pnlPage>;
export type IncomePage = z.infer<typeof incomePage>;
export type ContractListPage = z.infer<typeof contractList>;
export type Contract = z.infer<typeof contractView>;
export type SettlementPage = z.infer<typeof contractSettlementList>;
export type PendingOffers = z.infer<typeof pendingContracts>;

const useAgentQuery = <T>(name: string, args: unknown, fn: () => Promise<T>, enabled = true) =>
  useMemberQuery([...AGENT_KEY, name], [args], fn, { enabled, paged: true });

export const useTeamOverview = (p: Period, enabled = true) =>
  useAgentQuery('overview', p, () => get('/wps/agent/team/overview', teamOverview, { ...p }), enabled);
export const useRevenue = (p: Period, enabled = true) =>
  useAgentQuery('revenue', p, () => get('/wps/agent/report/revenue', revenueReport, { ...p }), enabled);
export const useDownlines = (f: { search?: string; scope: 'direct' | 'team' } & Paging) =>
  useAgentQuery('downlines', f, () => get('/wps/agent/downline', downlinePage, { ...f }));
export const useAffiliateLinks = () =>
  useAgentQuery('links', null, () => get('/wps/agent/affiliate/links', affiliateLinkList));
export const useTeamBets = (f: Period & Paging & { account?: string }, enabled = true) =>
  useAgentQuery('bets', f, () => get('/wps/agent/team/bets', teamBetsPage, { ...f }), enabled);
export const useTeamTransactions = (f: Period & Paging & { account?: string; code?: string }, enabled = true) =>
  useAgentQuery('transactions', f, () => get('/wps/agent/team/transactions', teamTransactionsPage, { ...f }), enabled);
export const usePnl = (f: Period & Paging & { by: 'member' | 'level'; account?: string }, enabled = true) =>
  useAgentQuery('pnl', f, () => get('/wps/agent/report/pnl', pnlPage, { ...f }), enabled);
export const useIncome = (f: Period & Paging, enabled = true) =>
  useAgentQuery('income', f, () => get('/wps/agent/income', incomePage, { ...f }), enabled);

/** A mutation that refreshes the agent centre's data after it succeeded. */
function useAgentMutation<A, R>(fn: (a: A) => Promise<R>, keys: readonly (readonly string[])[] = [AGENT_KEY]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

export const createDownline = (body: CreateDownlineRequest) =>
  send('POST', '/wps/agent/downline', downlineMember, body);
export const setRebate = (id: string, rebatePoint: string) =>
  send('PUT', `/wps/agent/downline/${encodeURIComponent(id)}/rebate`, rebateResult, { rebatePoint });
export const useSetLocked = () =>
  useAgentMutation(({ id, locked }: { id: string; locked: boolean }) =>
    send('POST', `/wps/agent/downline/${encodeURIComponent(id)}/${locked ? 'lock' : 'unlock'}`, lockedResult),
  );
export const createLink = (body: { kind: 'member' | 'agent'; rebatePoint: string; note?: string }) =>
  send('POST', '/wps/agent/affiliate/links', affiliateLink, body);
export const useDeleteLink = () =>
  useAgentMutation((id: string) => apiRequest<null>('DELETE', `/wps/agent/affiliate/links/${encodeURIComponent(id)}`));
/** Invalidate the agent centre's data (after a form's own call succeeded). */
export function useRefreshAgent() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: AGENT_KEY }), qc.invalidateQueries({ queryKey: CONTRACT_KEY })]);
}

// ---- contracts ----

export const useContracts = (f: { role: 'offered' | 'received'; type?: ContractTypeCode } & Paging) =>
  useMemberQuery([...CONTRACT_KEY, 'list'], [f], () => get('/wps/agent/contracts', contractList, { ...f }), {
    paged: true,
  });
export const useSettlements = (f: { type?: ContractTypeCode } & Paging) =>
  useMemberQuery(
    [...CONTRACT_KEY, 'settlements'],
    [f],
    () => get('/wps/agent/contract/settlements', contractSettlementList, { ...f }),
    { paged: true },
  );
/** The contract types the agent has or had: the settlement record pages it is shown (off for non-agents). */
export const useContractTypesHeld = (enabled = true) =>
  useMemberQuery([...CONTRACT_KEY, 'types'], [], () => get('/wps/agent/contract/types', contractTypesHeld), {
    enabled,
    staleTime: 60_000,
  });
/** The offers waiting for the logged-in member (the contract popup); the pushed `contractOffer` event refreshes it. */
export const usePendingContracts = (enabled = true) =>
  useMemberQuery([...CONTRACT_KEY, 'pending'], [], () => get('/wps/agent/contract/pending', pendingContracts), {
    enabled,
  });
export const offerContract = (body: ContractOfferRequest) =>
  send('POST', '/wps/agent/contract/offer', contractView, body);
export const useContractAction = () =>
  useAgentMutation(
    ({ id, action }: { id: string; action: 'accept' | 'reject' | 'terminate' }) =>
      send('POST', `/wps/agent/contract/${encodeURIComponent(id)}/${action}`, contractDecision),
    [CONTRACT_KEY, AGENT_KEY],
  );

/** The agent announcements (list and detail); reading one invalidates the list (its unread marker). */
export const ANNOUNCEMENT_KEY = ['announcements'] as const;
export type AnnouncementList = z.infer<typeof announcementPage>;
/** The merchant's agent policy (AGENTPOLICY3) in the site's language. */
export const useAgentPolicy = (lang: string, enabled = true) =>
  useMemberQuery(['agentPolicy'], [lang], () => get('/wps/agent/policy', agentPolicy, { lang }), { enabled });

export const useAnnouncements = (p: Paging, enabled = true) =>
  useMemberQuery(
    [...ANNOUNCEMENT_KEY, 'list'],
    [p, useLanguage()],
    () => get('/wps/agent/announcements', announcementPage, { ...p }),
    { paged: true, enabled },
  );
export const useAnnouncement = (id: string) =>
  useMemberQuery([...ANNOUNCEMENT_KEY, 'one'], [id, useLanguage()], () =>
    get(`/wps/agent/announcements/${encodeURIComponent(id)}`, announcementDetail),
  );
export const useMarkAnnouncementRead = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>('POST', `/wps/agent/announcements/${encodeURIComponent(id)}/read`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ANNOUNCEMENT_KEY, 'list'] }),
  });
};
