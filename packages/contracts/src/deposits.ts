import { z } from 'zod';
import { DEPOSIT_SORTS, sortParam } from './list-sort.ts';
import { amountString, minorString } from './money.ts';

/** Deposits (member centre depositv2): payment methods, gateway orders, manual bank transfers, history. */

export const depositMethodKind = z.enum(['gateway', 'bank_transfer']);
export type DepositMethodKind = z.infer<typeof depositMethodKind>;

export const depositStatus = z.enum(['pending', 'success', 'failed', 'rejected']);
export type DepositStatus = z.infer<typeof depositStatus>;

/** The receiving account a member transfers to (bank_transfer methods only). */
export const receivingBank = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});

export const depositMethod = z.object({
  code: z.string(),
  name: z.string(),
  kind: depositMethodKind,
  /** Minor units. */
  minAmount: minorString,
  maxAmount: minorString,
  bank: receivingBank.nullable(),
});
export type DepositMethod = z.infer<typeof depositMethod>;

export const depositMethodList = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  methods: z.array(depositMethod),
});
export type DepositMethodList = z.infer<typeof depositMethodList>;

/** A client-generated idempotency key (crypto.randomUUID() or similar). */
export const depositRequestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A request id of 8–64 letters, digits, - or _');

export const depositOrderRequest = z.object({
  methodCode: z.string().trim().min(1).max(32),
  amount: amountString,
  requestId: depositRequestId,
});
export type DepositOrderRequest = z.infer<typeof depositOrderRequest>;

export const depositOrderResult = z.object({
  /** The deposit's id in the API = its public reference (DEP-…). */
  depositId: z.string(),
  status: depositStatus,
  /** Where the browser goes to pay (the gateway's hosted page). */
  payUrl: z.string(),
});
export type DepositOrderResult = z.infer<typeof depositOrderResult>;

/** Multipart fields of POST /wps/deposit/manual (plus the file part `receipt`). */
export const manualDepositFields = z.object({
  methodCode: z.string().trim().min(1).max(32),
  amount: amountString,
  requestId: depositRequestId,
});

export const depositItem = z.object({
  /** How paths name this deposit (/…/:id/…): its public reference, the same as `reference` (never a sequential id). */
  id: z.string(),
  /** The public reference the member quotes (DEP-7K3Q9M2X): random, unlike the id. */
  reference: z.string(),
  methodCode: z.string(),
  methodName: z.string(),
  kind: depositMethodKind,
  /** Minor units. */
  amount: minorString,
  status: depositStatus,
  /** Why a deposit was rejected or failed (operator text), else null. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DepositItem = z.infer<typeof depositItem>;

export const depositPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const depositList = z.object({
  list: z.array(depositItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type DepositList = z.infer<typeof depositList>;

/** Operator view of a deposit (admin API). */
export const adminDepositItem = depositItem.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  gatewayRef: z.string().nullable(),
  hasReceipt: z.boolean(),
  reviewedBy: z.string().nullable(),
  /** The reviewing staff member's username (staff are shown by username, never by internal id). */
  reviewedByUsername: z.string().nullable(),
});
export type AdminDepositItem = z.infer<typeof adminDepositItem>;

export const adminDepositQuery = depositPageQuery.extend({
  status: depositStatus.optional(),
  sort: sortParam(DEPOSIT_SORTS),
});

export const adminDepositList = depositList.extend({ list: z.array(adminDepositItem) });

export const depositReceipt = z.object({
  contentType: z.enum(['image/png', 'image/jpeg']),
  /** data:image/…;base64,… */
  image: z.string(),
});

export const depositRejectRequest = z.object({ reason: z.string().trim().min(1).max(500) });
