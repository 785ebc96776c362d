import { CONTENT_LANGUAGES } from '@sea/contracts';

/** The languages a text may be written in, in the form's order. */
export const LANGUAGES = CONTENT_LANGUAGES;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value (the staff member's own clock). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant with offset (undefined when empty). */
export function fromLocalInput(v: string): string | undefined {
  if (!v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Whether a row shows now: published and inside its window. */
export function liveState(r: { published: boolean; startsAt: string; endsAt: string | null }, now = Date.now()) {
  if (!r.published) return 'unpublished' as const;
  if (Date.parse(r.startsAt) > now) return 'scheduled' as const;
  if (r.endsAt && Date.parse(r.endsAt) <= now) return 'ended' as const;
  return 'live' as const;
}
export const STATE_TONE = { live: 'good', scheduled: 'info', ended: 'neutral', unpublished: 'warn' } as const;
