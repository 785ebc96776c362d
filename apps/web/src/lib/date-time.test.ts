import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatIsoDateTime, localDate, setFixedOffset } from './date-time.ts';

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

describe('a zone the server gave a fixed offset', () => {
  const Real = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = Real;
  });
  /** Counts the Intl date formatters made from now on. */
  function countFormatters(): { count: number } {
    const made = { count: 0 };
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made.count++;
      }
    } as typeof Real;
    return made;
  }

  it('is formatted from the offset without Intl, the same as Intl writes it', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    const at = new Date('2026-11-28T17:04:05.999Z');
    // Jakarta and Kathmandu are used nowhere else in this file: no formatter of theirs is kept yet.
    setFixedOffset('Asia/Jakarta', 420, now);
    setFixedOffset('Asia/Kathmandu', 345, now);
    const made = countFormatters();
    expect(formatDateTime(at, 'Asia/Jakarta')).toBe('29/11/2026 00:04:05');
    expect(formatIsoDateTime(at, 'Asia/Kathmandu')).toBe('2026-11-28 22:49:05');
    expect(localDate(new Date('2026-11-29T16:59:59Z'), 'Asia/Jakarta')).toBe('2026-11-29');
    expect(localDate(new Date('2026-11-29T17:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-30');
    expect(made.count).toBe(0);
    Intl.DateTimeFormat = Real;
    const intl = (t: Date, zone: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }).format(t);
    expect(formatDateTime(at, 'Asia/Jakarta').replace(' ', ', ')).toBe(intl(at, 'Asia/Jakarta'));
  });

  it('leaves dates more than a year away, and a zone without a fixed offset, to Intl', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    setFixedOffset('Asia/Jakarta', 0, now); // a wrong offset shows which path wrote the date
    const made = countFormatters();
    expect(formatDateTime(new Date('2026-06-01T00:00:00Z'), 'Asia/Jakarta')).toBe('01/06/2026 00:00:00');
    expect(formatDateTime(new Date('2020-06-01T00:00:00Z'), 'Asia/Jakarta')).toBe('01/06/2020 07:00:00');
    setFixedOffset('Asia/Jakarta', null, now);
    expect(formatDateTime(new Date('2026-06-01T00:00:00Z'), 'Asia/Jakarta')).toBe('01/06/2026 07:00:00');
    expect(made.count).toBe(1); // the zone's formatter, made once for both
  });
});
