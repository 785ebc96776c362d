import { z } from 'zod';
import { payAsHasTerms, payAsTermsIssue, rewardBonusTerms, rewardPayAs, rewardPayment } from './bonus.ts';
import { minorInput, minorString } from './money.ts';

/**
 * Cashback on net loss (issue 23): an operator's programme returns a percentage of a member's net loss (stake −
 * payout of settled bets in the counted categories) per local day or ISO week, at or above a minimum, up to a cap;
 * the period's end puts a claimable reward in the reward centre. Money is minor units as strings.
 */
export const CASHBACK_PERIODS = ['daily', 'weekly'] as const;
export const cashbackPeriod = z.enum(CASHBACK_PERIODS);
export type CashbackPeriod = z.infer<typeof cashbackPeriod>;
const money = { currency: z.string(), exponent: z.number().int() };
const category = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{1,32}$/, 'A category code: letters, digits, _ (at most 32).');

export const cashbackProgrammeRequest = z
  .object({
    title: z.string().trim().min(1).max(80),
    period: cashbackPeriod,
    /** Basis points of the net loss: 500 = 5 %. */
    percentBp: z.number().int().min(1, 'Above 0.').max(10_000, 'At most 100 %.'),
    minNetLoss: minorInput.default('0'),
    cap: minorInput.refine((v) => !/^\d{1,19}$/.test(v) || BigInt(v) > 0n, 'Above 0.'),
    /** Game category codes counted (empty: every category). */
    categories: z.array(category).max(30).default([]),
    active: z.boolean().default(true),
    /** Paid as cash, or as bonus money with these wagering terms. */
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue)
  .refine((b) => new Set(b.categories).size === b.categories.length, {
    path: ['categories'],
    message: 'A category is listed twice.',
  });
export type CashbackProgrammeRequest = z.infer<typeof cashbackProgrammeRequest>;

export const adminCashbackProgramme = z.object({
  id: z.string(),
  title: z.string(),
  period: cashbackPeriod,
  percentBp: z.number().int(),
  minNetLoss: minorString,
  cap: minorString,
  categories: z.array(z.string()),
  active: z.boolean(),
  payAs: rewardPayAs,
  bonusTerms: rewardBonusTerms.nullable(),
  createdAt: z.string(),
});
export type AdminCashbackProgramme = z.infer<typeof adminCashbackProgramme>;
export const adminCashbackProgrammeList = z.object({ list: z.array(adminCashbackProgramme), ...money });
export type AdminCashbackProgrammeList = z.infer<typeof adminCashbackProgrammeList>;

/** One closed period of one programme: how many members were granted and the total. */
export const cashbackRun = z.object({
  id: z.string(),
  programmeId: z.string(),
  title: z.string(),
  periodKey: z.string(),
  members: z.number().int(),
  total: minorString,
  ranAt: z.string(),
});
export type CashbackRun = z.infer<typeof cashbackRun>;
export const cashbackRunPage = z.object({
  list: z.array(cashbackRun),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  ...money,
});
export type CashbackRunPage = z.infer<typeof cashbackRunPage>;
export const cashbackRunQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
/** POST /admin/api/cashback/runs: close every ended period now (what the job does). */
export const cashbackCloseResult = z.object({
  runs: z.number().int(),
  granted: z.number().int(),
  /** Extra rewards for late bets of periods closed before. */
  adjusted: z.number().int(),
});

/** The member's running period of one programme. */
export const cashbackStanding = z.object({
  id: z.string(),
  title: z.string(),
  period: cashbackPeriod,
  percentBp: z.number().int(),
  minNetLoss: minorString,
  cap: minorString,
  categories: z.array(z.string()),
  payAs: rewardPayAs,
  bonusTerms: rewardBonusTerms.nullable(),
  periodKey: z.string(),
  periodEndsAt: z.string(),
  /** Stake − payout so far in the counted categories (negative: the member is ahead). */
  netLoss: minorString,
  /** What the period pays if it ended now (0 below the minimum). */
  expected: minorString,
});
export type CashbackStanding = z.infer<typeof cashbackStanding>;
export const cashbackView = z.object({ list: z.array(cashbackStanding), ...money });
export type CashbackView = z.infer<typeof cashbackView>;
