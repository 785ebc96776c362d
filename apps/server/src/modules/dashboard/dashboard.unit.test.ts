import { describe, expect, it } from 'vitest';
import { dashboardRange, localDayOf } from './dashboard.service.ts';
import { consecutiveRuns } from './rollup.service.ts';

describe('consecutiveRuns', () => {
  it('sorts, de-duplicates and cuts days into runs of consecutive days (across month and year ends)', () => {
    expect(consecutiveRuns([])).toEqual([]);
    expect(
      consecutiveRuns(['2026-03-01', '2026-02-28', '2026-02-28', '2025-12-31', '2026-01-01', '2026-02-26']),
    ).toEqual([['2025-12-31', '2026-01-01'], ['2026-02-26'], ['2026-02-28', '2026-03-01']]);
  });
});

describe('dashboardRange', () => {
  const today = '2026-11-28';
  it('defaults to today; from alone runs to today, or is one day when it lies ahead', () => {
    expect(dashboardRange({}, today)).toEqual({ from: today, to: today });
    expect(dashboardRange({ from: '2026-11-01' }, today)).toEqual({ from: '2026-11-01', to: today });
    expect(dashboardRange({ from: '2026-12-01' }, today)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(dashboardRange({ to: '2026-11-20' }, today)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });
  it('days: the last n days up to today, across a month end', () => {
    expect(dashboardRange({ days: 1 }, today)).toEqual({ from: today, to: today });
    expect(dashboardRange({ days: 7 }, today)).toEqual({ from: '2026-11-22', to: today });
    expect(dashboardRange({ days: 30 }, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
  it('refuses a reversed range and more than 92 days as a field error on from', () => {
    const fieldOf = (q: { from?: string; to?: string }) => {
      try {
        dashboardRange(q, today);
        return null;
      } catch (e) {
        return (e as { code: string; value: { fields: { field: string }[] } }).value.fields[0]!.field;
      }
    };
    expect(fieldOf({ from: '2026-11-29', to: '2026-11-28' })).toBe('from');
    expect(fieldOf({ from: '2026-08-28' })).toBe('from'); // 93 days
    expect(fieldOf({ from: '2026-08-29' })).toBeNull(); // 92 days
  });
});

describe('localDayOf', () => {
  it('is the date in the zone, on either side of its midnight', () => {
    expect(localDayOf(new Date('2026-11-27T15:59:59.999Z'), 'Asia/Manila')).toBe('2026-11-27');
    expect(localDayOf(new Date('2026-11-27T16:00:00.000Z'), 'Asia/Manila')).toBe('2026-11-28');
    expect(localDayOf(new Date('2026-11-28T04:59:59Z'), 'America/New_York')).toBe('2026-11-27');
  });
});
