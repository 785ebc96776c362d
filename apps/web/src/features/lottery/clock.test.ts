import { describe, expect, it } from 'vitest';
import { clockOffset, formatCountdown, issuePhase } from './clock.ts';

const issue = { status: 'open', closesAt: '2026-11-26T10:00:50.000Z', drawsAt: '2026-11-26T10:01:00.000Z' };
const at = (s: string) => Date.parse(`2026-11-26T${s}Z`);

describe('issue clock', () => {
  it('counts to the close, then to the draw, then waits for the result', () => {
    expect(issuePhase(issue, at('10:00:00.000'))).toEqual({ phase: 'open', seconds: 50 });
    expect(issuePhase(issue, at('10:00:49.100'))).toEqual({ phase: 'open', seconds: 1 });
    expect(issuePhase(issue, at('10:00:50.000'))).toEqual({ phase: 'closed', seconds: 10 });
    expect(issuePhase(issue, at('10:01:00.000'))).toEqual({ phase: 'drawing', seconds: 0 });
  });

  it('an issue the server already closed is closed whatever the clock says', () => {
    expect(issuePhase({ ...issue, status: 'closed' }, at('10:00:00.000')).phase).toBe('closed');
  });

  it('corrects the device clock by the server time', () => {
    expect(clockOffset('2026-11-26T10:00:00.000Z', at('09:59:30.000'))).toBe(30_000);
    expect(clockOffset('garbage', 5)).toBe(0);
  });

  it('formats a fixed-width countdown', () => {
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});
