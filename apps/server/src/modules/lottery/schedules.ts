import { zoneParts } from '../../lib/zone-time.ts';

/**
 * Draw calendars of the feed-based lotteries (pure): a draw at `drawTime` local in `timezone` on the listed weekdays
 * (0 = Sunday) or days of the month. Vietnam, Thailand and Singapore have no daylight saving, but the local → UTC
 * conversion is done properly anyway (offset found by asking Intl, then checked).
 */
export interface DrawSchedule {
  timezone: string;
  /** "HH:MM" local. */
  drawTime: string;
  weekdays?: number[];
  monthDays?: number[];
}

const DAY = 86_400_000;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(at: Date, timezone: string): LocalParts {
  const p = zoneParts(at, timezone);
  return { year: p.y, month: p.mo, day: p.d, hour: p.h, minute: p.mi, second: p.s };
}

/** The instant of a local wall-clock time in `timezone`. */
export function localToUtc(year: number, month: number, day: number, hour: number, minute: number, tz: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), tz);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wall - shown;
  }
  return new Date(guess);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The issue id of a draw: its local date, `YYYYMMDD-0001` (one draw per game and day). */
export function feedIssueId(drawsAt: Date, timezone: string): string {
  const p = localParts(drawsAt, timezone);
  return `${p.year}${pad(p.month)}${pad(p.day)}-0001`;
}

/** Every draw of the schedule in [from, to), oldest first. */
export function drawsBetween(s: DrawSchedule, from: Date, to: Date): Date[] {
  const [hh, mm] = s.drawTime.split(':').map(Number) as [number, number];
  const out: Date[] = [];
  // Walk local calendar days from the day before `from` (zone offsets are < 1 day) to the day after `to`.
  const start = localParts(new Date(from.getTime() - DAY), s.timezone);
  let cursor = Date.UTC(start.year, start.month - 1, start.day);
  const end = to.getTime() + 2 * DAY;
  for (; cursor <= end; cursor += DAY) {
    const d = new Date(cursor);
    const weekday = d.getUTCDay();
    const monthDay = d.getUTCDate();
    const match =
      (s.weekdays !== undefined && s.weekdays.includes(weekday)) ||
      (s.monthDays !== undefined && s.monthDays.includes(monthDay));
    if (!match) continue;
    const at = localToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, monthDay, hh, mm, s.timezone);
    if (at >= from && at < to) out.push(at);
  }
  return out;
}

/** The last draw strictly before `at` (searching back 62 days), or null. */
export function previousDraw(s: DrawSchedule, at: Date): Date | null {
  const list = drawsBetween(s, new Date(at.getTime() - 62 * DAY), at);
  return list.length ? list[list.length - 1]! : null;
}

/** A schedule is usable: a valid zone, HH:MM, and at least one weekday 0–6 or month day 1–31. */
export function checkSchedule(s: DrawSchedule): boolean {
  try {
    localParts(new Date(0), s.timezone);
  } catch {
    return false;
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s.drawTime)) return false;
  const wd = s.weekdays ?? [];
  const md = s.monthDays ?? [];
  return (
    wd.length + md.length > 0 &&
    wd.every((d) => Number.isInteger(d) && d >= 0 && d <= 6) &&
    md.every((d) => Number.isInteger(d) && d >= 1 && d <= 31)
  );
}
