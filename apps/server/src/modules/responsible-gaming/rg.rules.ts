import { zoneDate, zoneOffsetMs } from '../../lib/zone-time.ts';
import { RG_COOLING_OFF_HOURS, type RG_EXCLUSIONS, type RG_TIME_OUTS, type RgPeriod } from '@sea/contracts';

/** Pure rules of responsible gaming: the windows, a limit's value now, what a change does, break lengths. */

const HOUR_MS = 3_600_000;

/** 'YYYY-MM-DD' of `at` in `timeZone`. */
export const localDate = (at: Date, timeZone: string): string => zoneDate(at, timeZone);

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
const offsetMs = (at: Date, timeZone: string): number => zoneOffsetMs(at, timeZone);

/** The instant local midnight starts `date` ('YYYY-MM-DD') in `timeZone`. */
export function localMidnight(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetMs(new Date(guess), timeZone);
  // Once more with the offset at the found instant (a DST change between the guess and midnight).
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

/**
 * Where each window starts at `now`, in the merchant's time zone: the day at local midnight, the week on Monday,
 * the month on its 1st (calendar windows, the same a member reads on the page: "today", "this week", "this month").
 */
export function windowStarts(now: Date, timeZone: string): Record<RgPeriod, Date> {
  const today = localDate(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(Date.UTC(y, m - 1, d - weekday)).toISOString().slice(0, 10);
  return {
    day: localMidnight(today, timeZone),
    week: localMidnight(monday, timeZone),
    month: localMidnight(`${today.slice(0, 8)}01`, timeZone),
  };
}

export interface StoredLimit {
  amount: bigint | null;
  pending_amount: bigint | null;
  pending_at: Date | null;
}

/** A limit as it applies at `now`: a pending raise or removal whose 24 hours have passed has taken effect. */
export function effectiveLimit(
  l: StoredLimit | undefined,
  now: Date,
): {
  amount: bigint | null;
  pending: { amount: bigint | null; effectiveAt: Date } | null;
} {
  if (!l) return { amount: null, pending: null };
  if (l.pending_at === null) return { amount: l.amount, pending: null };
  if (l.pending_at <= now) return { amount: l.pending_amount, pending: null };
  return { amount: l.amount, pending: { amount: l.pending_amount, effectiveAt: l.pending_at } };
}

/**
 * What a member's change of a limit does (AGCO 2.24, UKGC RTS 12D): a first limit or a decrease applies at once
 * (and drops a pending raise); the same amount drops a pending raise; a raise or a removal waits 24 hours.
 */
export function limitChange(
  current: bigint | null,
  wanted: bigint | null,
  now: Date,
): { amount: bigint | null; pendingAmount: bigint | null; pendingAt: Date | null; applied: 'now' | 'later' } {
  const lower = wanted !== null && (current === null || wanted <= current);
  if (lower) return { amount: wanted, pendingAmount: null, pendingAt: null, applied: 'now' };
  if (current === null && wanted === null)
    return { amount: null, pendingAmount: null, pendingAt: null, applied: 'now' };
  return {
    amount: current,
    pendingAmount: wanted,
    pendingAt: new Date(now.getTime() + RG_COOLING_OFF_HOURS * HOUR_MS),
    applied: 'later',
  };
}

const DAY_MS = 24 * HOUR_MS;

/** When a break that starts at `now` ends: time-outs in days, self-exclusion in calendar months / years (UTC). */
export function breakEnd(duration: (typeof RG_TIME_OUTS)[number] | (typeof RG_EXCLUSIONS)[number], now: Date): Date {
  const days = { '24h': 1, '1w': 7, '1m': 30, '6w': 42 } as const;
  if (duration in days) return new Date(now.getTime() + days[duration as keyof typeof days] * DAY_MS);
  const end = new Date(now);
  if (duration === '6m') end.setUTCMonth(end.getUTCMonth() + 6);
  else end.setUTCFullYear(end.getUTCFullYear() + (duration === '1y' ? 1 : 5));
  return end;
}
