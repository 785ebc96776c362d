import type { AdminWithdrawal, BankAccount, Withdrawal } from '@sea/contracts';
import type { BankAccountRow, WithdrawalRow } from './withdrawals.repository.ts';

/** "•••• 6789": member-facing answers never carry a full account number. */
export const maskAccountNumber = (n: string) => `•••• ${n.slice(-4)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const str = (v: bigint | null) => (v === null ? null : v.toString());

export function presentBankAccount(r: BankAccountRow): BankAccount {
  return {
    id: r.id.toString(),
    bankName: r.bank_name,
    accountNumberMasked: maskAccountNumber(r.account_number),
    accountName: r.account_name,
    createdAt: r.created_at.toISOString(),
  };
}

type Base = Omit<Withdrawal, 'canCancel' | 'canConfirmReceipt'>;

function base(r: WithdrawalRow, exponent: number): Base {
  return {
    // The public reference is the API's id: the row's sequential id never leaves the server.
    id: r.reference,
    reference: r.reference,
    requestId: r.request_id,
    status: r.status,
    amount: r.amount.toString(),
    currency: r.currency,
    exponent,
    bankName: r.bank_name,
    accountNumberMasked: maskAccountNumber(r.account_number),
    accountName: r.account_name,
    rejectReason: r.reject_reason,
    receiptResult: r.receipt_result,
    receivedAmount: str(r.received_amount),
    refundAmount: str(r.refund_amount),
    receiptDueAt: iso(r.receipt_due_at),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export function presentWithdrawal(
  r: WithdrawalRow,
  ctx: { exponent: number; cancelAllowed: boolean; now: Date },
): Withdrawal {
  return {
    ...base(r, ctx.exponent),
    canCancel: ctx.cancelAllowed && r.status === 'requested',
    canConfirmReceipt: r.status === 'disbursed' && r.receipt_due_at !== null && r.receipt_due_at > ctx.now,
  };
}

export function presentAdminWithdrawal(
  r: WithdrawalRow & { has_proof: boolean; has_payout_proof: boolean },
  exponent: number,
  memberAccount: string,
): AdminWithdrawal {
  return {
    ...base(r, exponent),
    memberId: r.member_id.toString(),
    memberAccount,
    accountNumber: r.account_number,
    hasProof: r.has_proof,
    hasPayoutProof: r.has_payout_proof,
    awaitingSecondApproval: r.status === 'requested' && r.first_approved_by !== null,
  };
}
