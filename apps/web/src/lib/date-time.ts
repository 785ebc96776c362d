/**
 * The site's one date/time format: the spec's DD/MM/YYYY HH:mm:ss, in the merchant's time zone (never the
 * browser's), and the calendar date YYYY-MM-DD the API's date filters use.
 */
const pad = (n: number) => String(n).padStart(2, '0');

const OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/**
 * One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than formatting with it, and
 * the home's clock formats every second (a new formatter per call was a visible part of the home's start-up).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { ...OPTIONS, timeZone });
    } catch {
      formatter = formatterIn('UTC'); // an unknown zone name from the server: UTC rather than nothing
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const YEAR_MS = 365 * 86_400_000;

/**
 * Zones the server vouched for as one fixed offset (the status's `utcOffsetMinutes`), with the instant it said so:
 * their dates within a year of it are computed from the offset, without Intl. The browser's first Intl formatter loads
 * its locale data in one long task (tens of milliseconds, far more on a slow phone), which the home's clock, notices
 * and promotion dates would otherwise pay while the page starts.
 */
const fixed = new Map<string, { minutes: number; around: number }>();

/** What the status said of the merchant's zone (null or absent: not fixed, Intl formats its dates). */
export function setFixedOffset(timeZone: string, minutes: number | null | undefined, now = Date.now()): void {
  if (typeof minutes === 'number' && Number.isInteger(minutes)) fixed.set(timeZone, { minutes, around: now });
  else fixed.delete(timeZone);
}

function partsIn(at: Date, timeZone: string): Record<string, string> {
  const f = fixed.get(timeZone);
  const t = at.getTime();
  if (f && Math.abs(t - f.around) <= YEAR_MS) {
    const d = new Date(Math.floor(t / 1000) * 1000 + f.minutes * 60_000);
    return {
      year: String(d.getUTCFullYear()).padStart(4, '0'),
      month: pad(d.getUTCMonth() + 1),
      day: pad(d.getUTCDate()),
      hour: pad(d.getUTCHours()),
      minute: pad(d.getUTCMinutes()),
      second: pad(d.getUTCSeconds()),
    };
  }
  return Object.fromEntries(
    formatterIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
}

/** DD/MM/YYYY HH:mm:ss in a time zone. */
export function formatDateTime(at: Date | string, timeZone: string): string {
  const p = partsIn(typeof at === 'string' ? new Date(at) : at, timeZone);
  return `${p.day}/${p.month}/${p.year} ${pad(Number(p.hour))}:${p.minute}:${p.second}`;
}

/** YYYY-MM-DD HH:mm:ss in a time zone (the notice popup's start times, spec §2). */
export function formatIsoDateTime(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${pad(Number(p.hour))}:${p.minute}:${p.second}`;
}

/** A calendar date of the API (YYYY-MM-DD, already in the merchant's zone) as the site shows dates: DD/MM/YYYY. */
export function formatDay(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}
