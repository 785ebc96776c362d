import { zoneOffsetMs as offsetIn } from '../../lib/zone-time.ts';

const zoneOffsetMs = (timeZone: string, at: Date): number => offsetIn(at, timeZone);
import type { VipPeriod } from './vip.tables.ts';

/**
 * The merchant's local calendar for VIP: the qualifying period (a local month or quarter, keyed by its first day),
 * the ISO week (weekly bonus, keyed by its Monday) and the month (monthly bonus). Pure functions of an instant.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The local calendar date of an instant (month 0-based, weekday 0 = Monday). */
function local(at: Date, timeZone: string) {
  const l = new Date(at.getTime() + zoneOffsetMs(timeZone, at));
  return { y: l.getUTCFullYear(), m: l.getUTCMonth(), d: l.getUTCDate(), wd: (l.getUTCDay() + 6) % 7 };
}

/** The instant a local date (month 0-based; overflowing days and months roll over) begins. */
export function localStart(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m, d);
  let t = guess - zoneOffsetMs(timeZone, new Date(guess));
  t = guess - zoneOffsetMs(timeZone, new Date(t));
  return new Date(t);
}

export interface Window {
  key: string;
  start: Date;
  end: Date;
}

/** The qualifying period around `at`: its key (first local day) and bounds. */
export function periodOf(period: VipPeriod, at: Date, timeZone: string): Window {
  const { y, m } = local(at, timeZone);
  const first = period === 'quarter' ? m - (m % 3) : m;
  const len = period === 'quarter' ? 3 : 1;
  return {
    key: dayText(y, first, 1),
    start: localStart(y, first, 1, timeZone),
    end: localStart(y, first + len, 1, timeZone),
  };
}

/** The period before the one around `at`. */
export function previousPeriod(period: VipPeriod, at: Date, timeZone: string): Window {
  const current = periodOf(period, at, timeZone);
  return periodOf(period, new Date(current.start.getTime() - 1), timeZone);
}

/** The weekly bonus's window key (the local ISO week's Monday) and the monthly bonus's (the local month). */
export function bonusKeys(at: Date, timeZone: string): { week: string; month: string } {
  const { y, m, d, wd } = local(at, timeZone);
  return { week: `W${dayText(y, m, d - wd)}`, month: `M${y}-${pad(m + 1)}` };
}
