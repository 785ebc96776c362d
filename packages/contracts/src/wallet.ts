import { z } from 'zod';
import { amountString, minorString } from './money.ts';

/**
 * Wallets (spec §2 header balance, §7 balance / consolidated funds / GCS_merchantWallet / GCS_walletTransfer,
 * member-centre transferFund and transferUpline). Amounts out are minor units as strings; amounts in are
 * major-unit decimal strings.
 */

/** A vendor (game provider) code as used in sub-wallet account codes. */
export const vendorCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{2,20}$/, 'Unknown wallet');

/** The main wallet in a transfer: 'MAIN'. Any other value is a vendor code. */
export const MAIN_WALLET = 'MAIN';

export const mainWallet = z.object({
  /** Posted balance. */
  balance: minorString,
  /** What can be spent now: balance minus held (pending withdrawal) amounts. */
  available: minorString,
});

export const subWallet = z.object({ vendorCode: z.string(), vendorName: z.string(), balance: minorString });
export type SubWallet = z.infer<typeof subWallet>;

/** GET /wps/v2/wallets/balance */
export const walletBalance = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  main: mainWallet,
  /** Bonus money (minor units): played after main in seamless games, not withdrawable until converted. */
  bonus: z.string().optional(),
  /** One entry per transfer-wallet vendor (seamless vendors play from the main wallet). */
  vendors: z.array(subWallet),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/** GET /wps/member/info/funds/consolidated */
export const consolidatedFunds = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  /** Main wallet balance + every sub-wallet balance. */
  total: minorString,
  main: minorString,
  /** Σ sub-wallet balances. */
  subWallets: minorString,
  /** Held for pending withdrawals (counted in main, not spendable). */
  held: minorString,
  /** What can be spent from the main wallet now. */
  available: minorString,
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFunds>;

/** GET /wps/relay/GCS_merchantWallet */
export const merchantWalletQuery = z.object({ merchantCode: z.string().trim().max(64).optional() });
export const merchantWallet = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  /** true when the merchant has no transfer-wallet vendor: everything plays from the main wallet. */
  singleWallet: z.boolean(),
  transferVendors: z.array(z.object({ vendorCode: z.string(), vendorName: z.string() })),
});
export type MerchantWallet = z.infer<typeof merchantWallet>;

/** A client-generated idempotency key (crypto.randomUUID() on the web). */
export const requestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId: 8-64 letters, digits, - or _');

/** POST /wps/relay/GCS_walletTransfer: main ↔ a transfer-wallet vendor's sub-wallet. */
export const walletTransferRequest = z.object({
  from: z.string().trim().min(1).max(20),
  to: z.string().trim().min(1).max(20),
  amount: amountString,
  requestId,
});
export type WalletTransferRequest = z.infer<typeof walletTransferRequest>;

export const walletTransferResult = z.object({
  requestId: z.string(),
  from: z.string(),
  to: z.string(),
  amount: minorString,
  currency: z.string(),
  exponent: z.number().int(),
  /** true when this answer repeats an earlier identical request (nothing moved this time). */
  replay: z.boolean(),
  /** Balances after the transfer. */
  mainBalance: minorString,
  vendorCode: z.string(),
  vendorBalance: minorString,
});
export type WalletTransferResult = z.infer<typeof walletTransferResult>;

/** GET /wps/member/upline: who the member's upline is (for the transferUpline page). */
export const uplineInfo = z.object({ uplineAccount: z.string().nullable() });
export type UplineInfo = z.infer<typeof uplineInfo>;

/** POST /wps/member/transfer/upline */
export const uplineTransferRequest = z.object({
  amount: amountString,
  requestId,
  /** Accepted for compatibility; the spec does not require it for transfers. */
  transactionPassword: z.string().max(128).optional(),
});
export type UplineTransferRequest = z.infer<typeof uplineTransferRequest>;

/** POST /wps/agent/transfer/downline */
export const downlineTransferRequest = z.object({
  downlineAccount: z.string().trim().min(2).max(64),
  amount: amountString,
  requestId,
});
export type DownlineTransferRequest = z.infer<typeof downlineTransferRequest>;

export const hierarchyTransferResult = z.object({
  requestId: z.string(),
  /** The counterparty's account name. */
  toAccount: z.string(),
  amount: minorString,
  currency: z.string(),
  exponent: z.number().int(),
  replay: z.boolean(),
  /** The sender's main balance after the transfer. */
  balance: minorString,
});
export type HierarchyTransferResult = z.infer<typeof hierarchyTransferResult>;

/** GET /wps/agent/downlines: the agent's own tree, for the downline picker. */
export const downlineQuery = z.object({
  search: z.string().trim().max(64).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const downlineItem = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  /** 1 = direct downline, 2 = a downline's downline, ... */
  level: z.number().int(),
  isAgent: z.boolean(),
});
export type DownlineItem = z.infer<typeof downlineItem>;
export const downlineList = z.object({
  list: z.array(downlineItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type DownlineList = z.infer<typeof downlineList>;
