import type { LoginCheckAnswer, LoginRequest, LoginResult } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { SystemText } from '../../lib/translations.ts';
import { createLockout, type LockableAccount } from '../../lib/lockout.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import { createSessionTokens, hashSessionToken } from '../../lib/session-tokens.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { CaptchaModule } from '../captcha/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { isAgentType, isTrialType, type MemberRow, type MembersModule } from '../members/index.ts';
import { normaliseNumber, type VerificationModule } from '../verification/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { DevicesRepository } from './devices.repository.ts';
import { deviceLabel, type LoginClient, newDeviceNotice } from './devices.ts';
import type { LoginCheckService } from './login-check.service.ts';

/** The site's own message to a member (the messages face's notify), on the session's transaction. */
export type NoticePort = (merchantId: bigint, memberId: bigint, m: SystemText, executor: AnyDb) => Promise<void>;

/** Security defaults (security-reliability.md §1.3, §2.2, §2.3); overridable through deps for tests. */
export const AUTH_RULES = {
  idleMinutes: 30,
  absoluteHours: 12,
  touchEverySeconds: 60,
  failuresBeforeCaptcha: 2,
  failuresBeforeLock: 3,
  firstLockMinutes: 5,
  maxLockMinutes: 60,
  perIpPerMinute: 20,
  perAccountPerMinute: 10,
  /** Failed logins from one IP (any accounts) within the window after which every login there needs a captcha. */
  ipFailuresBeforeCaptcha: 20,
  ipFailureWindowMinutes: 15,
  passwordMaxAgeDays: 90,
};
export type AuthRules = typeof AUTH_RULES;

type Members = Pick<
  MembersModule,
  'findByAccount' | 'findByMobile' | 'sessionView' | 'addFailure' | 'lock' | 'recordLogin'
>;

/** The lock columns of a member row, as the shared lockout logic reads and changes them. */
const lockable = (members: Members, m: MemberRow): LockableAccount => ({
  failures: m.failed_login_count,
  lockLevel: m.lock_level,
  lockedUntil: m.locked_until,
  addFailure: () => members.addFailure(m.id),
  lock: (until) => members.lock(m.id, until),
});

export function createAuthService(deps: {
  repo: AuthRepository;
  members: Members;
  hasher: PasswordHasher;
  captcha: Pick<CaptchaModule, 'verify'>;
  verification: Pick<VerificationModule, 'verifyCode'>;
  merchants: Pick<MerchantsModule, 'flags'>;
  limiter: WindowLimiter;
  clock: () => Date;
  rules?: Partial<AuthRules>;
  devices: Pick<DevicesRepository, 'remember' | 'pass'>;
  loginCheck: Pick<LoginCheckService, 'assess' | 'challenge' | 'verify'>;
  /** Filled in once the messages module exists: the member's message about a login from a new device. */
  ports: { notify?: NoticePort };
  /** Checks before any session is granted (responsible gaming: a break refuses the login); throw to refuse. */
  beforeSession?: (merchantId: bigint, memberId: bigint) => Promise<void>;
}) {
  const rules = { ...AUTH_RULES, ...deps.rules };
  const { clock, members, repo } = deps;
  const lockout = createLockout({ rules, limiter: deps.limiter, clock, prefix: 'login' });
  const tokens = createSessionTokens(rules);
  const wrong = (captchaRequired: boolean) => new AppError('in_incorrect_password', undefined, { captchaRequired });

  /** A login attempt of a known member in its history (a success is written in the session's transaction). */
  const record = (
    merchant: Merchant,
    memberId: bigint,
    client: LoginClient,
    method: 'password' | 'sms',
    result: 'ok' | 'wrong_password' | 'locked' | 'disabled',
    executor?: AnyDb,
  ) =>
    repo.recordLogin(
      { merchantId: merchant.id, memberId, at: clock(), ip: client.ip, userAgent: client.userAgent, method, result },
      executor,
    );

  async function passwordLogin(merchant: Merchant, req: LoginRequest, client: LoginClient): Promise<MemberRow> {
    const { ip } = client;
    const account = (req.username ?? '').toLowerCase();
    if (!account || !req.password)
      throw new AppError('validation_failed', undefined, {
        in: 'body',
        fields: [{ field: account ? 'password' : 'username', reason: 'required', message: 'Required' }],
      });
    const key = `${merchant.id}:${account}`;
    // Cheap refusals first: nothing below (lookup, captcha, argon2) runs for a throttled caller.
    await lockout.throttle(ip, key);
    const member = await members.findByAccount(merchant.id, account);
    const stored = member && lockable(members, member);
    try {
      await lockout.assertNotLocked(key, stored);
    } catch (err) {
      if (member) await record(merchant, member.id, client, 'password', 'locked');
      throw err;
    }

    // Captcha escalation: after a few failures of this account, or many failures (any account) from this IP.
    const ipKey = `login:fail:ip:${ip}`;
    const ipWindowMs = rules.ipFailureWindowMinutes * 60_000;
    const ipFailures = await deps.limiter.count(ipKey, ipWindowMs);
    const captchaNeeded = (accountFailures: number, fromIp: number) =>
      accountFailures >= rules.failuresBeforeCaptcha || fromIp >= rules.ipFailuresBeforeCaptcha;
    if (captchaNeeded(await lockout.failures(key, stored), ipFailures))
      await deps.captcha.verify(merchant.id, req.captchaId, req.captcha);

    const ok = member
      ? await deps.hasher.verify(member.password_hash, req.password)
      : await deps.hasher.verifyDummy(req.password);
    if (ok && member && member.status === 'active') return member;
    if (member) await record(merchant, member.id, client, 'password', ok ? 'disabled' : 'wrong_password');
    // A closed account says so, but only to whoever knows its password (no account enumeration).
    if (ok && member?.status === 'closed') throw new AppError('account_closed');

    await deps.limiter.hit(ipKey, Number.MAX_SAFE_INTEGER, ipWindowMs);
    const { count } = await lockout.fail(key, stored);
    throw wrong(captchaNeeded(count, ipFailures + 1));
  }

  async function smsLogin(merchant: Merchant, req: LoginRequest, client: LoginClient): Promise<MemberRow> {
    const { ip } = client;
    if (!(await deps.merchants.flags(merchant.id)).MOBILEVERCODELOGIN3) throw new AppError('function_not_enabled');
    const { cc, mobile } = normaliseNumber(req.countryDialingCode ?? '', req.mobileNum ?? '');
    await lockout.throttle(ip, `${merchant.id}:+${cc}${mobile}`);
    await deps.verification.verifyCode({
      merchantId: merchant.id,
      purpose: 'login',
      countryDialingCode: cc,
      mobileNum: mobile,
      code: req.code ?? '',
    });
    const member = await members.findByMobile(merchant.id, cc, mobile);
    if (member && member.status !== 'active') await record(merchant, member.id, client, 'sms', 'disabled');
    if (member?.status === 'closed') throw new AppError('account_closed');
    if (!member || member.status !== 'active') throw wrong(false);
    return member;
  }

  /** A new session for a member whose credentials were just checked (login, registration, reset). */
  async function startSession(
    merchant: Merchant,
    member: MemberRow,
    area: 'member' | 'agent',
    method: 'password' | 'sms',
    client: LoginClient,
    /** newDevice: a login from somewhere new (the member is told); challengeId: the check it passed (used once). */
    opts: { newDevice?: boolean; challengeId?: bigint } = {},
  ): Promise<LoginResult> {
    await deps.beforeSession?.(merchant.id, member.id);
    const now = clock();
    const { token, tokenHash, idleExpiresAt, absoluteExpiresAt } = tokens.issue(now);
    // The session, the member's last-login columns and the login's history row commit together.
    await repo.transaction(async (trx) => {
      await repo.insert(
        {
          tokenHash,
          memberId: member.id,
          merchantId: merchant.id,
          area,
          now,
          idleExpiresAt,
          absoluteExpiresAt,
          ip: client.ip,
          userAgent: client.userAgent,
          deviceId: client.deviceId,
        },
        trx,
      );
      // The check's pass is written with the session: a challenge grants one session at most.
      if (opts.challengeId !== undefined && !(await deps.devices.pass(opts.challengeId, now, trx)))
        throw new AppError('login_check_expired');
      await members.recordLogin(member.id, now, client.ip, trx);
      await record(merchant, member.id, client, method, 'ok', trx);
      const place = { ip: client.ip, userAgent: client.userAgent, deviceId: client.deviceId ?? null };
      await deps.devices.remember({ merchantId: merchant.id, memberId: member.id, now, ...place }, trx);
      if (opts.newDevice && deps.ports.notify)
        await deps.ports.notify(
          merchant.id,
          member.id,
          newDeviceNotice(member.language, { label: deviceLabel(client.userAgent), ip: client.ip, at: now }),
          trx,
        );
    });
    const flags = await deps.merchants.flags(merchant.id);
    const stale = now.getTime() - member.password_changed_at.getTime() > rules.passwordMaxAgeDays * 86_400_000;
    return {
      token,
      firstTimeLogin: member.last_login_at === null,
      // Never for SMS login (spec §4): the member did not type a password.
      passwordExpired: method !== 'sms' && (member.must_change_password || (flags.PWDEXPFORCECHANGE3 && stale)),
      previousLoginAt: member.last_login_at?.toISOString() ?? null,
    };
  }

  return {
    startSession,

    async login(merchant: Merchant, req: LoginRequest, client: LoginClient): Promise<LoginResult> {
      const member =
        req.type === 'sms' ? await smsLogin(merchant, req, client) : await passwordLogin(merchant, req, client);
      const agent = isAgentType(merchant, member.type);
      if (req.area === 'agent' && !agent) throw new AppError('non_agent_login');
      if (req.area === 'member' && member.type !== 0 && !agent && !isTrialType(merchant, member.type))
        throw new AppError('non_member_login');
      const method = req.type === 'sms' ? 'sms' : 'password';
      // From somewhere new (an unknown device and IP): the merchant's check first, the session only once passed.
      const where = await deps.loginCheck.assess(member, client);
      if (where === 'new' && merchant.loginCheck !== 'off') {
        await deps.beforeSession?.(merchant.id, member.id);
        await deps.loginCheck.challenge(merchant, member, req.area, method, client);
      }
      return startSession(merchant, member, req.area, method, client, { newDevice: where === 'new' });
    },

    /** The answer to a login's check: the session it was waiting for. */
    async answerCheck(merchant: Merchant, body: LoginCheckAnswer, client: LoginClient): Promise<LoginResult> {
      const { member, challenge } = await deps.loginCheck.verify(merchant, body, client);
      return startSession(merchant, member, challenge.area, challenge.login_method, client, {
        newDevice: true,
        challengeId: challenge.id,
      });
    },

    /** The member behind a bearer token, or null. Slides the idle expiry (written at most once a minute). */
    async authenticate(merchant: Merchant, token: string): Promise<AuthenticatedMember | null> {
      const tokenHash = tokens.lookupHash(token);
      if (!tokenHash) return null;
      const now = clock();
      const s = await repo.findLive(tokenHash, now);
      if (!s || s.merchant_id !== merchant.id) return null;
      const member = await members.sessionView(merchant.id, s.memberId);
      if (!member || member.status !== 'active') return null;
      const slid = tokens.slide(s.last_seen_at, now);
      if (slid) await repo.touch(s.sessionId, now, slid);
      return {
        sessionId: s.sessionId,
        memberId: s.memberId,
        type: member.type,
        area: s.area,
        isTrial: isTrialType(merchant, member.type),
      };
    },

    /**
     * The live session of a token without using it (the idle expiry does not slide: an open socket is not
     * activity), with when it ends unless used meanwhile; null when it has ended or its member is not active.
     */
    async check(merchant: Merchant, token: string): Promise<(AuthenticatedMember & { endsAt: Date }) | null> {
      const tokenHash = tokens.lookupHash(token);
      if (!tokenHash) return null;
      const s = await repo.findLive(tokenHash, clock());
      if (!s || s.merchant_id !== merchant.id) return null;
      const member = await members.sessionView(merchant.id, s.memberId);
      if (!member || member.status !== 'active') return null;
      const endsAt = s.idle_expires_at < s.absolute_expires_at ? s.idle_expires_at : s.absolute_expires_at;
      return {
        sessionId: s.sessionId,
        memberId: s.memberId,
        type: member.type,
        area: s.area,
        isTrial: isTrialType(merchant, member.type),
        endsAt,
      };
    },

    async logout(token: string): Promise<void> {
      await repo.revoke(hashSessionToken(token), clock());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
