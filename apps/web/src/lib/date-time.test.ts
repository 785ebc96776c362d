import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, localDate } from './date-time.ts';

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:mm:ss in the merchant time zone', () => {
    expect(formatDateTime(new Date('2026-01-02T16:04:05Z'), 'Asia/Manila')).toBe('03/01/2026 00:04:05');
    expect(formatDateTime(new Date('2026-12-31T23:59:59Z'), 'UTC')).toBe('31/12/2026 23:59:59');
  });

  it('keeps each zone apart with its formatter made once, and falls back to UTC for an unknown zone', () => {
    const at = new Date('2026-01-02T16:04:05Z');
    for (let i = 0; i < 2; i++) {
      expect(formatDateTime(at, 'Asia/Manila')).toBe('03/01/2026 00:04:05');
      expect(formatDateTime(at, 'America/New_York')).toBe('02/01/2026 11:04:05');
      expect(formatDateTime(at, 'Not/AZone')).toBe('02/01/2026 16:04:05');
    }
  });
});

describe('localDate', () => {
  it('is the calendar day in the time zone', () => {
    // 2024-03-01 17:30 UTC is already 2024-03-02 in Manila (UTC+8).
    const now = new Date('2024-03-01T17:30:00Z');
    expect(localDate(now, 'Asia/Manila')).toBe('2024-03-02');
    expect(localDate(now, 'America/New_York')).toBe('2024-03-01');
  });
});

describe('formatDay', () => {
  it('shows an API date as DD/MM/YYYY', () => {
    expect(formatDay('2026-11-23')).toBe('23/11/2026');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
