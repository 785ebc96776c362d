import { AppError } from '../../lib/errors.ts';

/** A report period: local dates of the merchant (inclusive) and the instants that bound them. */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

export const MAX_PERIOD_DAYS = 93;

function parts(t: number, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    mi: Number(p.minute),
    s: Number(p.second),
  };
}

/** Milliseconds the zone is ahead of UTC at instant `t`. */
function offsetAt(t: number, timeZone: string): number {
  const p = parts(t, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(t / 1000) * 1000;
}

/** The instant a local date begins in the zone. */
export function dayStart(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let t = guess - offsetAt(guess, timeZone);
  const again = guess - offsetAt(t, timeZone);
  if (again !== t) t = again;
  return new Date(t);
}

/** The local date of an instant in the zone. */
export function localDay(at: Date, timeZone: string): string {
  const p = parts(at.getTime(), timeZone);
  return `${p.y}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

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
