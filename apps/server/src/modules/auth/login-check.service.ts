import type { LoginCheckAnswer, LoginCheckChallenge, LoginCheckMethod, MemberDevice } from '@sea/contracts';
import { randomBytes, randomInt } from 'node:crypto';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { sameDigest, sha256Hex } from '../../lib/hash.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { Mailer } from '../mail/index.ts';
import type { MemberRow, MembersModule } from '../members/index.ts';
import type { VerificationModule } from '../verification/index.ts';
import { deviceLabel, type LoginClient, maskEmail, maskMobile, normaliseName } from './devices.ts';
import type { ChallengeRow, DevicesRepository } from './devices.repository.ts';

/** The new-device check's limits (security-reliability.md §2.2, §2.6); overridable for tests. */
export const LOGIN_CHECK_RULES = {
  challengeMinutes: 10,
  maxAttempts: 5,
  resendSeconds: 60,
  maxSends: 3,
  /** Checks one member may be asked in an hour (each needs the right password first). */
  challengesPerMemberPerHour: 10,
  /** Wrong answers of one member in a day after which no check is asked or answered until the window passes. */
  failuresPerMemberPerDay: 10,
  /** Answers from one IP in 15 minutes (any challenges). */
  answersPerIpPer15Minutes: 30,
};
export type LoginCheckRules = typeof LOGIN_CHECK_RULES;

/** Ports filled in once the modules built after auth exist (app composition): the bank account holders' names. */
export interface LoginCheckPorts {
  bankNames?: (merchant: Merchant, memberId: bigint) => Promise<string[]>;
}

const METHODS: LoginCheckMethod[] = ['sms', 'email', 'bank_name'];
const DAY_MS = 86_400_000;

/**
 * Logins from somewhere new (spec §4): is this device or IP known to the member, which check to ask, the pending
 * check (opaque id, short expiry, few attempts, codes by SMS or e-mail) and the security centre's device list.
 */
export function createLoginCheckService(deps: {
  repo: DevicesRepository;
  members: Pick<MembersModule, 'findById'>;
  verification: Pick<VerificationModule, 'deliverSms'>;
  mailer: Mailer;
  limiter: WindowLimiter;
  clock: () => Date;
  ports: LoginCheckPorts;
  rules?: Partial<LoginCheckRules>;
  generateCode?: () => string;
}) {
  const rules = { ...LOGIN_CHECK_RULES, ...deps.rules };
  const { repo, clock, limiter } = deps;
  const generateCode = deps.generateCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'));
  const codeHash = (row: Pick<ChallengeRow, 'token_hash'>, code: string) => sha256Hex(`${row.token_hash}:${code}`);
  const failKey = (memberId: bigint) => `logincheck:fail:${memberId}`;
  const tooMany = (retryAfterSeconds: number) => new AppError('too_many_requests', undefined, { retryAfterSeconds });
  const ipOf = (client: LoginClient) => client.ip.slice(0, 64);

  async function assertNotBlocked(memberId: bigint) {
    if ((await limiter.count(failKey(memberId), DAY_MS)) >= rules.failuresPerMemberPerDay) throw tooMany(3600);
  }

  /** The checks this member can do, the merchant's choice first. */
  async function methodsOf(merchant: Merchant, member: MemberRow): Promise<LoginCheckMethod[]> {
    const first = merchant.loginCheck === 'off' ? 'sms' : merchant.loginCheck;
    const order = [first, ...METHODS.filter((m) => m !== first)];
    const can: LoginCheckMethod[] = [];
    for (const m of order) {
      if (m === 'sms' && member.mobile && member.country_dialing_code) can.push(m);
      if (m === 'email' && member.email) can.push(m);
      if (m === 'bank_name' && (await bankNames(merchant, member.id)).length > 0) can.push(m);
    }
    return can;
  }
  const bankNames = async (merchant: Merchant, memberId: bigint) =>
    (await (deps.ports.bankNames?.(merchant, memberId) ?? Promise.resolve([]))).map(normaliseName).filter(Boolean);

  function view(row: ChallengeRow, token: string, member: MemberRow): LoginCheckChallenge {
    const now = clock().getTime();
    const wait = row.last_sent_at ? rules.resendSeconds - Math.floor((now - row.last_sent_at.getTime()) / 1000) : 0;
    return {
      challengeId: token,
      method: row.method,
      destination:
        row.method === 'sms'
          ? maskMobile(member.country_dialing_code ?? '', member.mobile ?? '')
          : row.method === 'email'
            ? maskEmail(member.email ?? '')
            : null,
      expiresAt: row.expires_at.toISOString(),
      attemptsLeft: Math.max(0, row.max_attempts - row.attempts),
      resendAfterSeconds: row.method === 'bank_name' || row.sends >= rules.maxSends ? 0 : Math.max(0, wait),
    };
  }

  /** A new code for the challenge, sent by SMS or e-mail (after the cooldown, a few times at most). */
  async function sendCode(merchant: Merchant, row: ChallengeRow, member: MemberRow): Promise<void> {
    const code = generateCode();
    const now = clock();
    if (!(await repo.setCode(row.id, codeHash(row, code), now, rules.resendSeconds * 1000, rules.maxSends))) {
      // All its codes sent: the member waits for this check to end (or answers with the last code).
      if (row.sends >= rules.maxSends)
        throw tooMany(Math.max(1, Math.ceil((row.expires_at.getTime() - now.getTime()) / 1000)));
      const since = row.last_sent_at ? Math.floor((now.getTime() - row.last_sent_at.getTime()) / 1000) : 0;
      throw tooMany(Math.max(1, rules.resendSeconds - since));
    }
    const minutes = Math.max(1, Math.round((row.expires_at.getTime() - now.getTime()) / 60_000));
    if (row.method === 'sms')
      await deps.verification.deliverSms({
        merchant,
        countryDialingCode: member.country_dialing_code ?? '',
        mobileNum: member.mobile ?? '',
        code,
        minutes,
      });
    else
      try {
        await deps.mailer.send({
          to: member.email ?? '',
          subject: `${merchant.name}: your login code`,
          text:
            `Your login code is ${code}. It expires in ${minutes} minutes.\n\n` +
            'Someone (we hope you) is logging in to your account from a new device. If it is not you, do not share ' +
            'this code and change your password.',
        });
      } catch {
        throw new AppError('service_unavailable', 'The e-mail could not be sent. Please try again later.');
      }
  }

  /** A live challenge of this merchant by the id the client holds; login_check_expired otherwise. */
  async function live(merchant: Merchant, challengeId: string, client: LoginClient) {
    const row = await repo.challenge(merchant.id, sha256Hex(challengeId));
    const now = clock();
    // Bound to the device that logged in: the id alone is no use from another browser.
    if (!row || row.passed_at || row.expires_at <= now || row.attempts >= row.max_attempts)
      throw new AppError('login_check_expired');
    if ((row.device_id ?? null) !== (client.deviceId ?? null)) throw new AppError('login_check_expired');
    const member = await deps.members.findById(merchant.id, row.member_id);
    if (!member || member.status !== 'active') throw new AppError('login_check_expired');
    return { row, member };
  }

  return {
    /**
     * Is this login from somewhere the member logged in from? 'first': the account's first login (known);
     * 'known': a live device with this id, else (unless the member removed this device) a live row at this IP.
     */
    async assess(member: MemberRow, client: LoginClient): Promise<'first' | 'known' | 'new'> {
      const s = await repo.standing(member.id, client.deviceId ?? null, ipOf(client));
      if (!s.any && member.last_login_at === null) return 'first';
      if (s.liveDevice) return 'known';
      if (s.removedDevice) return 'new';
      return s.liveIp ? 'known' : 'new';
    },

    /**
     * A login from somewhere new: opens the check and throws login_check_required with it (the first code sent);
     * returns when no check can be asked (the member has no mobile, e-mail or bank account) or an SMS login
     * already proved the phone the check would use.
     */
    async challenge(
      merchant: Merchant,
      member: MemberRow,
      area: 'member' | 'agent',
      loginMethod: 'password' | 'sms',
      client: LoginClient,
    ): Promise<void> {
      const [method] = await methodsOf(merchant, member);
      if (!method || (method === 'sms' && loginMethod === 'sms')) return;
      await assertNotBlocked(member.id);
      const opened = await limiter.hit(`logincheck:open:${member.id}`, rules.challengesPerMemberPerHour, 3_600_000);
      if (!opened.allowed) throw tooMany(opened.retryAfterSeconds);
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const tokenHash = sha256Hex(token);
      await repo.insertChallenge({
        merchantId: merchant.id,
        memberId: member.id,
        tokenHash,
        area,
        loginMethod,
        method,
        maxAttempts: rules.maxAttempts,
        deviceId: client.deviceId ?? null,
        ip: ipOf(client),
        userAgent: client.userAgent,
        now,
        expiresAt: new Date(now.getTime() + rules.challengeMinutes * 60_000),
      });
      let row = (await repo.challenge(merchant.id, tokenHash))!;
      if (method !== 'bank_name') {
        await sendCode(merchant, row, member);
        row = (await repo.challenge(merchant.id, tokenHash)) ?? row;
      }
      throw new AppError('login_check_required', undefined, view(row, token, member));
    },

    /** Another code for the challenge (SMS / e-mail), after the cooldown. */
    async resend(merchant: Merchant, challengeId: string, client: LoginClient) {
      const { row, member } = await live(merchant, challengeId, client);
      if (row.method === 'bank_name') throw new AppError('state_invalid', 'This check has no code to send.');
      await sendCode(merchant, row, member);
      return { resendAfterSeconds: rules.resendSeconds, expiresAt: row.expires_at.toISOString() };
    },

    /**
     * Checks an answer (each counts, even a right one, against the attempts): the member and the challenge to
     * grant the session with, or login_check_failed (attempts left) / login_check_expired (none left).
     */
    async verify(merchant: Merchant, body: LoginCheckAnswer, client: LoginClient) {
      const perIp = await limiter.hit(`logincheck:ip:${client.ip}`, rules.answersPerIpPer15Minutes, 15 * 60_000);
      if (!perIp.allowed) throw tooMany(perIp.retryAfterSeconds);
      const { row, member } = await live(merchant, body.challengeId, client);
      await assertNotBlocked(member.id);
      if (!(await repo.attempt(row.id, clock()))) throw new AppError('login_check_expired');
      let right = false;
      if (row.method === 'bank_name') {
        const given = normaliseName(body.bankAccountName ?? '');
        right = given !== '' && (await bankNames(merchant, member.id)).includes(given);
      } else {
        const code = (body.code ?? '').trim();
        right = row.code_hash !== null && /^\d{6}$/.test(code) && sameDigest(row.code_hash, codeHash(row, code));
      }
      if (!right) {
        await limiter.hit(failKey(member.id), Number.MAX_SAFE_INTEGER, DAY_MS);
        const attemptsLeft = row.max_attempts - row.attempts - 1;
        if (attemptsLeft <= 0) throw new AppError('login_check_expired');
        throw new AppError('login_check_failed', undefined, { attemptsLeft });
      }
      return { member, challenge: row };
    },

    /** The member's remembered devices, the one asking marked current. */
    async devices(merchantId: bigint, memberId: bigint, client: LoginClient): Promise<MemberDevice[]> {
      const rows = await repo.list(merchantId, memberId);
      return rows.map((r) => ({
        id: String(r.id),
        label: deviceLabel(r.user_agent),
        ip: r.ip,
        firstSeenAt: r.first_seen_at.toISOString(),
        lastSeenAt: r.last_seen_at.toISOString(),
        current: r.device_id !== null && r.device_id === (client.deviceId ?? null),
      }));
    },

    /** Forgets a device: its next login is checked again; its other sessions end. Their ids. */
    async removeDevice(merchantId: bigint, memberId: bigint, id: bigint, sessionId: bigint): Promise<bigint[]> {
      const now = clock();
      const removed = await repo.remove(merchantId, memberId, id, now);
      if (!removed) throw new AppError('not_found', 'No such device.');
      return removed.device_id ? repo.revokeDeviceSessions(memberId, removed.device_id, now, sessionId) : [];
    },
  };
}

export type LoginCheckService = ReturnType<typeof createLoginCheckService>;
