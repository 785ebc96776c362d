/**
 * The merchant's local calendar: a mission or leaderboard window is a local day (`2026-11-28`), an ISO week keyed by
 * its Monday (`W2026-11-23`), or `once`. Pure functions of an instant and the merchant's IANA time zone.
 */
export type WindowPeriod = 'once' | 'daily' | 'weekly';

type Parts = Readonly<{ y: number; mo: number; d: number; h: number; mi: number; s: number }>;
// A formatter per zone (building one cost ~140 µs on the loaded bench host, formatting ~13 µs) and the parts of
// recent seconds (a play-event batch asks for the same few seconds once per event, mission and board): exact,
// since the parts are whole seconds.
const formats = new Map<string, Intl.DateTimeFormat>();
const recent = new Map<string, Parts>();

function parts(at: Date, timeZone: string): Parts {
  const key = `${timeZone}|${Math.floor(at.getTime() / 1000)}`;
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
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const out = Object.freeze({ y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! });
  if (recent.size >= 4096) recent.clear();
  recent.set(key, out);
  return out;
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDay(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${p.y}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The instant a local date begins. */
export function dayStart(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const offset = (t: number) => {
    const p = parts(new Date(t), timeZone);
    return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(t / 1000) * 1000;
  };
  let t = guess - offset(guess);
  const again = guess - offset(t);
  if (again !== t) t = again;
  return new Date(t);
}

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
