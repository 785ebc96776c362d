import { DASHBOARD_MAX_DAYS } from '@sea/contracts';
import type { DashboardRange } from '../../api/dashboard.ts';

/** The presets of the range bar: today, the last 7 and the last 30 days (up to the merchant's today). */
export const PRESETS = [
  { days: 1, label: 'dashboard.today' },
  { days: 7, label: 'dashboard.days7' },
  { days: 30, label: 'dashboard.days30' },
] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** A from / to the server accepts (real dates, from ≤ to, at most 92 days), else null. */
export function validRange(from: string | null, to: string | null): { from: string; to: string } | null {
  if (!from || !to || !ISO_DAY.test(from) || !ISO_DAY.test(to)) return null;
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a > b || b - a >= DASHBOARD_MAX_DAYS) return null;
  return { from, to };
}

/** The range a URL asks for (?days=7, or ?from=…&to=…); today when it asks for nothing (or nothing valid). */
export function rangeOf(params: URLSearchParams): DashboardRange {
  const chosen = validRange(params.get('from'), params.get('to'));
  if (chosen) return chosen;
  const days = Number(params.get('days'));
  return PRESETS.some((p) => p.days === days) ? { days } : { days: 1 };
}
