import { z } from 'zod';
import { sortParam, WITHDRAWAL_SORTS } from './list-sort.ts';
import { amountString, minorString } from './money.ts';

/**
 * Withdrawals (member centre `withdraw` and the withdrawal-receipt confirmation): bank accounts of the member,
 * the transaction password, requests (funds held), operator approval → disbursement → the member's receipt.
 */

export const withdrawalStatus = z.enum([
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'disbursed',
  'confirmed',
  'auto_confirmed',
  'disputed',
  'resolved',
]);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const receiptResult = z.enum(['received', 'not_received', 'partial']);
export type ReceiptResult = z.infer<typeof receiptResult>;

/** Transaction password: exactly 6 digits. */
export const transactionPassword = z.string().regex(/^\d{6}$/, 'Six digits');

export const MAX_BANK_ACCOUNTS = 5;

export const bankAccountRequest = z.object({
  bankName: z.string().trim().min(1, 'Required').max(64),
  accountNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,20}$/, '6 to 20 digits')),
  accountName: z.string().trim().min(1, 'Required').max(64),
});
export type BankAccountRequest = z.input<typeof bankAccountRequest>;

export const bankAccount = z.object({
  id: z.string(),
  bankName: z.string(),
  /** The last 4 digits only, e.g. "•••• 6789". */
  accountNumberMasked: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const withdrawSettings = z.object({
  transactionPasswordSet: z.boolean(),
  currency: z.string(),
  exponent: z.number().int(),
  /** Minor units. */
  minAmount: minorString,
  maxAmount: minorString,
  /** What the member can withdraw now (main wallet balance minus holds), minor units. */
  available: minorString,
  /** Minutes after disbursement before an unconfirmed withdrawal counts as received. */
  confirmWindowMinutes: z.number().int(),
  cancelAllowed: z.boolean(),
  maxBankAccounts: z.number().int(),
});
export type WithdrawSettings = z.infer<typeof withdrawSettings>;

export const transactionPasswordRequest = z.object({
  loginPassword: z.string().min(1).max(128),
  newPassword: transactionPassword,
  confirm: z.string().max(32),
});
export type TransactionPasswordRequest = z.infer<typeof transactionPasswordRequest>;

/** A client-generated idempotency key (crypto.randomUUID() or similar). */
export const withdrawalRequestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A request id of 8–64 letters, digits, - or _');

export const withdrawalRequest = z.object({
  bankAccountId: z.string().regex(/^\d{1,18}$/),
  amount: amountString,
  transactionPassword: z.string().min(1).max(32),
  requestId: withdrawalRequestId,
  /** The member confirmed forfeiting an active bonus (without it, a bonus answers bonus_active). */
  forfeitBonus: z.boolean().optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;

export const withdrawal = z.object({
  /** How paths name this withdrawal (/…/:id/…): its public reference, the same as `reference` (never a sequential id). */
  id: z.string(),
  /** The public reference the member quotes (WDR-7K3Q9M2X): random, unlike the id. */
  reference: z.string(),
  requestId: z.string(),
  status: withdrawalStatus,
  /** Minor units. */
  amount: minorString,
  currency: z.string(),
  exponent: z.number().int(),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  accountName: z.string(),
  rejectReason: z.string().nullable(),
  receiptResult: receiptResult.nullable(),
  receivedAmount: minorString.nullable(),
  refundAmount: minorString.nullable(),
  /** Disbursed withdrawals: the member confirms before this time, else it counts as received. */
  receiptDueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canCancel: z.boolean(),
  canConfirmReceipt: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalRequestResult = withdrawal.extend({
  /** true when this answer replays an earlier request with the same requestId. */
  replay: z.boolean(),
});
export type WithdrawalRequestResult = z.infer<typeof withdrawalRequestResult>;

export const withdrawalPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const withdrawalPage = z.object({
  items: z.array(withdrawal),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

/**
 * Receipt confirmation (JSON, or multipart with the same fields plus the file part `proof`):
 * received → confirmed; not_received (proof image required) or partial (receivedAmount) → disputed.
 */
export const receiptRequest = z.object({
  result: receiptResult,
  receivedAmount: amountString.optional(),
});
export type ReceiptRequest = z.infer<typeof receiptRequest>;

// ---- operator (admin API) ----

export const adminWithdrawalQuery = z.object({
  status: withdrawalStatus.optional(),
  sort: sortParam(WITHDRAWAL_SORTS),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminWithdrawal = withdrawal.omit({ canCancel: true, canConfirmReceipt: true }).extend({
  memberId: z.string(),
  memberAccount: z.string(),
  /** The full account number (the operator pays to it). */
  accountNumber: z.string(),
  hasProof: z.boolean(),
  /** The operator attached the payment's proof (bank slip) when disbursing. */
  hasPayoutProof: z.boolean(),
  /** Above the merchant's threshold: approved once, waiting for a different staff member's approval. */
  awaitingSecondApproval: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const adminWithdrawalPage = z.object({
  items: z.array(adminWithdrawal),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

export const adminRejectRequest = z.object({
  reason: z.string().trim().min(1).max(500),
  /**
   * The status the operator saw. Rejecting an approved withdrawal (e.g. the payout failed) must say so, so a
   * reject racing an approval loses instead of undoing it.
   */
  from: z.enum(['requested', 'approved']).default('requested'),
});
/** Refund after a dispute, major units; "0" closes the dispute without a refund. */
export const adminResolveDisputeRequest = z.object({
  refund: amountString,
  note: z.string().trim().max(500).optional(),
});

export const adminWithdrawalSettingsRequest = z.object({
  minAmount: amountString,
  maxAmount: amountString,
  confirmWindowMinutes: z.number().int().min(1).max(43_200),
  cancelAllowed: z.boolean(),
});
export const adminWithdrawalSettings = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  minAmount: minorString,
  maxAmount: minorString,
  confirmWindowMinutes: z.number().int(),
  cancelAllowed: z.boolean(),
});
