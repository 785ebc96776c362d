import { describe, expect, it } from 'vitest';
import { fixedOffsetMinutes, zoneDate, zoneDayStart, zoneOffsetMs, zoneParts } from './zone-time.ts';

describe('zone-time', () => {
  it('reads the wall clock of an instant in a zone, the same from the cache', () => {
    const at = new Date('2026-11-28T16:30:05.789Z');
    expect(zoneParts(at, 'Asia/Manila')).toEqual({ y: 2026, mo: 11, d: 29, h: 0, mi: 30, s: 5 });
    expect(zoneParts(at.getTime() + 100, 'Asia/Manila')).toEqual({ y: 2026, mo: 11, d: 29, h: 0, mi: 30, s: 5 });
    expect(zoneParts(at, 'UTC')).toEqual({ y: 2026, mo: 11, d: 28, h: 16, mi: 30, s: 5 });
    expect(zoneDate(at, 'Asia/Manila')).toBe('2026-11-29');
    expect(zoneDate(at, 'Asia/Ho_Chi_Minh')).toBe('2026-11-28');
  });

  it('gives the offset in whole seconds, also across a daylight-saving change', () => {
    expect(zoneOffsetMs(new Date('2026-11-28T16:30:05.789Z'), 'Asia/Manila')).toBe(8 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it('finds the instant a local date begins, on a day that starts after a DST change', () => {
    expect(zoneDayStart('2026-11-29', 'Asia/Manila').toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(zoneDayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zoneDayStart('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Santiago's clocks go from 00:00 to 01:00 on 2026-09-06: that day begins at 01:00 local (04:00 UTC).
    expect(zoneDayStart('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('refuses an unknown zone as Intl does', () => {
    expect(() => zoneParts(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('gives a fixed offset only for zones without a change in the span', () => {
    const at = new Date('2026-11-28T16:30:05Z');
    expect(fixedOffsetMinutes(at, 'Asia/Ho_Chi_Minh')).toBe(420);
    expect(fixedOffsetMinutes(at, 'Asia/Manila')).toBe(480);
    expect(fixedOffsetMinutes(at, 'Asia/Kolkata')).toBe(330);
    expect(fixedOffsetMinutes(at, 'UTC')).toBe(0);
    expect(fixedOffsetMinutes(at, 'Europe/London')).toBeNull(); // daylight saving
    expect(fixedOffsetMinutes(at, 'America/Santiago')).toBeNull();
    // Samoa dropped daylight saving in 2021: not fixed from 2020's view, fixed from 2026's.
    expect(fixedOffsetMinutes(new Date('2020-06-01T00:00:00Z'), 'Pacific/Apia')).toBeNull();
    expect(fixedOffsetMinutes(at, 'Pacific/Apia')).toBe(780);
  });
});
