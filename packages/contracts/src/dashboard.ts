import { z } from 'zod';
import { isoDate } from './history.ts';
import { minorString } from './money.ts';

/**
 * The back-office dashboard (GET /admin/api/dashboard): a range of the merchant's local days (both included) with
 * the money and activity of each day, the range's totals, bets per game category and the queues waiting now.
 * Amounts are minor-unit strings. Bets come from a roll-up of the bet records kept every minute (`freshAsOf`);
 * deposits, withdrawals, registrations and the queues are read live.
 */
export const DASHBOARD_MAX_DAYS = 92;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export const dashboardQuery = z
  .object({
    /** First local day of the merchant (default: `to`, or today). */
    from: isoDate.optional(),
    /** Last local day, included (default: today, or `from`). */
    to: isoDate.optional(),
    /** The last `days` local days up to today (today = 1); instead of `from` / `to`. */
    days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).optional(),
  })
  .refine((q) => q.days === undefined || (!q.from && !q.to), {
    message: 'Either days or a from / to range',
    path: ['days'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start is after the end', path: ['from'] })
  .refine((q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) < DASHBOARD_MAX_DAYS, {
    message: `At most ${DASHBOARD_MAX_DAYS} days`,
    path: ['to'],
  });
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** The figures of a day, or of the whole range (totals). */
export const dashboardFigures = z.object({
  /** Valid bets: stakes of settled bets placed that day (every category, the lottery included). */
  bets: minorString,
  /** What those bets paid back. */
  wins: minorString,
  /** Gross gaming revenue: bets − wins. */
  ggr: minorString,
  /** Bonuses granted ("0": the platform has no bonuses yet). */
  bonuses: minorString,
  /** Net gaming revenue: GGR − bonuses. */
  ngr: minorString,
  betCount: z.number().int(),
  /** Credited deposits (by the day they were credited). */
  deposits: minorString,
  depositCount: z.number().int(),
  /** Paid-out withdrawals (by the day they were disbursed). */
  withdrawals: minorString,
  withdrawalCount: z.number().int(),
  registrations: z.number().int(),
  /** Members whose first ever credited deposit fell on that day (in the range, for the totals). */
  firstTimeDepositors: z.number().int(),
  /** Members with a settled bet that day; for the totals, distinct members over the range. */
  activePlayers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = dashboardFigures.extend({ day: z.string() });

export const dashboardCategory = z.object({
  /** The game category (SLOT, LIVE, … ELOTT and LOTT for the lotteries). */
  category: z.string(),
  bets: minorString,
  wins: minorString,
  ggr: minorString,
  betCount: z.number().int(),
});

/** What waits for staff now. */
export const dashboardQueues = z.object({
  /** Bank-transfer deposits waiting for approval. */
  depositsPending: z.number().int(),
  /** Withdrawals requested, not approved yet (without a first approval). */
  withdrawalsRequested: z.number().int(),
  /** Withdrawals above the threshold with one approval, waiting for a second staff member. */
  withdrawalsAwaitingSecondApproval: z.number().int(),
  /** Manual adjustments waiting for a second staff member. */
  adjustmentsPending: z.number().int(),
  /** Lottery results entered by one staff member, waiting for another's confirmation. */
  lotteryResultsPending: z.number().int(),
  /** Withdrawals the member reported as not (fully) received. */
  disputes: z.number().int(),
});
export type DashboardQueues = z.infer<typeof dashboardQueues>;

export const dashboard = z.object({
  from: z.string(),
  to: z.string(),
  /** The merchant's today (its time zone), for the client's "today / 7 / 30 days". */
  today: z.string(),
  timezone: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  /** The newest bet change the bet figures include (null before the first roll-up). */
  freshAsOf: z.string().nullable(),
  totals: dashboardFigures,
  days: z.array(dashboardDay),
  categories: z.array(dashboardCategory),
  queues: dashboardQueues,
});
export type Dashboard = z.infer<typeof dashboard>;
