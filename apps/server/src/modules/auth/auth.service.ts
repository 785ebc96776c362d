import { randomBytes } from 'node:crypto';
import type { LoginRequest, LoginResult } from '@sea/contracts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/hash.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { MerchantsService } from '../merchants/merchants.service.ts';
import type { Merchant } from '../merchants/merchants.types.ts';
import type { MemberRow, MembersRepository } from '../members/members.repository.ts';
import { isAgentType, isTrialType } from '../members/members.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { normaliseNumber } from '../verification/verification.service.ts';
import type { SessionsRepository } from './sessions.repository.ts';

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

export interface AuthenticatedMember {
  sessionId: bigint;
  memberId: bigint;
  type: number;
  area: 'member' | 'agent';
  isTrial: boolean;
}

export const hashToken = (token: string) => sha256Hex(token);

export function createAuthService(deps: {
  members: MembersRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  captcha: Pick<CaptchaService, 'verify'>;
  verification: Pick<VerificationService, 'verifyCode'>;
  merchants: Pick<MerchantsService, 'flags'>;
  limiter: WindowLimiter;
  clock: () => Date;
  rules?: Partial<AuthRules>;
}) {
  const rules = { ...AUTH_RULES, ...deps.rules };
  const { clock } = deps;
  /**
   * Failure and lock state of accounts that do not exist, kept exactly like a member row's, so an unknown
   * account answers like a known one at every step (captcha flag, lock, retry-after). Per process: with
   * several processes this belongs in Redis next to the limiter.
   */
  const unknownAccounts = new Map<string, { failures: number; lockLevel: number; lockedUntil: number }>();

  const tooMany = (retryAfterSeconds: number) => new AppError('too_many_requests', undefined, { retryAfterSeconds });
  const wrong = (captchaRequired: boolean) => new AppError('in_incorrect_password', undefined, { captchaRequired });
  const lockMinutes = (level: number) => Math.min(rules.firstLockMinutes * 2 ** level, rules.maxLockMinutes);

  async function throttle(ip: string, accountKey: string) {
    for (const [key, limit] of [
      [`login:ip:${ip}`, rules.perIpPerMinute],
      [`login:acct:${accountKey}`, rules.perAccountPerMinute],
    ] as const) {
      const r = await deps.limiter.hit(key, limit, 60_000);
      if (!r.allowed) throw tooMany(r.retryAfterSeconds);
    }
  }

  async function passwordLogin(merchant: Merchant, req: LoginRequest, ip: string): Promise<MemberRow> {
    const account = (req.username ?? '').toLowerCase();
    if (!account || !req.password)
      throw new AppError('validation_failed', undefined, {
        in: 'body',
        fields: [{ field: account ? 'password' : 'username', reason: 'required', message: 'Required' }],
      });
    const key = `${merchant.id}:${account}`;
    // Cheap refusals first: nothing below (lookup, captcha, argon2) runs for a throttled caller.
    await throttle(ip, key);
    const member = await deps.members.findByAccount(merchant.id, account);
    const ghost = member ? undefined : (unknownAccounts.get(key) ?? { failures: 0, lockLevel: 0, lockedUntil: 0 });
    const now = clock();
    const lockedUntil = member ? (member.locked_until?.getTime() ?? 0) : ghost!.lockedUntil;
    if (lockedUntil > now.getTime()) throw tooMany(Math.ceil((lockedUntil - now.getTime()) / 1000));

    // Captcha escalation: after a few failures of this account, or many failures (any account) from this IP.
    const ipKey = `login:fail:ip:${ip}`;
    const ipWindowMs = rules.ipFailureWindowMinutes * 60_000;
    const ipFailures = await deps.limiter.count(ipKey, ipWindowMs);
    const failures = member ? member.failed_login_count : ghost!.failures;
    const captchaNeeded = (accountFailures: number, fromIp: number) =>
      accountFailures >= rules.failuresBeforeCaptcha || fromIp >= rules.ipFailuresBeforeCaptcha;
    if (captchaNeeded(failures, ipFailures)) await deps.captcha.verify(merchant.id, req.captchaId, req.captcha);

    const ok = member
      ? await deps.hasher.verify(member.password_hash, req.password)
      : await deps.hasher.verifyDummy(req.password);
    if (ok && member && member.status === 'active') return member;

    await deps.limiter.hit(ipKey, Number.MAX_SAFE_INTEGER, ipWindowMs);
    let count: number;
    if (member) {
      count = await deps.members.addFailure(member.id);
      if (count >= rules.failuresBeforeLock)
        await deps.members.lock(member.id, new Date(now.getTime() + lockMinutes(member.lock_level) * 60_000));
    } else {
      const g = ghost!;
      count = g.failures + 1;
      // Same transitions as members.repository addFailure/lock: the lock resets the count and raises the level.
      if (count >= rules.failuresBeforeLock)
        Object.assign(g, {
          failures: 0,
          lockedUntil: now.getTime() + lockMinutes(g.lockLevel) * 60_000,
          lockLevel: g.lockLevel + 1,
        });
      else g.failures = count;
      if (!unknownAccounts.has(key) && unknownAccounts.size >= 100_000) unknownAccounts.clear();
      unknownAccounts.set(key, g);
    }
    throw wrong(captchaNeeded(count, ipFailures + 1));
  }

  async function smsLogin(merchant: Merchant, req: LoginRequest, ip: string): Promise<MemberRow> {
    if (!(await deps.merchants.flags(merchant.id)).MOBILEVERCODELOGIN3) throw new AppError('function_not_enabled');
    const { cc, mobile } = normaliseNumber(req.countryDialingCode ?? '', req.mobileNum ?? '');
    await throttle(ip, `${merchant.id}:+${cc}${mobile}`);
    await deps.verification.verifyCode({
      merchantId: merchant.id,
      purpose: 'login',
      countryDialingCode: cc,
      mobileNum: mobile,
      code: req.code ?? '',
    });
    const member = await deps.members.findByMobile(merchant.id, cc, mobile);
    if (!member || member.status !== 'active') throw wrong(false);
    return member;
  }

  /** A new session for a member whose credentials were just checked (login, registration, reset). */
  async function startSession(
    merchant: Merchant,
    member: MemberRow,
    area: 'member' | 'agent',
    method: 'password' | 'sms',
    client: { ip: string; userAgent: string },
  ): Promise<LoginResult> {
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    await deps.sessions.insert({
      tokenHash: hashToken(token),
      memberId: member.id,
      merchantId: merchant.id,
      area,
      now,
      idleExpiresAt: new Date(now.getTime() + rules.idleMinutes * 60_000),
      absoluteExpiresAt: new Date(now.getTime() + rules.absoluteHours * 3_600_000),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await deps.members.recordLogin(member.id, now, client.ip);
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

    async login(
      merchant: Merchant,
      req: LoginRequest,
      client: { ip: string; userAgent: string },
    ): Promise<LoginResult> {
      const member =
        req.type === 'sms' ? await smsLogin(merchant, req, client.ip) : await passwordLogin(merchant, req, client.ip);
      const agent = isAgentType(merchant, member.type);
      if (req.area === 'agent' && !agent) throw new AppError('non_agent_login');
      if (req.area === 'member' && member.type !== 0 && !agent && !isTrialType(merchant, member.type))
        throw new AppError('non_member_login');
      return startSession(merchant, member, req.area, req.type === 'sms' ? 'sms' : 'password', client);
    },

    /** The member behind a bearer token, or null. Slides the idle expiry (written at most once a minute). */
    async authenticate(merchant: Merchant, token: string): Promise<AuthenticatedMember | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const now = clock();
      const s = await deps.sessions.findLive(hashToken(token), now);
      if (!s || s.merchant_id !== merchant.id || s.status !== 'active') return null;
      if (now.getTime() - s.last_seen_at.getTime() >= rules.touchEverySeconds * 1000) {
        await deps.sessions.touch(s.sessionId, now, new Date(now.getTime() + rules.idleMinutes * 60_000));
      }
      return {
        sessionId: s.sessionId,
        memberId: s.memberId,
        type: s.type,
        area: s.area,
        isTrial: isTrialType(merchant, s.type),
      };
    },

    logout: (token: string) => deps.sessions.revoke(hashToken(token), clock()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
