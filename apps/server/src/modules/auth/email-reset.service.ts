import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/hash.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Merchant } from '../merchants/merchants.types.ts';
import type { MembersRepository } from '../members/members.repository.ts';
import type { PasswordService } from './password.service.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export const RESET_LINK_MINUTES = 30;

/**
 * Forgot password by e-mail: the answer is the same whether or not the account and address match (no
 * enumeration); a match gets a single-use link valid 30 minutes.
 */
export function createEmailResetService(deps: {
  db: Kysely<DB>;
  membersRepo: MembersRepository;
  sessions: Pick<SessionsRepository, 'revokeAllOf'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  passwords: Pick<PasswordService, 'checkNewPassword'>;
  mailer: Mailer;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const { db, clock } = deps;
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
      const member = await deps.membersRepo.findByAccount(merchant.id, body.username);
      if (
        !member ||
        member.status !== 'active' ||
        !member.email ||
        member.email.toLowerCase() !== body.email.trim().toLowerCase()
      )
        return;
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await db
        .insertInto('password_reset_tokens')
        .values({
          merchant_id: merchant.id,
          member_id: member.id,
          token_hash: sha256Hex(token),
          created_at: now,
          expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
        })
        .execute();
      await deps.mailer.send({
        to: member.email,
        subject: `${merchant.name}: reset your password`,
        text: `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n${origin}/resetPassword?token=${token}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    },

    async complete(merchant: Merchant, body: { token: string; newPassword: string }): Promise<void> {
      await deps.passwords.checkNewPassword(merchant, body.newPassword, 'newPassword');
      const now = clock();
      const row = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', sha256Hex(body.token))
        .where('merchant_id', '=', merchant.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('member_id')
        .executeTakeFirst();
      if (!row)
        throw new AppError('verification_code_invalid', 'This link is not valid any more. Please ask for a new one.');
      await deps.membersRepo.setPassword(row.member_id, await deps.hasher.hash(body.newPassword), now);
      await deps.sessions.revokeAllOf(row.member_id, now);
    },
  };
}

export type EmailResetService = ReturnType<typeof createEmailResetService>;
