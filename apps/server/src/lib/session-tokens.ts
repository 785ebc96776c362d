import { randomBytes } from 'node:crypto';
import { sha256Hex } from './hash.ts';

/**
 * Opaque session tokens, shared by member and admin sessions: 256 random bits given to the client once, only
 * their SHA-256 stored; an idle expiry slid by use (written at most once per `touchEverySeconds`) under an
 * absolute expiry that never moves.
 */
export interface SessionRules {
  idleMinutes: number;
  absoluteHours: number;
  touchEverySeconds: number;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export const hashSessionToken = (token: string) => sha256Hex(token);

export function createSessionTokens(rules: SessionRules) {
  return {
    /** A new token, its stored hash, and the expiries of a session starting at `now`. */
    issue(now: Date) {
      const token = randomBytes(32).toString('base64url');
      return {
        token,
        tokenHash: hashSessionToken(token),
        idleExpiresAt: new Date(now.getTime() + rules.idleMinutes * 60_000),
        absoluteExpiresAt: new Date(now.getTime() + rules.absoluteHours * 3_600_000),
      };
    },

    /** The stored hash of a presented token, or null when it cannot be one of ours (no lookup then). */
    lookupHash: (token: string): string | null => (TOKEN.test(token) ? hashSessionToken(token) : null),

    /** When a use at `now` should slide the idle expiry, the new idle expiry; else null (no write). */
    slide(lastSeenAt: Date, now: Date): Date | null {
      if (now.getTime() - lastSeenAt.getTime() < rules.touchEverySeconds * 1000) return null;
      return new Date(now.getTime() + rules.idleMinutes * 60_000);
    },
  };
}
