import { z } from 'zod';
import { rebateCategory } from './contracts.ts';
import { minorString } from './money.ts';

/**
 * Manual rebate (member centre › manualRebate): the category rebate on today's valid bets (settled rounds, by game
 * category × the merchant's rate) can be claimed at once instead of waiting for the daily payment; the daily job
 * then pays only the rest of the day. Days are the merchant's local calendar days.
 */
export const manualRebateRow = z.object({
  category: rebateCategory,
  /** Valid bets settled today in this category. */
  validBet: minorString,
  /** Basis points (100 = 1 %). */
  rateBp: z.number().int(),
  /** Rebate on today's valid bets so far. */
  accrued: minorString,
  /** Already claimed today. */
  claimed: minorString,
  /** accrued − claimed (never negative). */
  claimable: minorString,
});
export type ManualRebateRow = z.infer<typeof manualRebateRow>;

/** GET /wps/rebate/manual */
export const manualRebate = z.object({
  day: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  rows: z.array(manualRebateRow),
  totalClaimable: minorString,
});
export type ManualRebate = z.infer<typeof manualRebate>;

/** POST /wps/rebate/manual/claim: what was paid now (0 when nothing was claimable) and the view after. */
export const manualRebateClaimResult = z.object({
  paid: minorString,
  rebate: manualRebate,
});
export type ManualRebateClaimResult = z.infer<typeof manualRebateClaimResult>;

export const rebateRecordsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /wps/rebate/records: rebates paid to the member, newest first (claims and daily payments). */
export const rebateRecords = z.object({
  list: z.array(
    z.object({
      day: z.string(),
      category: rebateCategory,
      kind: z.enum(['claim', 'daily']),
      validBet: minorString,
      rateBp: z.number().int(),
      amount: minorString,
      paidAt: z.string(),
    }),
  ),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type RebateRecords = z.infer<typeof rebateRecords>;
