import type {
  AdminDepositItem,
  AdminDepositMethod,
  AdminDepositMethodList,
  AdminDepositMethodUpdate,
  AdminWithdrawal,
  Adjustment,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, adminRequest, seg, type Query } from './client.ts';

/** The payment queues: deposits (bank transfers), withdrawals, manual adjustments. */

export interface PageQuery extends Query {
  status?: string;
  /** `column:asc|desc` from the list's allow-list (the server refuses others). */
  sort?: string;
  pageNo: number;
  pageSize: number;
}

export interface DepositPage {
  total: number;
  items: AdminDepositItem[];
  currency: string;
  exponent: number;
}
export interface WithdrawalPage {
  total: number;
  items: AdminWithdrawal[];
}
export interface AdjustmentPage {
  total: number;
  items: Adjustment[];
}

const depositsKey = ['admin', 'deposits'] as const;
const withdrawalsKey = ['admin', 'withdrawals'] as const;
const adjustmentsKey = ['admin', 'adjustments'] as const;

// ---- deposits
export async function fetchDeposits(q: PageQuery): Promise<DepositPage> {
  const v = await adminGet<{ list: AdminDepositItem[]; total: number; currency: string; exponent: number }>(
    '/admin/api/deposits',
    q,
  );
  return { total: v.total, items: v.list, currency: v.currency, exponent: v.exponent };
}
export const useDeposits = (q: PageQuery) =>
  useQuery({ queryKey: [...depositsKey, q], queryFn: () => fetchDeposits(q), placeholderData: (prev) => prev });

export const useDepositReceipt = (id: string | null) =>
  useQuery({
    queryKey: [...depositsKey, 'receipt', id],
    queryFn: () => adminGet<{ contentType: string; image: string }>(`/admin/api/deposits/${seg(id!)}/receipt`),
    enabled: Boolean(id),
    staleTime: Infinity,
  });

function useInvalidating<A, R>(key: readonly string[], fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useApproveDeposit = () =>
  useInvalidating(depositsKey, (id: string) =>
    adminPost<{ id: string; status: string }>(`/admin/api/deposits/${seg(id)}/approve`),
  );
export const useRejectDeposit = () =>
  useInvalidating(depositsKey, ({ id, reason }: { id: string; reason: string }) =>
    adminPost<{ id: string; status: string }>(`/admin/api/deposits/${seg(id)}/reject`, { reason }),
  );

// ---- withdrawals
export const fetchWithdrawals = (q: PageQuery) => adminGet<WithdrawalPage>('/admin/api/withdrawals', q);
export const useWithdrawals = (q: PageQuery) =>
  useQuery({ queryKey: [...withdrawalsKey, q], queryFn: () => fetchWithdrawals(q), placeholderData: (prev) => prev });

export const useWithdrawal = (id: string | null) =>
  useQuery({
    queryKey: [...withdrawalsKey, 'one', id],
    queryFn: () => adminGet<AdminWithdrawal>(`/admin/api/withdrawals/${seg(id!)}`),
    enabled: Boolean(id),
  });
export const useWithdrawalProof = (id: string | null) =>
  useQuery({
    queryKey: [...withdrawalsKey, 'proof', id],
    queryFn: () => adminGet<{ image: string | null }>(`/admin/api/withdrawals/${seg(id!)}/proof`),
    enabled: Boolean(id),
    staleTime: Infinity,
  });

/** The operator's proof of the payout (bank slip), attached when disbursed. */
export const useWithdrawalPayoutProof = (id: string | null) =>
  useQuery({
    queryKey: [...withdrawalsKey, 'payout-proof', id],
    queryFn: () => adminGet<{ image: string | null }>(`/admin/api/withdrawals/${seg(id!)}/payout-proof`),
    enabled: Boolean(id),
    staleTime: Infinity,
  });

/** Disburse, with the payment's proof image when given (multipart), else an empty JSON body. */
export const useDisburse = () =>
  useInvalidating(withdrawalsKey, ({ id, proof }: { id: string; proof: File | null }) => {
    if (!proof) return adminPost<AdminWithdrawal>(`/admin/api/withdrawals/${seg(id)}/disburse`);
    const form = new FormData();
    form.append('proof', proof);
    return adminRequest<AdminWithdrawal>('POST', `/admin/api/withdrawals/${seg(id)}/disburse`, { body: form });
  });

export type WithdrawalAction =
  | { id: string; action: 'approve' }
  | { id: string; action: 'disburse' }
  | { id: string; action: 'reject'; reason: string; from: 'requested' | 'approved' }
  | { id: string; action: 'resolve-dispute'; refund: string; note?: string };

export const useWithdrawalAction = () =>
  useInvalidating(withdrawalsKey, ({ id, action, ...body }: WithdrawalAction) =>
    adminPost<AdminWithdrawal>(`/admin/api/withdrawals/${seg(id)}/${action}`, body),
  );

// ---- adjustments
export const fetchAdjustments = (q: PageQuery) => adminGet<AdjustmentPage>('/admin/api/adjustments', q);
export const useAdjustments = (q: PageQuery) =>
  useQuery({ queryKey: [...adjustmentsKey, q], queryFn: () => fetchAdjustments(q), placeholderData: (prev) => prev });

export const useRequestAdjustment = () =>
  useInvalidating(
    adjustmentsKey,
    (body: {
      memberAccount: string;
      direction: 'credit' | 'debit';
      amount: string;
      reason: string;
      requestId: string;
    }) => adminPost<Adjustment>('/admin/api/adjustments', body),
  );
export const useDecideAdjustment = () =>
  useInvalidating(
    adjustmentsKey,
    ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      adminPost<Adjustment>(`/admin/api/adjustments/${seg(id)}/${decision}`, decision === 'reject' ? { reason } : {}),
  );

/** Currency of the merchant as the withdrawal settings give it (amount inputs and the settings' threshold). */
export const useCurrency = (enabled = true) =>
  useQuery({
    queryKey: ['admin', 'withdrawal-settings'],
    queryFn: () => adminGet<{ currency: string; exponent: number }>('/admin/api/withdrawal-settings'),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });

// ---- payment methods and limits
const methodsKey = ['admin', 'deposit-methods'] as const;
export const useDepositMethods = () =>
  useQuery({
    queryKey: methodsKey,
    queryFn: () => adminGet<AdminDepositMethodList>('/admin/api/deposit-methods'),
  });
export const useSaveDepositMethod = () =>
  useInvalidating(methodsKey, ({ code, body }: { code: string; body: AdminDepositMethodUpdate }) =>
    adminPut<AdminDepositMethod>(`/admin/api/deposit-methods/${seg(code)}`, body),
  );

export interface WithdrawalSettings {
  currency: string;
  exponent: number;
  minAmount: string;
  maxAmount: string;
  confirmWindowMinutes: number;
  cancelAllowed: boolean;
}
const withdrawalSettingsKey = ['admin', 'withdrawal-settings'] as const;
export const useWithdrawalSettings = () =>
  useQuery({
    queryKey: withdrawalSettingsKey,
    queryFn: () => adminGet<WithdrawalSettings>('/admin/api/withdrawal-settings'),
  });
export const useSaveWithdrawalSettings = () =>
  useInvalidating(
    withdrawalSettingsKey,
    (body: { minAmount: string; maxAmount: string; confirmWindowMinutes: number; cancelAllowed: boolean }) =>
      adminPut<WithdrawalSettings>('/admin/api/withdrawal-settings', body),
  );
