import { z } from 'zod';
import { payAsHasTerms, payAsTermsIssue, rewardPayment, rewardPaymentView } from './bonus.ts';
import { minorInput, minorString } from './money.ts';

/**
 * Member referral (issue 23; spec §2 member-centre page `referral`, flag REFERRALPROMO3): each member's code and link
 * (`/?referralCode=CODE` opens registration pre-filled), the referee's qualifying first deposit and turnover, a reward
 * in the referrer's reward centre, and the staff's queue of suspected self-referrals. Distinct from the agents'
 * affiliate links. Money is minor units as strings.
 */
export const REFERRAL_STATUSES = ['registered', 'qualified', 'rewarded', 'flagged', 'rejected'] as const;
export const referralStatus = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof referralStatus>;

/** Why a referral was held for staff instead of paid. */
export const REFERRAL_FLAGS = ['same_member', 'same_device', 'same_ip', 'same_bank_account'] as const;
export const referralFlag = z.enum(REFERRAL_FLAGS);
export type ReferralFlag = z.infer<typeof referralFlag>;

/** The merchant's programme. */
export const referralSettings = z.object({
  enabled: z.boolean(),
  /** The referee's first deposit must be at least this. */
  minFirstDeposit: minorString,
  /** The referee's valid bets within `withinDays` of registering must reach this. */
  turnover: minorString,
  withinDays: z.number().int(),
  referrerReward: minorString,
  /** 0: the referee gets nothing. */
  refereeReward: minorString,
  /** Rewarded referrals per referrer per calendar month (merchant's time zone). */
  monthlyCap: z.number().int(),
  /** Both rewards paid as cash, or as bonus money with these wagering terms. */
  ...rewardPaymentView,
});
export type ReferralSettings = z.infer<typeof referralSettings>;

const positive = (v: string) => BigInt(v) > 0n;
export const referralSettingsRequest = z
  .object({
    enabled: z.boolean(),
    minFirstDeposit: minorInput,
    turnover: minorInput,
    withinDays: z.number().int().min(1).max(365),
    referrerReward: minorInput.refine(positive, 'Above 0.'),
    refereeReward: minorInput,
    monthlyCap: z.number().int().min(1).max(1000),
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue);
export type ReferralSettingsRequest = z.infer<typeof referralSettingsRequest>;
/** GET / PUT /admin/api/referral/settings, with the merchant's currency for major-unit screens. */
export const adminReferralSettings = referralSettings.extend({ currency: z.string(), exponent: z.number().int() });
export type AdminReferralSettings = z.infer<typeof adminReferralSettings>;

/** A friend on the referrer's page: the username masked. */
export const referralFriend = z.object({
  username: z.string(),
  joinedAt: z.string(),
  status: referralStatus,
});
export type ReferralFriend = z.infer<typeof referralFriend>;

/** GET /wps/referral: the member's code, link path, the rules, friends and what they earned. */
export const referralOverview = z.object({
  enabled: z.boolean(),
  code: z.string(),
  /** Path + query of the link (`/?referralCode=CODE`); the page puts the site's origin in front. */
  link: z.string(),
  rules: referralSettings.omit({ enabled: true }),
  friends: z.array(referralFriend),
  rewardedCount: z.number().int(),
  rewardsEarned: minorString,
});
export type ReferralOverview = z.infer<typeof referralOverview>;

/** The back office's list of referrals (view=flagged: waiting for a decision). */
export const adminReferralQuery = z.object({
  view: z.enum(['flagged', 'all']).default('flagged'),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminReferralQuery = z.infer<typeof adminReferralQuery>;
export const adminReferral = z.object({
  id: z.string(),
  referrer: z.string(),
  referee: z.string(),
  status: referralStatus,
  flags: z.array(referralFlag),
  firstDeposit: minorString,
  turnover: minorString,
  registeredAt: z.string(),
  qualifiedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferral>;
export const adminReferralPage = z.object({
  list: z.array(adminReferral),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type AdminReferralPage = z.infer<typeof adminReferralPage>;
export const referralReviewRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(2).max(200) }),
]);
export type ReferralReviewRequest = z.infer<typeof referralReviewRequest>;
