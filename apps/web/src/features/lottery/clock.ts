import { useEffect, useState } from 'react';

/**
 * Issue countdowns on the server's clock: each answer carries serverTime, so the page keeps the difference to the
 * device clock and counts with it (a device a minute off still closes bets at the right second).
 */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const t = Date.parse(serverTime);
  return Number.isFinite(t) ? t - receivedAt : 0;
}

export type IssuePhase =
  /** Bets accepted: `seconds` to the close. */
  | { phase: 'open'; seconds: number }
  /** Closed, the draw is in `seconds`. */
  | { phase: 'closed'; seconds: number }
  /** The draw time has passed: the result is on its way. */
  | { phase: 'drawing'; seconds: 0 };

export function issuePhase(issue: { status: string; closesAt: string; drawsAt: string }, now: number): IssuePhase {
  const closes = Date.parse(issue.closesAt);
  const draws = Date.parse(issue.drawsAt);
  if (issue.status === 'open' && now < closes) return { phase: 'open', seconds: Math.ceil((closes - now) / 1000) };
  if (now < draws) return { phase: 'closed', seconds: Math.ceil((draws - now) / 1000) };
  return { phase: 'drawing', seconds: 0 };
}

/** "mm:ss" (or "h:mm:ss" past an hour), fixed width. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** The server's "now", ticking every second (one timer per hook user). */
export function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const id = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(id);
  }, [offset]);
  return now;
}
