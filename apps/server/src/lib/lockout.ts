import { AppError } from './errors.ts';
import { createMemoryLockStates, lockMinutes, type WindowLimiter } from './window-limiter.ts';

/**
 * Login protection shared by the member site and the back office (security-reliability.md §1.3, §2.2):
 * per-IP and per-account windows checked before any lookup or hash, then an account lock after repeated
 * failures that doubles per repeat up to a cap (never permanent). Accounts that do not exist get the same
 * counters and lock states ("ghosts", in the limiter's lock-state store: Redis when several processes run, so
 * every process answers alike), so no answer tells whether an account exists.
 */
export interface LockoutRules {
  perIpPerMinute: number;
  perAccountPerMinute: number;
  failuresBeforeLock: number;
  firstLockMinutes: number;
  maxLockMinutes: number;
}

/** The lock columns of a stored account, and how to change them. */
export interface LockableAccount {
  failures: number;
  lockLevel: number;
  lockedUntil: Date | null;
  /** One more failure; returns the new count. */
  addFailure(): Promise<number>;
  /** Locks until `until`, resets the count and raises the level. */
  lock(until: Date): Promise<void>;
}

const tooMany = (retryAfterSeconds: number) => new AppError('too_many_requests', undefined, { retryAfterSeconds });

export function createLockout(deps: {
  rules: LockoutRules;
  limiter: WindowLimiter;
  clock: () => Date;
  prefix: string;
}) {
  const { rules, limiter, clock, prefix } = deps;
  const ghosts = limiter.lockStates ?? createMemoryLockStates();
  const ghostKey = (accountKey: string) => `${prefix}:${accountKey}`;

  return {
    /** Cheap refusals first: a throttled caller gets too_many_requests before anything is looked up. */
    async throttle(ip: string, accountKey: string): Promise<void> {
      for (const [key, limit] of [
        [`${prefix}:ip:${ip}`, rules.perIpPerMinute],
        [`${prefix}:acct:${accountKey}`, rules.perAccountPerMinute],
      ] as const) {
        const r = await limiter.hit(key, limit, 60_000);
        if (!r.allowed) throw tooMany(r.retryAfterSeconds);
      }
    },

    /** Refuses a locked account (stored, or the ghost of an unknown one) with the seconds left. */
    async assertNotLocked(accountKey: string, account: LockableAccount | undefined): Promise<void> {
      const until = account
        ? (account.lockedUntil?.getTime() ?? 0)
        : (await ghosts.get(ghostKey(accountKey))).lockedUntil;
      const now = clock().getTime();
      if (until > now) throw tooMany(Math.ceil((until - now) / 1000));
    },

    /** Failures counted so far (captcha escalation). */
    async failures(accountKey: string, account: LockableAccount | undefined): Promise<number> {
      return account ? account.failures : (await ghosts.get(ghostKey(accountKey))).failures;
    },

    /** Counts a failed attempt and locks when the limit is reached; returns the count and whether it locked. */
    async fail(accountKey: string, account: LockableAccount | undefined): Promise<{ count: number; locked: boolean }> {
      const now = clock().getTime();
      if (account) {
        const count = await account.addFailure();
        const locked = count >= rules.failuresBeforeLock;
        if (locked) await account.lock(new Date(now + lockMinutes(rules, account.lockLevel) * 60_000));
        return { count, locked };
      }
      // Same transitions as a stored account: the lock resets the count and raises the level.
      return ghosts.fail(ghostKey(accountKey), rules, now);
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
