import { z } from 'zod';
import { isoDate } from './history.ts';
import {
  lotteryBoard,
  lotteryChain,
  lotteryGameCode,
  lotteryIssueId,
  lotteryIssueStatus,
  lotteryVnRegion,
} from './lottery.ts';
import { minorInput, minorString } from './money.ts';

// The back office's lottery (/admin/api/lottery/*): games and schedules, issues with totals, a correction's preview,
// the published chain commitments. Results, cancels and shortfalls are in lottery.ts.

/** chain: a fast e-lottery drawn from its published hash chain; simulated / manual: a feed game's result source. */
export const lotteryAdminSource = z.enum(['chain', 'simulated', 'manual']);
export const lotteryAdminKind = z.enum(['ssc', 'k3', 'vn', 'thai', '4d']);

export const lotteryAdminGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  kind: lotteryAdminKind,
  source: lotteryAdminSource,
  enabled: z.boolean(),
  /** Chain games: one draw every intervalSeconds; feed games: the calendar below (local drawTime in timezone). */
  intervalSeconds: z.number().int(),
  region: lotteryVnRegion.nullable(),
  station: z.string().nullable(),
  timezone: z.string().nullable(),
  drawTime: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  monthDays: z.array(z.number().int()).nullable(),
  /** Bets close this many seconds before the draw (issues scheduled from now on). */
  closeSeconds: z.number().int(),
  prizeGroup: z.number().int(),
  minUnitStake: minorString,
  maxUnitStake: minorString,
  /** The most that may be staked on one number (or bet type) of one draw, in unit stakes. */
  maxNumberStake: minorString,
});
export type LotteryAdminGame = z.infer<typeof lotteryAdminGame>;
export const lotteryAdminGames = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  items: z.array(lotteryAdminGame),
});
export type LotteryAdminGames = z.infer<typeof lotteryAdminGames>;

export const lotteryAdminGameParams = z.object({ gameCode: lotteryGameCode });
/** PATCH /admin/api/lottery/games/:gameCode — at least one field; limits in minor units. */
export const lotteryAdminGameUpdate = z
  .object({
    enabled: z.boolean().optional(),
    closeSeconds: z.number().int().min(0).max(86_399).optional(),
    minUnitStake: minorInput.optional(),
    maxUnitStake: minorInput.optional(),
    maxNumberStake: minorInput.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one field.');
export type LotteryAdminGameUpdate = z.infer<typeof lotteryAdminGameUpdate>;

/** GET /admin/api/lottery/issues — newest draw first; from/to are days of the merchant's zone (draw time). */
export const lotteryAdminIssuesQuery = z.object({
  gameCode: lotteryGameCode.optional(),
  status: lotteryIssueStatus.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LotteryAdminIssuesQuery = z.infer<typeof lotteryAdminIssuesQuery>;

export const lotteryAdminIssue = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  kind: lotteryAdminKind,
  source: lotteryAdminSource,
  issueId: z.string(),
  status: lotteryIssueStatus,
  closesAt: z.string(),
  drawsAt: z.string(),
  drawnAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** Bets not refunded, their stake, the payouts (0 until settled) and the house's result (stake − payouts). */
  bets: z.number().int(),
  stake: minorString,
  payout: minorString,
  houseResult: minorString,
  winners: z.number().int(),
  /** A result waiting for a second staff member's confirmation. */
  pendingResult: z.boolean(),
});
export type LotteryAdminIssue = z.infer<typeof lotteryAdminIssue>;
export const lotteryAdminIssues = z.object({
  total: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
  items: z.array(lotteryAdminIssue),
});
export type LotteryAdminIssues = z.infer<typeof lotteryAdminIssues>;

export const lotteryAdminIssueParams = z.object({ gameCode: lotteryGameCode, issueId: lotteryIssueId });

export const lotteryAdminResultVersion = z.object({
  version: z.number().int(),
  source: z.enum(['feed', 'manual']),
  status: z.enum(['pending', 'confirmed', 'discarded']),
  enteredBy: z.string().nullable(),
  /** The staff member's username (null: the feed, or a staff account no longer there). */
  enteredByName: z.string().nullable(),
  enteredAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  /** The prize board; null for a pending entry (the confirmer enters the result again, blind). */
  board: lotteryBoard.nullable(),
});
export type LotteryAdminResultVersion = z.infer<typeof lotteryAdminResultVersion>;

/** GET /admin/api/lottery/games/:gameCode/issues/:issueId */
export const lotteryAdminIssueDetail = z.object({
  issue: lotteryAdminIssue,
  currency: z.string(),
  exponent: z.number().int(),
  region: lotteryVnRegion.nullable(),
  /** The result now applied: a feed game's prize board, a chain game's numbers. */
  board: lotteryBoard.nullable(),
  numbers: z.array(z.number().int()).nullable(),
  /** Feed games: every result entry, oldest first (none for chain games: their result comes from the chain). */
  versions: z.array(lotteryAdminResultVersion),
  /** Refunded bets (a cancelled draw, or a member's own cancel) and their stake. */
  refundedBets: z.number().int(),
  refunded: minorString,
});
export type LotteryAdminIssueDetail = z.infer<typeof lotteryAdminIssueDetail>;

/** POST /admin/api/lottery/results/preview — a correction of a settled draw, worked out and written nowhere. */
export const lotteryCorrectionPreview = z.object({
  gameCode: z.string(),
  issueId: z.string(),
  /** The version the correction would become. */
  version: z.number().int(),
  members: z.array(
    z.object({
      memberId: z.string(),
      memberAccount: z.string(),
      bets: z.number().int(),
      oldPayout: minorString,
      newPayout: minorString,
      /** newPayout − oldPayout: positive = the member gains (paid now), negative = taken back. */
      difference: minorString,
      /** What the member holds now, and what could not be taken back today (recorded as a shortfall). */
      available: minorString,
      shortfall: minorString,
    }),
  ),
  totals: z.object({
    members: z.number().int(),
    bets: z.number().int(),
    gainers: z.number().int(),
    losers: z.number().int(),
    oldPayout: minorString,
    newPayout: minorString,
    difference: minorString,
    shortfall: minorString,
  }),
  currency: z.string(),
  exponent: z.number().int(),
});
export type LotteryCorrectionPreview = z.infer<typeof lotteryCorrectionPreview>;

/** GET /admin/api/lottery/chains?gameCode= — every published chain commitment of the chain games, newest first. */
export const lotteryAdminChainsQuery = z.object({ gameCode: lotteryGameCode.optional() });
export const lotteryAdminChains = z.object({
  items: z.array(lotteryChain.extend({ gameCode: z.string(), gameName: z.string() })),
});
export type LotteryAdminChains = z.infer<typeof lotteryAdminChains>;
