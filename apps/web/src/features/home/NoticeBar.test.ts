import { describe, expect, it } from 'vitest';
import { formatClock } from './NoticeBar.tsx';

describe('formatClock', () => {
  it('formats DD/MM/YYYY HH:mm:ss in the merchant time zone', () => {
    expect(formatClock(new Date('2026-01-02T16:04:05Z'), 'Asia/Manila')).toBe('03/01/2026 00:04:05');
    expect(formatClock(new Date('2026-12-31T23:59:59Z'), 'UTC')).toBe('31/12/2026 23:59:59');
  });
});
