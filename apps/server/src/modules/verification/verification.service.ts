import { randomInt } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { sameDigest, sha256Hex } from '../../lib/hash.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { Merchant } from '../../http/principals.ts';
import type { CaptchaModule } from '../captcha/index.ts';
import { COUNTRIES } from '../registration/index.ts';
import type { SmsProvider } from './sms-provider.ts';
import type { VerificationRepository } from './verification.repository.ts';

/** SMS-pumping defences (security-reliability.md §2.6): captcha first, cooldown, per-number and per-IP caps. */
export const SMS_RULES = {
  codeTtlMinutes: 5,
  cooldownSeconds: 60,
  perNumberPerDay: 5,
  perIpPerHour: 10,
  perIpPerMinute: 20,
  maxAttempts: 5,
} as const;

/** mobile_change: a signed-in member confirming a new number (migration 0152). */
export type CodePurpose = 'login' | 'register' | 'reset' | 'mobile_change';
const DIALING_CODES = new Set(COUNTRIES.map((c) => c.countryDialingCode));

/** `+84`, ` 0912-345 678` → `84`, `0912345678`; throws invalid_phone_number. */
export function normaliseNumber(countryDialingCode: string, mobileNum: string): { cc: string; mobile: string } {
  const cc = countryDialingCode.trim().replace(/^\+/, '');
  const compact = mobileNum.replace(/[\s\-().]/g, '');
  if (!DIALING_CODES.has(cc) || !/^\d{6,15}$/.test(compact)) throw new AppError('invalid_phone_number');
  return { cc, mobile: compact };
}

const codeHash = (merchantId: bigint, cc: string, mobile: string, code: string) =>
  sha256Hex(`${merchantId}:${cc}:${mobile}:${code}`);

export function createVerificationService(deps: {
  repo: VerificationRepository;
  captcha: Pick<CaptchaModule, 'verify'>;
  sms: SmsProvider;
  limiter: WindowLimiter;
  clock: () => Date;
  generateCode?: () => string;
}) {
  const { repo, clock } = deps;
  const generateCode = deps.generateCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'));
  const tooMany = (retryAfterSeconds: number) => new AppError('too_many_requests', undefined, { retryAfterSeconds });

  return {
    async sendCode(input: {
      merchant: Merchant;
      purpose: CodePurpose;
      countryDialingCode: string;
      mobileNum: string;
      captchaId?: string;
      captcha?: string;
      ip: string;
      /**
       * A signed-in member who gave the login password (a mobile change): no captcha, the number's cooldown and
       * daily cap and the IP caps still apply.
       */
      signedIn?: boolean;
      /** The signed-in member asking (a mobile change): kept on the code, so its number is erased with the member's data. */
      memberId?: bigint;
    }) {
      const burst = await deps.limiter.hit(`sms:ip:${input.ip}`, SMS_RULES.perIpPerMinute, 60_000);
      if (!burst.allowed) throw tooMany(burst.retryAfterSeconds);
      const { cc, mobile } = normaliseNumber(input.countryDialingCode, input.mobileNum);
      if (!input.signedIn) await deps.captcha.verify(input.merchant.id, input.captchaId, input.captcha);

      const now = clock();
      const key = { merchantId: input.merchant.id, countryDialingCode: cc, mobile };
      const day = await repo.numberStats(key, new Date(now.getTime() - 86_400_000));
      if (day.last) {
        const wait = SMS_RULES.cooldownSeconds - Math.floor((now.getTime() - day.last.getTime()) / 1000);
        if (wait > 0) throw tooMany(wait);
      }
      if (day.count >= SMS_RULES.perNumberPerDay) throw tooMany(300);
      if ((await repo.ipCount(input.ip, new Date(now.getTime() - 3_600_000))) >= SMS_RULES.perIpPerHour)
        throw tooMany(300);

      const code = generateCode();
      const id = await repo.insert({
        ...key,
        purpose: input.purpose,
        codeHash: codeHash(input.merchant.id, cc, mobile, code),
        ip: input.ip,
        memberId: input.memberId,
        now,
        expiresAt: new Date(now.getTime() + SMS_RULES.codeTtlMinutes * 60_000),
      });
      try {
        await deps.sms.send({
          to: `${cc}${mobile}`,
          text: `${input.merchant.name}: your verification code is ${code}. It expires in ${SMS_RULES.codeTtlMinutes} minutes.`,
        });
      } catch {
        await repo.remove(id); // not sent: it must not count against the caps nor be usable
        throw new AppError('service_unavailable', 'The SMS could not be sent. Please try again later.');
      }
      return { expiredMinutes: SMS_RULES.codeTtlMinutes, resendAfterSeconds: SMS_RULES.cooldownSeconds };
    },

    /**
     * Sends a code another module made and checks itself (the auth module's new-device login check): the same text
     * through the same SMS provider; service_unavailable when it could not be sent.
     */
    async deliverSms(input: {
      merchant: Merchant;
      countryDialingCode: string;
      mobileNum: string;
      code: string;
      minutes: number;
    }): Promise<void> {
      const { cc, mobile } = normaliseNumber(input.countryDialingCode, input.mobileNum);
      try {
        await deps.sms.send({
          to: `${cc}${mobile}`,
          text: `${input.merchant.name}: your verification code is ${input.code}. It expires in ${input.minutes} minutes.`,
        });
      } catch {
        throw new AppError('service_unavailable', 'The SMS could not be sent. Please try again later.');
      }
    },

    /** Checks and consumes the newest code for the number; throws verification_code_invalid/_expired. */
    async verifyCode(input: {
      merchantId: bigint;
      purpose: CodePurpose;
      countryDialingCode: string;
      mobileNum: string;
      code: string;
    }): Promise<void> {
      const { cc, mobile } = normaliseNumber(input.countryDialingCode, input.mobileNum);
      const now = clock();
      const row = await repo.latest({
        merchantId: input.merchantId,
        countryDialingCode: cc,
        mobile,
        purpose: input.purpose,
      });
      if (!row || row.attempts >= SMS_RULES.maxAttempts) throw new AppError('verification_code_invalid');
      if (row.expires_at.getTime() <= now.getTime()) throw new AppError('verification_code_expired');
      const right = sameDigest(row.code_hash, codeHash(input.merchantId, cc, mobile, input.code.trim()));
      const counted = await repo.attempt(row.id, right, now);
      if (!right || !counted) throw new AppError('verification_code_invalid');
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
