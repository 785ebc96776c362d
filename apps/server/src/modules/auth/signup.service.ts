import {
  checkFieldRule,
  type LoginResult,
  REGISTER_FIELDS,
  type RegisterField,
  type ReferralFlag,
  type RegisterRequest,
} from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { Merchant } from '../../http/principals.ts';
import type { CaptchaModule } from '../captcha/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RegistrationModule } from '../registration/index.ts';
import { normaliseNumber, type VerificationModule } from '../verification/index.ts';
import type { AuthService } from './auth.service.ts';
import type { LoginClient } from './devices.ts';

type FieldError = { field: string; reason: string; message: string };
const invalid = (fields: FieldError[]) => new AppError('validation_failed', undefined, { in: 'body', fields });

/** Fields of the request checked against the merchant's rules (captcha and the code are checked apart). */
const CHECKED: RegisterField[] = REGISTER_FIELDS.filter((f) => f !== 'captcha' && f !== 'verificationCode');

/**
 * The referral module's side of registration (filled in by modules.ts; the referral module is built later):
 * `check` a referral code (off: the programme is off, the code is only stored), `attach` the referrer in the
 * member's transaction.
 */
export interface ReferralPort<F extends string = ReferralFlag> {
  check?: (
    merchant: Merchant,
    code: string,
    place: { ip: string; deviceId: string | null },
  ) => Promise<{ kind: 'off' } | { kind: 'unknown' } | { kind: 'ok'; referrerId: bigint; code: string; flags: F[] }>;
  attach?: (
    trx: AnyDb,
    a: {
      merchant: Merchant;
      referrerId: bigint;
      refereeId: bigint;
      code: string;
      ip: string;
      deviceId: string | null;
      flags: F[];
    },
  ) => Promise<void>;
}

/** Sign-up (spec §4 registration) by username or by mobile number, ending logged in; the affiliate check. */
export function createSignupService(deps: {
  registration: Pick<RegistrationModule, 'rules'>;
  members: Pick<MembersModule, 'create' | 'invitation' | 'findByMobile'>;
  merchants: Pick<MerchantsModule, 'flags'>;
  captcha: Pick<CaptchaModule, 'verify'>;
  verification: Pick<VerificationModule, 'verifyCode'>;
  auth: Pick<AuthService, 'startSession'>;
  limiter: WindowLimiter;
  referral?: ReferralPort;
}) {
  /** An invitation code: an active agent's own code or one of its live affiliate links. */
  async function invitationOf(merchant: Merchant, code: string) {
    const found = await deps.members.invitation(merchant, code);
    if (!found || found.agent.status !== 'active') throw new AppError('invitation_code_error');
    return found;
  }

  return {
    /** GET /wps/agent/affiliate: is this invitation code an active agent's? */
    async checkAffiliate(merchant: Merchant, code: string) {
      const { agent } = await invitationOf(merchant, code);
      return { valid: true as const, agentName: agent.nickname ?? agent.account };
    },

    /**
     * Spec §4 registration: validate, check the affiliate code, human verification, (mobile) verify the SMS
     * code, create the member, and log them in.
     */
    async register(
      merchant: Merchant,
      method: 'username' | 'mobile',
      req: RegisterRequest,
      client: LoginClient,
    ): Promise<LoginResult> {
      const flags = await deps.merchants.flags(merchant.id);
      if (!(method === 'username' ? flags.USERNAMEREG3 : flags.MOBILENUMREG3))
        throw new AppError('function_not_enabled');
      const limit = await deps.limiter.hit(`register:ip:${client.ip}`, 10, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });

      const rules = await deps.registration.rules(merchant.id);
      const values: Partial<Record<RegisterField, string | undefined>> = { ...req };
      const needsPassword = method === 'username' || flags.MOBILENUMPASSREG3;
      let mobile: { cc: string; mobile: string } | null = null;
      if (method === 'mobile') {
        if (!req.mobileNum)
          throw invalid([{ field: 'mobileNum', reason: 'required', message: 'Missing phone number' }]);
        mobile = normaliseNumber(req.countryDialingCode ?? '', req.mobileNum);
        values.username = undefined; // the mobile number is the username
      }

      const fields: FieldError[] = [];
      for (const field of CHECKED) {
        const rule = rules[field];
        if (field === 'username' && method === 'mobile') continue;
        if ((field === 'password' || field === 'confirmPassword') && !needsPassword) continue;
        const mustHave =
          field === 'username' ||
          field === 'password' ||
          field === 'confirmPassword' ||
          (field === 'mobileNum' && method === 'mobile');
        if (!rule.enabled && !mustHave) continue;
        const problem = checkFieldRule({ ...rule, required: rule.required || mustHave }, values[field]);
        if (problem) fields.push({ field, reason: problem, message: `${field}: ${problem}` });
      }
      if (needsPassword && req.password !== req.confirmPassword)
        fields.push({ field: 'confirmPassword', reason: 'mismatch', message: 'The passwords do not match.' });
      if (req.agreeTerms !== true)
        fields.push({
          field: 'agreeTerms',
          reason: 'required',
          message: 'You must be 18 or older and accept the terms.',
        });
      if (fields.length) throw invalid(fields);

      const invitation = req.affiliateCode ? await invitationOf(merchant, req.affiliateCode) : null;
      // A referral code while the programme runs must be a member's (the spec's form pre-fills it from the link).
      const referral =
        req.referralCode && deps.referral?.check
          ? await deps.referral.check(merchant, req.referralCode, { ip: client.ip, deviceId: client.deviceId ?? null })
          : null;
      if (referral?.kind === 'unknown')
        throw new AppError('referral_code_invalid', undefined, { field: 'referralCode' });
      if (rules.captcha.enabled) await deps.captcha.verify(merchant.id, req.captchaId, req.captcha);
      const needsCode = method === 'mobile' || flags.REGMOBVERF3;
      if (!mobile && (req.mobileNum || needsCode)) {
        if (!req.mobileNum)
          throw invalid([{ field: 'mobileNum', reason: 'required', message: 'Missing phone number' }]);
        mobile = normaliseNumber(req.countryDialingCode ?? '', req.mobileNum);
      }
      if (needsCode && mobile) {
        await deps.verification.verifyCode({
          merchantId: merchant.id,
          purpose: 'register',
          countryDialingCode: mobile.cc,
          mobileNum: mobile.mobile,
          code: req.verificationCode ?? '',
        });
      }
      if (mobile && (await deps.members.findByMobile(merchant.id, mobile.cc, mobile.mobile))) {
        throw invalid([{ field: 'mobileNum', reason: 'taken', message: 'This phone number is already registered.' }]);
      }

      const account = method === 'mobile' && mobile ? `${mobile.cc}${mobile.mobile}` : (req.username ?? '');
      // Mobile registration without a password (MOBILENUMPASSREG3 off): an unguessable one; the member logs in by SMS.
      const password = needsPassword ? (req.password ?? '') : crypto.randomUUID();
      const member = await deps.members.create(
        {
          merchant,
          account,
          password,
          email: req.email || null,
          realName: req.payeeName || null,
          referralCode: req.referralCode || null,
          paymentPassword: req.paymentPassword || null,
          countryDialingCode: mobile?.cc ?? null,
          mobile: mobile?.mobile ?? null,
          uplineId: invitation?.agent.id ?? null,
          invitationCode: invitation ? (req.affiliateCode ?? null) : null,
          // An affiliate link says what the registrant becomes (member or agent type, rebate point).
          type: invitation?.type ?? 0,
          rebatePoint: invitation?.rebatePoint ?? '0',
          ip: client.ip,
        },
        {
          skipUsernameRule: method === 'mobile',
          linkId: invitation?.linkId,
          alsoInTransaction:
            referral?.kind === 'ok' && deps.referral?.attach
              ? (trx, row) =>
                  deps.referral!.attach!(trx, {
                    merchant,
                    referrerId: referral.referrerId,
                    refereeId: row.id,
                    code: referral.code,
                    ip: client.ip,
                    deviceId: client.deviceId ?? null,
                    flags: referral.flags,
                  })
              : undefined,
        },
      );
      return deps.auth.startSession(merchant, member, 'member', method === 'mobile' ? 'sms' : 'password', client);
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
