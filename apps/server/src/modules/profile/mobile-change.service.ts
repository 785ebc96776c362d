import type { MobileChangeCodeRequest, MobileChanged, MobileChangeRequest } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import { normaliseNumber, type VerificationModule } from '../verification/index.ts';

/** Per member and hour: requests (each checks the password) and codes sent (each one an SMS). */
export const MOBILE_CHANGE_RULES = { requestsPerHour: 6, codesPerHour: 3 } as const;

const format = (cc: string | null, mobile: string | null) => (mobile ? `+${cc} ${mobile}` : null);

/**
 * The member changes the mobile number in the security centre: the login password, then a code sent by SMS to the
 * new number (the verification module's codes, purpose mobile_change: its cooldown, daily and per-IP caps, five
 * attempts a code), then the number saved with an audit entry in one transaction. The sessions stay (it is the
 * member, signed in, who changed it). A number another member of the merchant holds is refused (mobile_in_use).
 */
export function createMobileChangeService(deps: {
  db: AnyDb;
  members: Pick<MembersModule, 'findById' | 'findByMobile' | 'lockForUpdate' | 'setMobile'>;
  verification: Pick<VerificationModule, 'sendCode' | 'verifyCode'>;
  audit: Pick<AdminModule, 'recordAction'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  limiter: WindowLimiter;
}) {
  const { members } = deps;

  /** The number normalised; refused when it is the member's own or another member's. */
  async function checkNumber(merchant: Merchant, memberId: bigint, countryDialingCode: string, mobileNum: string) {
    const { cc, mobile } = normaliseNumber(countryDialingCode, mobileNum);
    const holder = await members.findByMobile(merchant.id, cc, mobile);
    if (holder?.id === memberId) throw new AppError('mobile_unchanged');
    if (holder) throw new AppError('mobile_in_use');
    return { cc, mobile };
  }

  return {
    async sendMobileCode(
      merchant: Merchant,
      memberId: bigint,
      body: MobileChangeCodeRequest,
      ip: string,
    ): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
      const m = await members.findById(merchant.id, memberId);
      if (!m) throw new AppError('unauthorized');
      // Limited before any password hash is computed (guessing the password through this form is slow).
      const asked = await deps.limiter.hit(`mobile-change:${memberId}`, MOBILE_CHANGE_RULES.requestsPerHour, 3_600_000);
      if (!asked.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: asked.retryAfterSeconds });
      if (!(await deps.hasher.verify(m.password_hash, body.password)))
        throw new AppError('validation_failed', 'The password is not correct.', {
          in: 'body',
          fields: [{ field: 'password', reason: 'incorrect', message: 'The password is not correct.' }],
        });
      const { cc, mobile } = await checkNumber(merchant, memberId, body.countryDialingCode, body.mobileNum);
      const limit = await deps.limiter.hit(
        `mobile-change:code:${memberId}`,
        MOBILE_CHANGE_RULES.codesPerHour,
        3_600_000,
      );
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      return deps.verification.sendCode({
        merchant,
        purpose: 'mobile_change',
        countryDialingCode: cc,
        mobileNum: mobile,
        ip,
        signedIn: true,
        memberId,
      });
    },

    async changeMobile(
      merchant: Merchant,
      memberId: bigint,
      body: MobileChangeRequest,
      ip: string,
    ): Promise<MobileChanged> {
      const { cc, mobile } = await checkNumber(merchant, memberId, body.countryDialingCode, body.mobileNum);
      await deps.verification.verifyCode({
        merchantId: merchant.id,
        purpose: 'mobile_change',
        countryDialingCode: cc,
        mobileNum: mobile,
        code: body.code,
      });
      try {
        await deps.db.transaction().execute(async (trx) => {
          const m = await members.lockForUpdate(trx, merchant.id, memberId);
          if (!m) throw new AppError('unauthorized');
          await members.setMobile(trx, merchant.id, memberId, cc, mobile);
          await deps.audit.recordAction(trx, {
            merchantId: merchant.id,
            adminId: null,
            action: 'member.mobile_change',
            targetType: 'member',
            targetId: m.account,
            detail: {
              account: m.account,
              by: 'member',
              from: format(m.country_dialing_code, m.mobile),
              to: format(cc, mobile),
            },
            ip,
          });
        });
      } catch (e) {
        // Another member confirmed the same number first (the unique index).
        if ((e as { code?: string }).code === '23505') throw new AppError('mobile_in_use');
        throw e;
      }
      return { mobile: format(cc, mobile)! };
    },
  };
}

export type MobileChangeService = ReturnType<typeof createMobileChangeService>;
