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

function partsIn(at: Date, timeZone: string): Record<string, string> {
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
