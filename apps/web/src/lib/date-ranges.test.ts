import { describe, expect, it } from 'vitest';
import { localDate } from './date-time.ts';
import { addDays, matchingQuickRange, quickRange } from './date-ranges.ts';

describe('quick date ranges', () => {
  // 2024-03-01 17:30 UTC is already 2024-03-02 in Manila (UTC+8).
  const now = new Date('2024-03-01T17:30:00Z');

  it('are calendar days in the merchant time zone', () => {
    expect(localDate(now, 'Asia/Manila')).toBe('2024-03-02');
    expect(localDate(now, 'America/New_York')).toBe('2024-03-01');
    expect(quickRange('today', now, 'Asia/Manila')).toEqual({ from: '2024-03-02', to: '2024-03-02' });
    expect(quickRange('yesterday', now, 'Asia/Manila')).toEqual({ from: '2024-03-01', to: '2024-03-01' });
    expect(quickRange('last7', now, 'Asia/Manila')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
    expect(quickRange('last30', now, 'Asia/Manila')).toEqual({ from: '2024-02-02', to: '2024-03-02' });
  });

  it('recognise a range that is a quick range', () => {
    expect(matchingQuickRange({ from: '2024-02-25', to: '2024-03-02' }, now, 'Asia/Manila')).toBe('last7');
    expect(matchingQuickRange({ from: '2024-02-26', to: '2024-03-02' }, now, 'Asia/Manila')).toBeUndefined();
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
