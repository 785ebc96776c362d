import { z } from 'zod';
import { minorString } from './money.ts';

/** Member transaction history and personal profit (member centre: transactionHistory, personalProfit). */

/** Kinds a history row can have (derived from the ledger transfer code). */
export const HISTORY_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'adjustment',
  'bet',
  'win',
  'bonus',
  'other',
] as const;
export const historyType = z.enum(HISTORY_TYPES);
export type HistoryType = z.infer<typeof historyType>;

/** A calendar date in the merchant's time zone. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Not a date',
  );

export const transactionHistoryQuery = z.object({
  type: z.enum(['all', ...HISTORY_TYPES]).default('all'),
  /** Inclusive, in the merchant time zone. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionHistoryQuery = z.input<typeof transactionHistoryQuery>;

export const transactionRow = z.object({
  /** Stable row id (an entry of one wallet, or a pending hold). */
  id: z.string(),
  /** ISO timestamp (UTC). */
  time: z.string(),
  type: historyType,
  /** The ledger code behind the type (deposit, withdrawal_refund, transfer_upline, ...). */
  code: z.string(),
  /** 'MAIN' or a vendor code (a transfer wallet's sub-wallet). */
  wallet: z.string(),
  /** Signed minor units: + money in, − money out. */
  amount: minorString,
  /** Wallet balance after this entry; null for pending rows (a hold does not change the balance). */
  balanceAfter: minorString.nullable(),
  status: z.enum(['completed', 'pending', 'cancelled']),
  /** A number the member can quote (deposit/withdrawal/adjustment id, counterpart account, wallets moved between). */
  reference: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

export const transactionHistory = z.object({
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
  timezone: z.string(),
  items: z.array(transactionRow),
});
export type TransactionHistory = z.infer<typeof transactionHistory>;

export const profitQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export type ProfitQuery = z.infer<typeof profitQuery>;

export const profitFigures = z.object({
  deposits: minorString,
  /** Withdrawals paid out, net of refunds. */
  withdrawals: minorString,
  bets: minorString,
  wins: minorString,
  bonuses: minorString,
  /** wins − bets + bonuses */
  profit: minorString,
});
export type ProfitFigures = z.infer<typeof profitFigures>;

export const personalProfit = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  timezone: z.string(),
  total: profitFigures,
  /** Days with activity only, newest first. */
  days: z.array(profitFigures.extend({ date: z.string() })),
});
export type PersonalProfit = z.infer<typeof personalProfit>;
