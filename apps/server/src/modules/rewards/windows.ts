/**
 * The merchant's local calendar: a mission or leaderboard window is a local day (`2026-11-28`), an ISO week keyed by
 * its Monday (`W2026-11-23`), or `once`. Pure functions of an instant and the merchant's IANA time zone.
 */
import { zoneDate, zoneDayStart } from '../../lib/zone-time.ts';

export type WindowPeriod = 'once' | 'daily' | 'weekly';

/** The local date (YYYY-MM-DD) of an instant. */
export const localDay = (at: Date, timeZone: string): string => zoneDate(at, timeZone);

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The instant a local date begins. */
export const dayStart = (day: string, timeZone: string): Date => zoneDayStart(day, timeZone);

/** Monday of the local date's week. */
export function weekMonday(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The window key of an instant: 'once', the local date, or `W` + the week's Monday. */
export function windowKey(period: WindowPeriod, at: Date, timeZone: string): string {
  if (period === 'once') return 'once';
  const day = localDay(at, timeZone);
  return period === 'daily' ? day : `W${weekMonday(day)}`;
}

/** The instant a window ends (null for `once`). */
export function windowEnd(key: string, timeZone: string): Date | null {
  if (key === 'once') return null;
  if (key.startsWith('W')) return dayStart(addDays(key.slice(1), 7), timeZone);
  return dayStart(addDays(key, 1), timeZone);
}

/** The window just before the one holding `at` (the leaderboard's payout job). */
export function previousWindowKey(period: 'daily' | 'weekly', at: Date, timeZone: string): string {
  const day = localDay(at, timeZone);
  return period === 'daily' ? addDays(day, -1) : `W${addDays(weekMonday(day), -7)}`;
}
