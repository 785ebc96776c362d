import { z } from 'zod';
import { minorInput, minorString } from './money.ts';

/**
 * Bonus money (issue 23): promotions that pay a bonus into the member's bonus account (first deposit, reload,
 * sign-up), wagered before it converts to main money. Amounts are minor units as strings.
 */

export const BONUS_OFFER_KINDS = ['first_deposit', 'reload', 'signup'] as const;
export const bonusOfferKind = z.enum(BONUS_OFFER_KINDS);
export type BonusOfferKind = z.infer<typeof bonusOfferKind>;
/** A claim's kind: an offer's, or `reward` (a reward of the reward centre, a cashback or an activity paid as bonus). */
export const BONUS_CLAIM_KINDS = [...BONUS_OFFER_KINDS, 'reward'] as const;
export const bonusClaimKind = z.enum(BONUS_CLAIM_KINDS);
export type BonusClaimKind = z.infer<typeof bonusClaimKind>;

/** How a reward programme pays: cash to the main balance, or bonus money with wagering terms. */
export const REWARD_PAY_AS = ['cash', 'bonus'] as const;
export const rewardPayAs = z.enum(REWARD_PAY_AS);
export type RewardPayAs = z.infer<typeof rewardPayAs>;

/**
 * The terms of a reward paid as bonus money (cashback programmes, activity promotions, the reward centre): wagering
 * requirement = multiplier × the amount, the most that converts to main (null: all), the largest stake while
 * wagering (null: none), the days to wager it once active.
 */
export const rewardBonusTermsWrite = z.object({
  multiplier: z.number().int().min(0).max(200),
  maxConversion: minorInput.nullable(),
  maxStake: minorInput.refine((v) => !/^\d{1,19}$/.test(v) || BigInt(v) > 0n, 'Above 0.').nullable(),
  expiryDays: z.number().int().min(1).max(365),
});
export type RewardBonusTermsWrite = z.infer<typeof rewardBonusTermsWrite>;
export const rewardBonusTerms = rewardBonusTermsWrite.extend({
  maxConversion: minorString.nullable(),
  maxStake: minorString.nullable(),
});
export type RewardBonusTerms = z.infer<typeof rewardBonusTerms>;

/** The pay-as choice of a programme's editor: bonus needs its terms, cash has none. */
export const rewardPayment = {
  payAs: rewardPayAs.default('cash'),
  bonusTerms: rewardBonusTermsWrite.nullable().default(null),
};
export const payAsHasTerms = (b: { payAs: RewardPayAs; bonusTerms: RewardBonusTermsWrite | null }) =>
  b.payAs === 'cash' || b.bonusTerms !== null;
export const payAsTermsIssue = { path: ['bonusTerms'], message: 'Set the bonus terms.' };
/** How a programme pays, as its editor's list and detail show it. */
export const rewardPaymentView = { payAs: rewardPayAs, bonusTerms: rewardBonusTerms.nullable() };

export const BONUS_CLAIM_STATUSES = [
  'joined',
  'flagged',
  'queued',
  'active',
  'converted',
  'expired',
  'forfeited',
  'rejected',
  'lapsed',
] as const;
export const bonusClaimStatus = z.enum(BONUS_CLAIM_STATUSES);
export type BonusClaimStatus = z.infer<typeof bonusClaimStatus>;

/** Contribution of a category's (or a game code's) valid bets to wagering, in percent (0–100). */
const contributions = z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/), z.number().int().min(0).max(100));

/** The bonus terms of a promotion (its "claim" settings), as the operator edits them. */
export const bonusOfferWrite = z.object({
  kind: bonusOfferKind,
  enabled: z.boolean(),
  /** Deposit bonuses: percent of the deposit in basis points (10000 = 100 %). */
  percentBp: z.number().int().min(0).max(100_000),
  /** Sign-up bonus amount. */
  fixedAmount: minorInput,
  maxBonus: minorInput.nullable(),
  minDeposit: minorInput,
  multiplier: z.number().int().min(0).max(200),
  wagerBase: z.enum(['bonus', 'bonus_deposit']),
  maxConversion: minorInput.nullable(),
  maxStake: minorInput.nullable(),
  expiryDays: z.number().int().min(1).max(365),
  newMembersOnly: z.boolean(),
  contributions,
});
export type BonusOfferWrite = z.infer<typeof bonusOfferWrite>;

export const bonusOffer = bonusOfferWrite.extend({
  promotionId: z.string(),
  fixedAmount: minorString,
  maxBonus: minorString.nullable(),
  minDeposit: minorString,
  maxConversion: minorString.nullable(),
  maxStake: minorString.nullable(),
});
export type BonusOffer = z.infer<typeof bonusOffer>;

/** GET /admin/api/promotions/:id/bonus (null: the promotion pays no bonus). */
export const adminBonusOffer = z.object({
  offer: bonusOffer.nullable(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type AdminBonusOffer = z.infer<typeof adminBonusOffer>;

/** What a player sees of a promotion's bonus (GET /wps/bonus/offers/:id) and whether they joined it. */
export const playerBonusOffer = z.object({
  offer: bonusOffer.omit({ enabled: true }).nullable(),
  /** The member's claim of it (null: not joined, or a visitor). */
  claimStatus: bonusClaimStatus.nullable(),
});
export type PlayerBonusOffer = z.infer<typeof playerBonusOffer>;

export const bonusClaim = z.object({
  id: z.string(),
  /** null: a reward paid as bonus (its reference is `rewardRef`). */
  promotionId: z.string().nullable(),
  rewardRef: z.string().nullable(),
  title: z.string(),
  kind: bonusClaimKind,
  status: bonusClaimStatus,
  amount: minorString,
  depositAmount: minorString,
  requirement: minorString,
  wagered: minorString,
  maxConversion: minorString.nullable(),
  maxStake: minorString.nullable(),
  converted: minorString,
  forfeited: minorString,
  /** ISO times. */
  joinedAt: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type BonusClaim = z.infer<typeof bonusClaim>;

/** GET /wps/bonus: the bonus account, the active bonus, the queue and the history. */
export const bonusSummary = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  mainBalance: minorString,
  bonusBalance: minorString,
  active: bonusClaim.nullable(),
  /** Paid when the active one ends, oldest first. */
  queued: z.array(bonusClaim),
  /** Joined, waiting for the qualifying deposit (or for staff). */
  waiting: z.array(bonusClaim),
  history: z.array(bonusClaim),
});
export type BonusSummary = z.infer<typeof bonusSummary>;

export const bonusJoinRequest = z.object({ promotionId: z.string().regex(/^\d{1,18}$/) });
export type BonusJoinRequest = z.infer<typeof bonusJoinRequest>;

/** POST /wps/bonus/forfeit: `claimId` must be the active bonus (a confirmation the page asked for). */
export const bonusForfeitRequest = z.object({ claimId: z.string().regex(/^\d{1,18}$/) });

export const adminBonusClaim = bonusClaim.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  ip: z.string(),
  device: z.string(),
  flagReason: z.string().nullable(),
  /** A flagged claim: what it shares (IP or device) with the claim of which other member (by account). */
  flagMatch: z.enum(['ip', 'device']).nullable(),
  flagAccount: z.string().nullable(),
  /** The staff's decision on a flagged claim: who (username), when, why. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
export type AdminBonusClaim = z.infer<typeof adminBonusClaim>;

/** GET /admin/api/bonus/claims: flagged claims first, then newest first; a page with the merchant's currency. */
export const adminBonusClaimPage = z.object({
  list: z.array(adminBonusClaim),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type AdminBonusClaimPage = z.infer<typeof adminBonusClaimPage>;
export const adminBonusClaimQuery = z.object({
  status: bonusClaimStatus.optional(),
  /** One member's claims (their account). */
  account: z.string().trim().min(1).max(64).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminBonusClaimQuery = z.infer<typeof adminBonusClaimQuery>;
/** A decision on a flagged claim; a rejection says why (kept with the claim and in the audit log). */
export const adminBonusReview = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).default(''),
  })
  .refine((r) => r.decision === 'approve' || r.reason.length > 0, {
    path: ['reason'],
    message: 'Say why the claim is rejected.',
  });
export type AdminBonusReview = z.infer<typeof adminBonusReview>;
