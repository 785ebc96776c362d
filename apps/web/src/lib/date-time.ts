/**
 * The site's one date/time format: the spec's DD/MM/YYYY HH:mm:ss, in the merchant's time zone (never the
 * browser's), and the calendar date YYYY-MM-DD the API's date filters use.
 */
const pad = (n: number) => String(n).padStart(2, '0');

function partsIn(at: Date, timeZone: string): Record<string, string> {
  const format = (tz: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(timeZone);
  } catch {
    parts = format('UTC'); // an unknown zone name from the server: UTC rather than nothing
  }
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
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
