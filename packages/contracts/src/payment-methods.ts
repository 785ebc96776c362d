import { z } from 'zod';
import { depositMethodKind } from './deposits.ts';
import { amountString, minorString } from './money.ts';

/**
 * Back office: the merchant's deposit methods and their limits (withdrawal limits are /admin/api/withdrawal-settings).
 * Amounts out are minor units; amounts in are major-unit text parsed with the merchant's exponent.
 */
export const adminDepositMethod = z.object({
  code: z.string(),
  name: z.string(),
  kind: depositMethodKind,
  /** The gateway adapter of a 'gateway' method ('sandbox': the built-in test gateway, never in production). */
  gateway: z.string().nullable(),
  minAmount: minorString,
  maxAmount: minorString,
  /** The receiving account members transfer to (bank_transfer only). */
  bank: z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminDepositMethod = z.infer<typeof adminDepositMethod>;

export const adminDepositMethodList = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  items: z.array(adminDepositMethod),
});
export type AdminDepositMethodList = z.infer<typeof adminDepositMethodList>;

export const depositMethodCodeParams = z.object({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) });

const text = (max: number) => z.string().trim().min(1).max(max);

/** A method's editable settings, whole (PUT): its kind and gateway stay as they are. */
export const adminDepositMethodUpdate = z.object({
  name: text(100),
  minAmount: amountString,
  maxAmount: amountString,
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  enabled: z.boolean(),
  /** Required for bank transfers, refused (null) for gateways. */
  bank: z.object({ bankName: text(100), accountNumber: text(64), accountName: text(100) }).nullable(),
});
export type AdminDepositMethodUpdate = z.infer<typeof adminDepositMethodUpdate>;
