/**
 * Wall-clock time in an IANA time zone — the one place the server asks Intl for it. A formatter is kept per zone
 * (building one costs about ten times formatting with it) and the parts of recent seconds are kept too (the
 * play-event consumers ask for the same few seconds once per event); both exact, since the parts are whole seconds.
 * An unknown zone throws RangeError, as Intl does.
 */
export type ZoneParts = Readonly<{ y: number; mo: number; d: number; h: number; mi: number; s: number }>;

const formats = new Map<string, Intl.DateTimeFormat>();
const recent = new Map<string, ZoneParts>();

/** Local year, month (1–12), day, hour (0–23), minute and second of an instant. */
export function zoneParts(at: Date | number, timeZone: string): ZoneParts {
  const t = typeof at === 'number' ? at : at.getTime();
  const key = `${timeZone}|${Math.floor(t / 1000)}`;
  const hit = recent.get(key);
  if (hit) return hit;
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, x.value]));
  const out = Object.freeze({ y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! });
  if (recent.size >= 4096) recent.clear();
  recent.set(key, out);
  return out;
}

/** Milliseconds the zone is ahead of UTC at the instant (local = UTC + offset), whole seconds. */
export function zoneOffsetMs(at: Date | number, timeZone: string): number {
  const t = typeof at === 'number' ? at : at.getTime();
  const p = zoneParts(t, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(t / 1000) * 1000;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The local date ('YYYY-MM-DD') of an instant. */
export function zoneDate(at: Date | number, timeZone: string): string {
  const p = zoneParts(at, timeZone);
  return `${p.y}-${pad2(p.mo)}-${pad2(p.d)}`;
}

/**
 * The instant a local date ('YYYY-MM-DD') begins in the zone: local midnight by the offset at the guess, checked once
 * more with the offset at the answer. Where the clocks skip midnight (a daylight-saving start at 00:00) the two
 * answers differ and the day begins at the later one, the first instant whose local date is the day.
 */
export function zoneDayStart(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const first = guess - zoneOffsetMs(guess, timeZone);
  const again = guess - zoneOffsetMs(first, timeZone);
  const inDay = [first, again].filter((t) => zoneDate(t, timeZone) === day);
  return new Date(inDay.length > 0 ? Math.min(...inDay) : again);
}

const fixedOffsets = new Map<string, { minutes: number | null; from: number; until: number }>();

/**
 * The zone's offset from UTC in whole minutes when it held that one offset from 25 months before `at` to 13 months
 * after it (checked at every month's start: no daylight saving, no change of offset in that span), else null. The
 * site formats dates within a year of now by it without Intl (the browser's first Intl formatter is a long task at
 * start). Kept an hour per zone.
 */
export function fixedOffsetMinutes(at: Date | number, timeZone: string): number | null {
  const t = typeof at === 'number' ? at : at.getTime();
  const hit = fixedOffsets.get(timeZone);
  if (hit && hit.from <= t && t < hit.until) return hit.minutes;
  const start = new Date(t);
  let minutes: number | null = null;
  for (let k = -25; k <= 13; k++) {
    const month = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + k, 1);
    const m = zoneOffsetMs(month, timeZone) / 60_000;
    if (k === -25) minutes = m;
    else if (m !== minutes || !Number.isInteger(m)) {
      minutes = null;
      break;
    }
  }
  fixedOffsets.set(timeZone, { minutes, from: t, until: t + 3_600_000 });
  return minutes;
}
