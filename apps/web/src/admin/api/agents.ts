import type {
  AgentSettings,
  AdminAgentTreePage,
  AdminSettlementList,
  ContractList,
  ContractView,
  RebateRates,
  SettleRunReport,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg, type Query } from './client.ts';

/** Agents: the team tree, agent creation and promotion, contracts, settlements and category rebate rates. */

const agentsKey = ['admin', 'agents'] as const;
const contractsKey = ['admin', 'contracts'] as const;

export type AgentTreeNode = AdminAgentTreePage['rows'][number];
export type Settlement = AdminSettlementList['list'][number];

/** One level of the tree: the top-level agents (`parent` undefined) or a member's direct downlines. */
export const fetchAgentTree = (parent: string | undefined, pageNo: number, pageSize = 20) =>
  adminGet<AdminAgentTreePage>('/admin/api/agents/tree', { parent, pageNo, pageSize });

export const useAgentTree = (parent: string | undefined, pageNo: number, enabled = true) =>
  useQuery({
    queryKey: [...agentsKey, 'tree', parent ?? null, pageNo],
    queryFn: () => fetchAgentTree(parent, pageNo),
    placeholderData: (prev) => prev,
    enabled,
  });

export interface AgentSaved {
  account: string;
  type: number;
  rebatePoint: string;
  uplineAccount: string | null;
}

function useAgentsMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: agentsKey }) });
}

export const useCreateAgent = () =>
  useAgentsMutation(
    (body: { account: string; password: string; rebatePoint: string; uplineAccount?: string; nickname?: string }) =>
      adminPost<AgentSaved>('/admin/api/agents', body),
  );

export const usePromoteAgent = () =>
  useAgentsMutation((body: { account: string; rebatePoint?: string }) =>
    adminPost<AgentSaved>('/admin/api/agents/promote', body),
  );

export interface ContractQuery extends Query {
  agent?: string;
  type?: string;
  status?: string;
  pageNo: number;
  pageSize: number;
}

export const fetchContracts = async (q: ContractQuery) => {
  const page = await adminGet<ContractList>('/admin/api/contracts', q);
  return { total: page.total, items: page.list };
};
export const useContracts = (q: ContractQuery) =>
  useQuery({ queryKey: [...contractsKey, 'list', q], queryFn: () => fetchContracts(q), placeholderData: (p) => p });

export const fetchSettlements = async (q: ContractQuery) => {
  const page = await adminGet<AdminSettlementList>('/admin/api/contracts/settlements', q);
  return { total: page.total, items: page.list, currency: page.currency, exponent: page.exponent };
};
export const useSettlements = (q: ContractQuery) =>
  useQuery({
    queryKey: [...contractsKey, 'settlements', q],
    queryFn: () => fetchSettlements(q),
    placeholderData: (p) => p,
  });

/** Runs one contract type's settlement now (due periods only, each paid once); `onReport` gets what it did. */
export function useSettleRun(onReport?: (report: SettleRunReport) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (type: string) => adminPost<SettleRunReport>('/admin/api/contracts/settle', { type }),
    onSuccess: async (report) => {
      onReport?.(report);
      await qc.invalidateQueries({ queryKey: contractsKey });
    },
  });
}

export interface HouseOffer {
  agentAccount: string;
  type: string;
  period?: string;
  tiers: { minValidBet: string; minActive: number; minProfit?: string; rate: string; lossRate?: string }[];
}
export function useHouseOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HouseOffer) => adminPost<ContractView>('/admin/api/contracts/house-offer', body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: contractsKey });
      await qc.invalidateQueries({ queryKey: agentsKey });
    },
  });
}

export const useAgentSettings = () =>
  useQuery({
    queryKey: [...agentsKey, 'settings'],
    queryFn: () => adminGet<AgentSettings>('/admin/api/agents/settings'),
  });

export function useSaveAgentSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { maxRebatePoint?: string; activeMinBet?: string }) =>
      adminPut<AgentSettings>('/admin/api/agents/settings', body),
    onSuccess: (saved) => qc.setQueryData([...agentsKey, 'settings'], saved),
  });
}

export const useRebateRates = () =>
  useQuery({
    queryKey: [...contractsKey, 'rebate-rates'],
    queryFn: () => adminGet<RebateRates>('/admin/api/contracts/rebate-rates'),
  });

export function useSetRebateRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ category, rate }: { category: string; rate: string }) =>
      adminPut<{ category: string; rateBp: number }>(`/admin/api/contracts/rebate-rates/${seg(category)}`, { rate }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...contractsKey, 'rebate-rates'] }),
  });
}
