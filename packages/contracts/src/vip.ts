import { z } from 'zod';
import { payAsHasTerms, payAsTermsIssue, rewardPayment, rewardPaymentView } from './bonus.ts';
import { minorInput, minorString } from './money.ts';

/**
 * VIP programme (issue 23; domain-rules.md §9): levels reached by tier points (valid bet × contribution) or by
 * deposits over a qualifying period, a level-up reward, weekly and monthly bonuses and a rebate bonus per level,
 * and the keep requirement checked at a period's end. Money is minor units as strings; tier points whole numbers.
 */
export const VIP_BASES = ['tier_points', 'deposit'] as const;
export const vipBasis = z.enum(VIP_BASES);
export type VipBasis = z.infer<typeof vipBasis>;
export const VIP_PERIODS = ['month', 'quarter'] as const;
export const vipPeriod = z.enum(VIP_PERIODS);
export type VipPeriod = z.infer<typeof vipPeriod>;

const money = { currency: z.string(), exponent: z.number().int() };
const whole = z.string().regex(/^\d+$/);

/** One level as the player sees it (its benefits). */
export const vipLevelView = z.object({
  level: z.number().int(),
  name: z.string(),
  /** Tier points (basis tier_points) or deposited minor units (basis deposit) within the period. */
  threshold: whole,
  keepThreshold: whole,
  levelUpReward: minorString,
  weeklyBonus: minorString,
  monthlyBonus: minorString,
  /** Added to the category rebate rate, in basis points. */
  rebateBonusBp: z.number().int(),
  /** How the level-up reward pays: cash, or bonus money with these wagering terms (weekly and monthly: cash). */
  ...rewardPaymentView,
});
export type VipLevelView = z.infer<typeof vipLevelView>;

export const vipChange = z.object({
  fromLevel: z.number().int(),
  toLevel: z.number().int(),
  reason: z.enum(['up', 'down']),
  qualifying: whole,
  createdAt: z.string(),
});
export type VipChange = z.infer<typeof vipChange>;

/** GET /wps/vip: the member's level, this period's progress, every level's benefits, the history. */
export const vipOverview = z.object({
  basis: vipBasis,
  period: vipPeriod,
  periodStart: z.string(),
  periodEnd: z.string(),
  level: z.number().int(),
  /** This period's tier points or deposits so far. */
  qualifying: whole,
  levels: z.array(vipLevelView),
  history: z.array(vipChange),
  ...money,
});
export type VipOverview = z.infer<typeof vipOverview>;

// ---- back office
/** A level with its id and member count (how its level-up reward pays is in the level's view). */
export const adminVipLevel = vipLevelView.extend({ id: z.string(), members: z.number().int() });
export type AdminVipLevel = z.infer<typeof adminVipLevel>;
export const adminVipLevels = z.object({ basis: vipBasis, period: vipPeriod, list: z.array(adminVipLevel), ...money });
export type AdminVipLevels = z.infer<typeof adminVipLevels>;

export const vipLevelUpsertRequest = z
  .object({
    name: z.string().trim().min(1).max(40),
    threshold: minorInput,
    keepThreshold: minorInput,
    levelUpReward: minorInput.default('0'),
    weeklyBonus: minorInput.default('0'),
    monthlyBonus: minorInput.default('0'),
    rebateBonusBp: z.number().int().min(0).max(1000).default(0),
    /** The level-up reward paid as cash, or as bonus money with these wagering terms. */
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue)
  .refine(
    (l) =>
      !/^\d+$/.test(l.threshold) || !/^\d+$/.test(l.keepThreshold) || BigInt(l.keepThreshold) <= BigInt(l.threshold),
    {
      path: ['keepThreshold'],
      message: 'The keep requirement is at most the threshold.',
    },
  );
export type VipLevelUpsertRequest = z.infer<typeof vipLevelUpsertRequest>;
export const vipSettingsRequest = z.object({ basis: vipBasis, period: vipPeriod });
export type VipSettingsRequest = z.infer<typeof vipSettingsRequest>;

/** GET /admin/api/vip/members/:id — a member's level on the member page. */
export const adminMemberVip = z.object({
  level: z.number().int(),
  name: z.string(),
  qualifying: whole,
  basis: vipBasis,
  history: z.array(vipChange),
});
export type AdminMemberVip = z.infer<typeof adminMemberVip>;
