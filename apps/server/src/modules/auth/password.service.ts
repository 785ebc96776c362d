import { checkFieldRule, type LoginResult } from '@sea/contracts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { Merchant } from '../../http/principals.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RegistrationModule } from '../registration/index.ts';
import { normaliseNumber, type VerificationModule } from '../verification/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import type { LoginClient } from './devices.ts';

const fieldError = (field: string, reason: string, message: string) =>
  new AppError('validation_failed', message, { in: 'body', fields: [{ field, reason, message }] });

/** Change password, forgot password by phone, and free-play (trial) accounts. */
export function createPasswordService(deps: {
  members: Pick<MembersModule, 'create' | 'findById' | 'findByMobile' | 'setPassword'>;
  repo: Pick<AuthRepository, 'revokeAllOf'>;
  hasher: PasswordHasher;
  registration: Pick<RegistrationModule, 'rules'>;
  verification: Pick<VerificationModule, 'verifyCode'>;
  merchants: Pick<MerchantsModule, 'flags'>;
  auth: Pick<AuthService, 'startSession'>;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  async function checkNewPassword(merchant: Merchant, password: string, field: string) {
    const rule = (await deps.registration.rules(merchant.id)).password;
    const problem = checkFieldRule({ ...rule, required: true }, password);
    if (problem)
      throw fieldError(
        field,
        problem,
        `The new password is not valid (${rule.minLength}–${rule.maxLength} characters).`,
      );
  }

  return {
    checkNewPassword,

    /** Keeps the current session; every other session of the member ends (ASVS 7.4.3). */
    async change(
      merchant: Merchant,
      memberId: bigint,
      sessionId: bigint,
      body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    ): Promise<void> {
      const member = await deps.members.findById(merchant.id, memberId);
      if (!member) throw new AppError('unauthorized');
      if (body.newPassword !== body.confirmNewPassword)
        throw fieldError('confirmNewPassword', 'mismatch', 'The passwords do not match.');
      await checkNewPassword(merchant, body.newPassword, 'newPassword');
      const limit = await deps.limiter.hit(`pwchange:${memberId}`, 5, 15 * 60_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      if (!(await deps.hasher.verify(member.password_hash, body.oldPassword)))
        throw fieldError('oldPassword', 'incorrect', 'The old password is not correct.');
      if (body.newPassword === body.oldPassword)
        throw fieldError('newPassword', 'unchanged', 'Choose a password different from the old one.');
      const now = deps.clock();
      await deps.members.setPassword(member.id, await deps.hasher.hash(body.newPassword), now);
      await deps.repo.revokeAllOf(member.id, now, sessionId);
    },

    async resetByPhone(
      merchant: Merchant,
      body: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
      client: LoginClient,
    ): Promise<LoginResult> {
      if (!(await deps.merchants.flags(merchant.id)).FORGOTPWDPHONE3) throw new AppError('function_not_enabled');
      await checkNewPassword(merchant, body.newPassword, 'newPassword');
      const { cc, mobile } = normaliseNumber(body.countryDialingCode, body.mobileNum);
      await deps.verification.verifyCode({
        merchantId: merchant.id,
        purpose: 'reset',
        countryDialingCode: cc,
        mobileNum: mobile,
        code: body.verificationCode,
      });
      const member = await deps.members.findByMobile(merchant.id, cc, mobile);
      // Codes go to any number (no enumeration); a number with no account ends here like a wrong code.
      if (!member || member.status !== 'active') throw new AppError('verification_code_invalid');
      const now = deps.clock();
      await deps.members.setPassword(member.id, await deps.hasher.hash(body.newPassword), now);
      await deps.repo.revokeAllOf(member.id, now);
      const fresh = (await deps.members.findById(merchant.id, member.id))!;
      return deps.auth.startSession(merchant, fresh, 'member', 'password', client);
    },

    /** FREEPLAY3: a trial account (the merchant's first trial type) with a session, refused every real-money action. */
    async freeplay(merchant: Merchant, client: LoginClient): Promise<LoginResult> {
      if (!(await deps.merchants.flags(merchant.id)).FREEPLAY3 || merchant.trialTypes.length === 0)
        throw new AppError('function_not_enabled');
      const limit = await deps.limiter.hit(`freeplay:ip:${client.ip}`, 10, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const member = await deps.members.create(
        {
          merchant,
          account: `trial${randomBytes(6).toString('hex')}`,
          password: randomBytes(24).toString('base64url'),
          type: merchant.trialTypes[0],
          nickname: 'Guest',
          ip: client.ip,
        },
        { skipUsernameRule: true },
      );
      return deps.auth.startSession(merchant, member, 'member', 'sms', client);
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
