import { randomBytes } from 'node:crypto';
import type { AnyDb } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { MembersModule } from '../members/index.ts';
import type { AuthRepository } from './auth.repository.ts';

/** Letters and digits without look-alikes (0/O, 1/l/I): a one-time password read out to a member. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 14 characters from the alphabet (about 80 bits), drawn without modulo bias. */
function oneTimePassword(): string {
  let out = '';
  while (out.length < 14) {
    for (const b of randomBytes(32)) {
      if (b < 4 * ALPHABET.length && out.length < 14) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}

/**
 * What the back office does to a member's sign-in: its login history, ending its sessions, a password reset
 * with a one-time password (the member must replace it at its next login). Each write runs in one transaction
 * with the caller's `alsoInTransaction` (the audit record).
 */
export function createOperatorService(deps: {
  repo: AuthRepository;
  members: Pick<MembersModule, 'setPassword'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  clock: () => Date;
}) {
  const { repo } = deps;
  return {
    async loginHistory(merchantId: bigint, memberId: bigint, page: { pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.logins(merchantId, memberId, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        items: rows.map((r) => ({
          time: r.at.toISOString(),
          ip: r.ip,
          userAgent: r.user_agent,
          method: r.method,
          result: r.result,
        })),
        total,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
      };
    },

    liveSessions: (memberId: bigint) => repo.liveCount(memberId, deps.clock()),

    /** Ends every session of the member in the caller's transaction (a lock); returns how many there were. */
    endSessionsIn: (executor: AnyDb, memberId: bigint) => repo.revokeAllOf(memberId, deps.clock(), undefined, executor),

    /** Ends every session of the member; returns how many were live. */
    endSessions: (memberId: bigint, alsoInTransaction: (trx: AnyDb, ended: number) => Promise<void>) =>
      repo.transaction(async (trx) => {
        const ended = await repo.revokeAllOf(memberId, deps.clock(), undefined, trx);
        await alsoInTransaction(trx, ended);
        return ended;
      }),

    /** A new one-time password (returned once, stored hashed) and every session of the member ended. */
    async resetPassword(
      memberId: bigint,
      alsoInTransaction: (trx: AnyDb, ended: number) => Promise<void>,
    ): Promise<{ oneTimePassword: string; sessionsEnded: number }> {
      const password = oneTimePassword();
      const hash = await deps.hasher.hash(password);
      return repo.transaction(async (trx) => {
        const now = deps.clock();
        await deps.members.setPassword(memberId, hash, now, { mustChange: true, executor: trx });
        const ended = await repo.revokeAllOf(memberId, now, undefined, trx);
        await alsoInTransaction(trx, ended);
        return { oneTimePassword: password, sessionsEnded: ended };
      });
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
