import type {
  AdminCashbackProgramme,
  AdminCashbackProgrammeList,
  AdminRaffleList,
  CashbackProgrammeRequest,
  CashbackRunPage,
  RaffleDetail,
  RaffleRequest,
  RaffleSummary,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/** Cashback programmes and their closed periods; raffles with their draws (issue 23's back office). */
const cashbackKey = ['admin', 'cashback'] as const;
const rafflesKey = ['admin', 'raffles'] as const;

function useRefreshing<A, R>(key: readonly string[], fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useCashbackProgrammes = () =>
  useQuery({
    queryKey: [...cashbackKey, 'programmes'],
    queryFn: () => adminGet<AdminCashbackProgrammeList>('/admin/api/cashback/programmes'),
  });
export const useSaveCashbackProgramme = () =>
  useRefreshing(cashbackKey, ({ id, body }: { id?: string; body: CashbackProgrammeRequest }) =>
    id
      ? adminPut<AdminCashbackProgramme>(`/admin/api/cashback/programmes/${seg(id)}`, body)
      : adminPost<AdminCashbackProgramme>('/admin/api/cashback/programmes', body),
  );
export const useCashbackRuns = (pageNo: number) =>
  useQuery({
    queryKey: [...cashbackKey, 'runs', pageNo],
    queryFn: () => adminGet<CashbackRunPage>('/admin/api/cashback/runs', { pageNo: String(pageNo), pageSize: '20' }),
  });
export const useCloseCashbackPeriods = () =>
  useRefreshing(cashbackKey, () => adminPost<{ runs: number; granted: number }>('/admin/api/cashback/runs', {}));

export const useRaffles = () =>
  useQuery({ queryKey: [...rafflesKey, 'list'], queryFn: () => adminGet<AdminRaffleList>('/admin/api/raffles') });
export const useRaffle = (id: string | null) =>
  useQuery({
    queryKey: [...rafflesKey, 'detail', id],
    queryFn: () => adminGet<RaffleDetail>(`/admin/api/raffles/${seg(id ?? '')}`),
    enabled: id !== null,
  });
export const useSaveRaffle = () =>
  useRefreshing(rafflesKey, ({ id, body }: { id?: string; body: RaffleRequest }) =>
    id
      ? adminPut<RaffleSummary>(`/admin/api/raffles/${seg(id)}`, body)
      : adminPost<RaffleSummary>('/admin/api/raffles', body),
  );
