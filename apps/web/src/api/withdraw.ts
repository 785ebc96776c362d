import type {
  BankAccount,
  BankAccountRequest,
  ReceiptResult,
  TransactionPasswordRequest,
  Withdrawal,
  WithdrawalPage,
  WithdrawalRequest,
  WithdrawalRequestResult,
  WithdrawSettings,
} from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

/** Every withdraw query starts with this key. */
export const WITHDRAW_KEY = ['withdraw'] as const;
/** The wallet's prefix: a hold or a release changes the header balance's "available". */
const WALLET_PREFIX = ['wallet'] as const;

export const fetchWithdrawSettings = () => apiGet<WithdrawSettings>('/wps/withdraw/settings');
export const fetchBankAccounts = () => apiGet<BankAccount[]>('/wps/withdraw/bank-accounts');
export const fetchWithdrawals = (pageNo: number, pageSize = 10) =>
  apiGet<WithdrawalPage>('/wps/withdraw/requests', { pageNo: String(pageNo), pageSize: String(pageSize) });

export const setTransactionPassword = (body: TransactionPasswordRequest) =>
  apiRequest<null>('POST', '/wps/member/transaction-password', { body, encrypt: true });
export const addBankAccount = (body: BankAccountRequest) =>
  apiRequest<BankAccount>('POST', '/wps/withdraw/bank-accounts', { body });
export const removeBankAccount = (id: string) =>
  apiRequest<null>('DELETE', `/wps/withdraw/bank-accounts/${encodeURIComponent(id)}`);
export const requestWithdrawal = (body: WithdrawalRequest) =>
  apiRequest<WithdrawalRequestResult>('POST', '/wps/withdraw/requests', { body, encrypt: true });
export const cancelWithdrawal = (id: string) =>
  apiRequest<Withdrawal>('POST', `/wps/withdraw/requests/${encodeURIComponent(id)}/cancel`);

export interface ReceiptInput {
  id: string;
  result: ReceiptResult;
  receivedAmount?: string;
  proof?: File;
}

/** JSON, or multipart when a proof image goes with it ("not received"). */
export function confirmReceipt({ id, result, receivedAmount, proof }: ReceiptInput) {
  const url = `/wps/withdraw/requests/${encodeURIComponent(id)}/receipt`;
  if (!proof)
    return apiRequest<Withdrawal>('POST', url, { body: { result, ...(receivedAmount && { receivedAmount }) } });
  const form = new FormData();
  form.append('result', result);
  if (receivedAmount) form.append('receivedAmount', receivedAmount);
  form.append('proof', proof);
  return apiRequest<Withdrawal>('POST', url, { form });
}

export const useWithdrawSettings = () => useMemberQuery([...WITHDRAW_KEY, 'settings'], [], fetchWithdrawSettings);
export const useBankAccounts = () => useMemberQuery([...WITHDRAW_KEY, 'banks'], [], fetchBankAccounts);
export const useWithdrawals = (pageNo: number) =>
  useMemberQuery([...WITHDRAW_KEY, 'list'], [pageNo], () => fetchWithdrawals(pageNo), { paged: true });

/** A withdraw mutation: afterwards the withdraw queries (and, when money moved, the wallet ones) are refetched. */
function useWithdrawMutation<B, R>(fn: (body: B) => Promise<R>, opts: { moneyMoves: boolean }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: WITHDRAW_KEY }),
        opts.moneyMoves && qc.invalidateQueries({ queryKey: WALLET_PREFIX }),
      ]);
    },
  });
}

export const useSetTransactionPassword = () => useWithdrawMutation(setTransactionPassword, { moneyMoves: false });
export const useAddBankAccount = () => useWithdrawMutation(addBankAccount, { moneyMoves: false });
export const useRemoveBankAccount = () => useWithdrawMutation(removeBankAccount, { moneyMoves: false });
export const useRequestWithdrawal = () => useWithdrawMutation(requestWithdrawal, { moneyMoves: true });
export const useCancelWithdrawal = () => useWithdrawMutation(cancelWithdrawal, { moneyMoves: true });
export const useConfirmReceipt = () => useWithdrawMutation(confirmReceipt, { moneyMoves: false });
