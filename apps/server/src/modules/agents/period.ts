import { AppError } from '../../lib/errors.ts';
import { zoneDate, zoneDayStart } from '../../lib/zone-time.ts';

/** A report period: local dates of the merchant (inclusive) and the instants that bound them. */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

export const MAX_PERIOD_DAYS = 93;

/** The instant a local date begins in the zone. */
export const dayStart = (day: string, timeZone: string): Date => zoneDayStart(day, timeZone);

/** The local date of an instant in the zone. */
export const localDay = (at: Date, timeZone: string): string => zoneDate(at, timeZone);

export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The period asked for (default: today), refused when reversed or longer than MAX_PERIOD_DAYS. */
export function periodOf(q: { from?: string; to?: string }, timeZone: string, now: Date): Period {
  const today = localDay(now, timeZone);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? to;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(days >= 1 && days <= MAX_PERIOD_DAYS)) throw new AppError('period_invalid', undefined, { from, to });
  return { from, to, start: dayStart(from, timeZone), end: dayStart(nextDay(to), timeZone) };
}
