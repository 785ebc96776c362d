import type { TransactionPasswordRequest } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { MembersModule } from '../members/index.ts';

/** Wrong transaction passwords: at most 5 per member in 15 minutes, counted before any hash is computed. */
export const TX_PASSWORD_FAILURES = { limit: 5, windowMs: 15 * 60_000 } as const;
/** Setting or changing it checks the login password: 5 tries per member in 15 minutes. */
const SET_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;

const fieldError = (field: string, reason: string, message: string) =>
  new AppError('validation_failed', message, { in: 'body', fields: [{ field, reason, message }] });

/** The member's transaction (payment) password: 6 digits, argon2id like the login password. */
export function createTransactionPasswordService(deps: {
  members: Pick<MembersModule, 'findById' | 'setPaymentPassword'>;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
}) {
  const { members } = deps;

  return {
    async isSet(merchant: Merchant, memberId: bigint): Promise<boolean> {
      const m = await members.findById(merchant.id, memberId);
      return Boolean(m?.payment_password_hash);
    },

    /** Sets or changes it; the login password proves it is the member (a stolen session alone is not enough). */
    async set(merchant: Merchant, memberId: bigint, body: TransactionPasswordRequest): Promise<void> {
      if (body.newPassword !== body.confirm) throw fieldError('confirm', 'mismatch', 'The passwords do not match.');
      const member = await members.findById(merchant.id, memberId);
      if (!member) throw new AppError('unauthorized');
      const limit = await deps.limiter.hit(`txpw-set:${memberId}`, SET_LIMIT.limit, SET_LIMIT.windowMs);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      if (!(await deps.hasher.verify(member.password_hash, body.loginPassword)))
        throw fieldError('loginPassword', 'incorrect', 'The login password is not correct.');
      await members.setPaymentPassword(memberId, await deps.hasher.hash(body.newPassword));
    },

    /**
     * Throws transaction_password_required (none set), too_many_requests (5 wrong in the window; refused before
     * hashing) or transaction_password_invalid (counted as one failure).
     */
    async verify(merchant: Merchant, memberId: bigint, password: string): Promise<void> {
      const member = await members.findById(merchant.id, memberId);
      if (!member) throw new AppError('unauthorized');
      if (!member.payment_password_hash) throw new AppError('transaction_password_required');
      const key = `txpw-fail:${memberId}`;
      if ((await deps.limiter.count(key, TX_PASSWORD_FAILURES.windowMs)) >= TX_PASSWORD_FAILURES.limit)
        throw new AppError('too_many_requests');
      if (!/^\d{6}$/.test(password) || !(await deps.hasher.verify(member.payment_password_hash, password))) {
        await deps.limiter.hit(key, Number.MAX_SAFE_INTEGER, TX_PASSWORD_FAILURES.windowMs);
        throw new AppError('transaction_password_invalid');
      }
    },
  };
}

export type TransactionPasswordService = ReturnType<typeof createTransactionPasswordService>;
