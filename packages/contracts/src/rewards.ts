import { z } from 'zod';
import { payAsHasTerms, payAsTermsIssue, rewardBonusTerms, rewardPayment, rewardPaymentView } from './bonus.ts';
import { minorInput, minorString } from './money.ts';

/**
 * Rewards (spec §2 rewardCenter, missionLeaderboard, /pointMall; domain-rules.md §9): missions with progress per
 * window, the reward centre (waiting rewards with expiry, claimed once), daily and weekly leaderboards, reward
 * points and the points mall. Money is minor units as strings; points are whole numbers as strings.
 */
export const MISSION_KINDS = ['check_in', 'bet_amount', 'rounds', 'first_deposit'] as const;
export const missionKind = z.enum(MISSION_KINDS);
export type MissionKind = z.infer<typeof missionKind>;
export const MISSION_PERIODS = ['once', 'daily', 'weekly'] as const;
export const missionPeriod = z.enum(MISSION_PERIODS);
export type MissionPeriod = z.infer<typeof missionPeriod>;
export const BOARD_PERIODS = ['daily', 'weekly'] as const;
export const boardPeriod = z.enum(BOARD_PERIODS);
export type BoardPeriod = z.infer<typeof boardPeriod>;
export const BOARD_METRICS = ['valid_bet', 'multiplier'] as const;
export const boardMetric = z.enum(BOARD_METRICS);
export type BoardMetric = z.infer<typeof boardMetric>;
export const REWARD_SOURCES = ['mission', 'leaderboard', 'vip', 'referral', 'cashback', 'raffle'] as const;
export const rewardSource = z.enum(REWARD_SOURCES);
export const rewardStatus = z.enum(['claimable', 'claimed', 'expired']);
export const MALL_ITEM_KINDS = ['cash', 'physical'] as const;
export const mallItemKind = z.enum(MALL_ITEM_KINDS);
/** paid: a cash item (paid at once); pending → shipped, or refused by staff (points back, stock restored). */
export const mallOrderStatus = z.enum(['paid', 'pending', 'shipped', 'refused']);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
};
const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });
const pointsString = z.string().regex(/^-?\d+$/);
/** Only whole numbers reach BigInt (zod runs a refinement after a failed pattern too). */
const positive = (v: string) => !/^\d{1,19}$/.test(v) || BigInt(v) > 0n;

/** The menu badges: claimable mission rewards and all claimable rewards; the points balance. */
export const rewardSummary = z.object({ missions: z.number().int(), rewards: z.number().int(), points: pointsString });
export type RewardSummary = z.infer<typeof rewardSummary>;

export const missionView = z.object({
  id: z.string(),
  kind: missionKind,
  period: missionPeriod,
  category: z.string().nullable(),
  title: z.string(),
  target: z.string(),
  progress: z.string(),
  /** The reward of this window (check-in: with the streak bonus). */
  reward: minorString,
  /** When the window ends (null: one-off). */
  endsAt: z.string().nullable(),
  completed: z.boolean(),
  /** Consecutive days checked in, today included when done (check-in only; else 0). */
  streak: z.number().int(),
  /** How the reward pays: cash, or bonus money with these wagering terms (shown beside the reward). */
  ...rewardPaymentView,
});
export type MissionView = z.infer<typeof missionView>;
export const missionList = z.object({ list: z.array(missionView) });

export const rewardItem = z.object({
  reference: z.string(),
  source: rewardSource,
  kind: z.enum(['cash', 'bonus']),
  title: z.string(),
  amount: minorString,
  /** A bonus reward's wagering terms (null: cash). */
  bonusTerms: rewardBonusTerms.nullable(),
  status: rewardStatus,
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RewardItem = z.infer<typeof rewardItem>;
export const rewardPageQuery = z.object({ view: z.enum(['claimable', 'history']).default('claimable'), ...pageQuery });
export const rewardPage = page(rewardItem);
export type RewardPage = z.infer<typeof rewardPage>;

export const leaderboardQuery = z.object({
  period: boardPeriod.default('daily'),
  metric: boardMetric.default('valid_bet'),
});
export const leaderboardView = z.object({
  period: boardPeriod,
  metric: boardMetric,
  windowKey: z.string(),
  endsAt: z.string(),
  /** Top entries; account masked. score: minor units (valid_bet) or multiplier × 10 000. */
  list: z.array(z.object({ rank: z.number().int(), account: z.string(), score: z.string() })),
  me: z.object({ rank: z.number().int(), score: z.string() }).nullable(),
  prizes: z.array(z.object({ rank: z.number().int(), amount: minorString })),
  /** How this board's prizes pay (every rank alike; cash when it has no prize table). */
  ...rewardPaymentView,
});
export type LeaderboardView = z.infer<typeof leaderboardView>;

export const pointsRulesView = z.object({
  /** Minor units of weighted valid bet per point. */
  threshold: minorString,
  dailyCap: pointsString,
  /** Minor units of cash one point converts to (the exchange rate). */
  cashPerPoint: minorString,
  defaultBps: z.number().int(),
  contributions: z.array(z.object({ category: z.string(), bps: z.number().int() })),
});
export type PointsRulesView = z.infer<typeof pointsRulesView>;
export const pointsOverview = z.object({
  balance: pointsString,
  earnedTotal: pointsString,
  today: pointsString,
  rules: pointsRulesView.nullable(),
});
export type PointsOverview = z.infer<typeof pointsOverview>;
export const pointsEntry = z.object({
  kind: z.enum(['earn', 'redeem', 'convert', 'refund']),
  delta: pointsString,
  balanceAfter: pointsString,
  remark: z.string(),
  createdAt: z.string(),
});
export const pointsEntryPage = page(pointsEntry);
export type PointsEntryPage = z.infer<typeof pointsEntryPage>;
export const pageOnlyQuery = z.object(pageQuery);

export const mallItem = z.object({
  id: z.string(),
  kind: mallItemKind,
  name: z.string(),
  description: z.string(),
  points: pointsString,
  cashAmount: minorString,
  stock: z.number().int(),
  perMemberLimit: z.number().int(),
});
export type MallItem = z.infer<typeof mallItem>;
export const mallItemList = z.object({ list: z.array(mallItem) });
export const mallOrder = z.object({
  reference: z.string(),
  itemName: z.string(),
  kind: mallItemKind,
  points: pointsString,
  cashAmount: minorString,
  address: z.string().nullable(),
  status: mallOrderStatus,
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  /** A refused order: when and why (the member sees the reason). */
  refusedAt: z.string().nullable(),
  refuseReason: z.string().nullable(),
});
export type MallOrder = z.infer<typeof mallOrder>;
export const mallOrderPage = page(mallOrder);
export type MallOrderPage = z.infer<typeof mallOrderPage>;

const txPassword = z.string().min(1).max(64);
export const redeemRequest = z.object({
  itemId: z.string().regex(/^\d{1,18}$/),
  transactionPassword: txPassword,
  /** Physical items: where to deliver. */
  address: z.string().trim().min(5).max(300).optional(),
});
export type RedeemRequest = z.infer<typeof redeemRequest>;
export const convertPointsRequest = z.object({
  points: z.string().regex(/^[1-9]\d{0,12}$/, 'Whole points, at least 1.'),
  transactionPassword: txPassword,
});
export const convertPointsResult = z.object({ points: pointsString, cash: minorString, balance: pointsString });

// ---- back office
/** The merchant's currency beside a back-office answer (amounts are minor units; forms take major units). */
const money = { currency: z.string(), exponent: z.number().int() };
const adminPageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
export const adminMission = z.object({
  id: z.string(),
  kind: missionKind,
  period: missionPeriod,
  category: z.string().nullable(),
  title: z.string(),
  target: z.string(),
  reward: minorString,
  streakBonus: minorString,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  ...rewardPaymentView,
});
export type AdminMission = z.infer<typeof adminMission>;
export const adminMissionList = z.object({ list: z.array(adminMission), ...money });
export type AdminMissionList = z.infer<typeof adminMissionList>;
export const missionUpsertRequest = z
  .object({
    kind: missionKind,
    period: missionPeriod,
    category: z.string().trim().toUpperCase().min(1).max(32).nullable().default(null),
    title: z.string().trim().min(1).max(80),
    target: minorInput,
    reward: minorInput,
    streakBonus: minorInput.default('0'),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
    /** Paid as cash, or as bonus money with these wagering terms. */
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue)
  .refine((m) => !['check_in', 'first_deposit'].includes(m.kind) || m.target === '1', {
    path: ['target'],
    message: 'A check-in or first-deposit mission has a target of 1.',
  })
  .refine((m) => m.kind !== 'check_in' || m.period === 'daily', { path: ['period'], message: 'Check-in is daily.' })
  .refine((m) => m.kind !== 'first_deposit' || m.period === 'once', {
    path: ['period'],
    message: 'First deposit is one-off.',
  })
  .refine((m) => positive(m.target) && positive(m.reward), {
    path: ['reward'],
    message: 'Target and reward are above 0.',
  })
  .refine((m) => !m.startsAt || !m.endsAt || Date.parse(m.endsAt) > Date.parse(m.startsAt), {
    path: ['endsAt'],
    message: 'The end comes after the start.',
  });
export type MissionUpsertRequest = z.infer<typeof missionUpsertRequest>;

export const adminPrizeTable = z.object({
  list: z.array(
    z.object({ period: boardPeriod, metric: boardMetric, amounts: z.array(minorString), ...rewardPaymentView }),
  ),
  ...money,
});
export type AdminPrizeTable = z.infer<typeof adminPrizeTable>;
export const prizeTableRequest = z
  .object({
    period: boardPeriod,
    metric: boardMetric,
    amounts: z.array(minorInput.refine(positive, 'Above 0.')).max(100),
    /** Every rank of the board paid as cash, or as bonus money with these wagering terms. */
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue);
export type PrizeTableRequest = z.infer<typeof prizeTableRequest>;

export const pointsRulesRequest = z.object({
  threshold: minorInput.refine(positive, 'Above 0.'),
  dailyCap: minorInput,
  cashPerPoint: minorInput,
  defaultBps: z.number().int().min(0).max(10_000),
  contributions: z
    .array(
      z.object({ category: z.string().trim().toUpperCase().min(1).max(32), bps: z.number().int().min(0).max(10_000) }),
    )
    .max(50),
});
export type PointsRulesRequest = z.infer<typeof pointsRulesRequest>;
/** GET / PUT /admin/api/rewards/points-rules (rules null: points are not set up yet). */
export const adminPointsRules = z.object({ rules: pointsRulesView.nullable(), ...money });
export type AdminPointsRules = z.infer<typeof adminPointsRules>;

export const adminMallItem = mallItem.extend({ active: z.boolean(), sortOrder: z.number().int() });
export type AdminMallItem = z.infer<typeof adminMallItem>;
export const adminMallItemList = z.object({ list: z.array(adminMallItem), ...money });
export type AdminMallItemList = z.infer<typeof adminMallItemList>;
export const mallItemUpsertRequest = z
  .object({
    kind: mallItemKind,
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(''),
    points: minorInput.refine(positive, 'Above 0.'),
    cashAmount: minorInput.default('0'),
    stock: z.number().int().min(0).max(1_000_000),
    perMemberLimit: z.number().int().min(1).max(1000),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((i) => i.kind !== 'cash' || (i.cashAmount !== '0' && positive(i.cashAmount)), {
    path: ['cashAmount'],
    message: 'A cash item pays an amount above 0.',
  });
export type MallItemUpsertRequest = z.infer<typeof mallItemUpsertRequest>;
export const adminMallOrder = mallOrder.extend({ account: z.string() });
export type AdminMallOrder = z.infer<typeof adminMallOrder>;
export const adminMallOrderQuery = z.object({
  status: mallOrderStatus.optional(),
  /** One member's orders (their account). */
  account: z.string().trim().min(1).max(64).optional(),
  ...adminPageQuery,
});
export const adminMallOrderPage = page(adminMallOrder).extend(money);
/** POST /admin/api/rewards/mall-orders/:id/refuse: why (shown to the member). */
export const mallOrderRefuseRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export type AdminMallOrderPage = z.infer<typeof adminMallOrderPage>;
