import { localDate } from './date-time.ts';

/** The spec's quick date ranges, as local calendar dates (YYYY-MM-DD) in the merchant time zone. */
export const QUICK_RANGES = ['today', 'yesterday', 'last7', 'last30'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export interface DateRange {
  from: string;
  to: string;
}

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** today; yesterday; previous 7 / 30 days = the 7 / 30 days ending today. */
export function quickRange(range: QuickRange, now: Date, timezone: string): DateRange {
  const today = localDate(now, timezone);
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** Which quick range a range is, if any (so its button shows as pressed). */
export function matchingQuickRange(range: DateRange, now: Date, timezone: string): QuickRange | undefined {
  return QUICK_RANGES.find((q) => {
    const r = quickRange(q, now, timezone);
    return r.from === range.from && r.to === range.to;
  });
}
