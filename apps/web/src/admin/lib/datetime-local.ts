/** `<input type="datetime-local">` values (the browser's zone) ↔ ISO instants. */

/** "2026-11-28T17:30" → "2026-11-28T10:30:00.000Z" (in a UTC+7 browser); undefined for "". */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** An ISO instant as a datetime-local value in the browser's zone ("" for null). */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Whether it shows now: started and not ended. */
export function scheduleState(
  startsAt: string,
  endsAt: string | null,
  now = Date.now(),
): 'scheduled' | 'live' | 'ended' {
  if (Date.parse(startsAt) > now) return 'scheduled';
  if (endsAt && Date.parse(endsAt) <= now) return 'ended';
  return 'live';
}
