import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/hash.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { Merchant } from '../../http/principals.ts';
import type { Mailer } from '../mail/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { PasswordService } from './password.service.ts';

export const RESET_LINK_MINUTES = 30;

/**
 * Forgot password by e-mail: the answer is the same whether or not the account and address match (no
 * enumeration); a match gets a single-use link valid 30 minutes.
 */
export function createEmailResetService(deps: {
  repo: Pick<AuthRepository, 'insertResetToken' | 'consumeResetToken' | 'revokeAllOf'>;
  members: Pick<MembersModule, 'findByAccount' | 'setPassword'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  passwords: Pick<PasswordService, 'checkNewPassword'>;
  mailer: Mailer;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const { repo, clock } = deps;
  return {
    async request(
      merchant: Merchant,
      body: { username: string; email: string },
      origin: string,
      ip: string,
    ): Promise<void> {
      for (const [key, limit] of [
        [`reset:ip:${ip}`, 10],
        [`reset:acct:${merchant.id}:${body.username.toLowerCase()}`, 3],
      ] as const) {
        const r = await deps.limiter.hit(key, limit, 3_600_000);
        if (!r.allowed) throw new AppError('too_many_requests', undefined, { retryAfterSeconds: r.retryAfterSeconds });
      }
      const member = await deps.members.findByAccount(merchant.id, body.username);
      if (
        !member ||
        member.status !== 'active' ||
        !member.email ||
        member.email.toLowerCase() !== body.email.trim().toLowerCase()
      )
        return;
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await repo.insertResetToken({
        merchantId: merchant.id,
        memberId: member.id,
        tokenHash: sha256Hex(token),
        now,
        expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      });
      await deps.mailer.send({
        to: member.email,
        subject: `${merchant.name}: reset your password`,
        text: `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n${origin}/resetPassword?token=${token}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    },

    async complete(merchant: Merchant, body: { token: string; newPassword: string }): Promise<void> {
      await deps.passwords.checkNewPassword(merchant, body.newPassword, 'newPassword');
      const now = clock();
      const memberId = await repo.consumeResetToken(merchant.id, sha256Hex(body.token), now);
      if (memberId === undefined)
        throw new AppError('verification_code_invalid', 'This link is not valid any more. Please ask for a new one.');
      await deps.members.setPassword(memberId, await deps.hasher.hash(body.newPassword), now);
      await repo.revokeAllOf(memberId, now);
    },
  };
}

export type EmailResetService = ReturnType<typeof createEmailResetService>;
