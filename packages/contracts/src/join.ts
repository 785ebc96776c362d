import { z } from 'zod';
import { payAsHasTerms, payAsTermsIssue, rewardPayment } from './bonus.ts';
import { minorInput, minorString } from './money.ts';

/**
 * /join (issue 23): the promotions a member can join — bonus offers (sign-up first) and activity applications —
 * each with the member's state in the spec's words; activity applications (comment ≤ 140 characters as the user
 * sees them, up to 3 PNG/JPG images ≤ 5 MB) and the staff's review of them.
 */

/** The spec's activity states (§ "Activity application states"). */
export const JOIN_STATES = [
  'join',
  'joined',
  'claim',
  'applying',
  'process',
  'issued',
  'claimed',
  'rejected',
  'close',
  'coming soon',
] as const;
export const joinState = z.enum(JOIN_STATES);
export type JoinState = z.infer<typeof joinState>;

export const JOIN_TYPES = ['signup', 'first_deposit', 'reload', 'application'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

export const ACTIVITY_COMMENT_MAX = 140;
export const ACTIVITY_MAX_IMAGES = 3;

/** Characters as the user sees them (grapheme clusters: an emoji or a letter with its accents counts once). */
export function visibleLength(s: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)) n++;
  return n;
}

export const joinItem = z.object({
  promotionId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  type: z.enum(JOIN_TYPES),
  /** Sign-up: the fixed bonus; an issued application: the reward paid. */
  amount: minorString.nullable(),
  /** Deposit bonuses: percent in basis points and the cap. */
  percentBp: z.number().int().nullable(),
  maxBonus: minorString.nullable(),
  multiplier: z.number().int().nullable(),
  state: joinState,
  /** A rejected application or claim: the staff's reason. */
  reason: z.string().nullable(),
});
export type JoinItem = z.infer<typeof joinItem>;

export const joinPage = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  list: z.array(joinItem),
});
export type JoinPage = z.infer<typeof joinPage>;

export const activityComment = z
  .string()
  .trim()
  .min(1, 'Write a comment.')
  .refine((s) => visibleLength(s) <= ACTIVITY_COMMENT_MAX, `At most ${ACTIVITY_COMMENT_MAX} characters.`);

/** PUT /wps/join/:id/application (multipart: the field `comment`, up to 3 parts `images`). */
export const activityApplyRequest = z.object({ comment: activityComment });
export type ActivityApplyRequest = z.infer<typeof activityApplyRequest>;

/** A promotion's activity-application settings (the back-office promotion editor). */
export const activityOffer = z
  .object({
    enabled: z.boolean(),
    newMembersOnly: z.boolean(),
    oncePerMember: z.boolean(),
    /** The approved reward: cash, or bonus money with these wagering terms. */
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue);
export type ActivityOffer = z.infer<typeof activityOffer>;
export const adminActivityOffer = z.object({
  offer: activityOffer.nullable(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type AdminActivityOffer = z.infer<typeof adminActivityOffer>;

export const ACTIVITY_APPLICATION_STATUSES = ['applying', 'issued', 'rejected'] as const;
export const activityApplicationStatus = z.enum(ACTIVITY_APPLICATION_STATUSES);
export type ActivityApplicationStatus = z.infer<typeof activityApplicationStatus>;

export const activityApplication = z.object({
  id: z.string(),
  promotionId: z.string(),
  status: activityApplicationStatus,
  comment: z.string(),
  imageCount: z.number().int(),
  reward: minorString.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityApplication = z.infer<typeof activityApplication>;

export const adminActivityApplication = activityApplication.extend({
  promotionTitle: z.string(),
  account: z.string(),
  /** A suspected duplicate: the same IP or device as a member already rewarded for this promotion. */
  flagReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdminActivityApplication = z.infer<typeof adminActivityApplication>;

export const adminActivityApplicationPage = z.object({
  list: z.array(adminActivityApplication),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type AdminActivityApplicationPage = z.infer<typeof adminActivityApplicationPage>;

export const adminActivityApplicationQuery = z.object({
  status: activityApplicationStatus.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminActivityApplicationQuery = z.infer<typeof adminActivityApplicationQuery>;

/** Approve: the reward in minor units, paid as cash to the member's main balance. Reject: a reason the member sees. */
export const adminActivityReview = z
  .object({
    decision: z.enum(['approve', 'reject']),
    amount: minorInput.optional(),
    reason: z.string().trim().max(500).default(''),
  })
  .refine(
    (r) => r.decision === 'reject' || (r.amount !== undefined && /^\d+$/.test(r.amount) && BigInt(r.amount) > 0n),
    {
      path: ['amount'],
      message: 'Enter the reward.',
    },
  )
  .refine((r) => r.decision === 'approve' || r.reason.length > 0, {
    path: ['reason'],
    message: 'Say why the application is rejected.',
  });
export type AdminActivityReview = z.infer<typeof adminActivityReview>;

/** One image of an application, only through the authenticated admin route. */
export const adminActivityImage = z.object({ contentType: z.string(), data: z.string() });
