import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { CaptchaModule } from '../captcha/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RegistrationModule } from '../registration/index.ts';
import type { VerificationModule } from '../verification/index.ts';
import { createAuthRepository } from './auth.repository.ts';
import { registerAuthRoutes, registerPasswordRoutes } from './auth.routes.ts';
import { type AuthRules, createAuthService, type NoticePort } from './auth.service.ts';
import { createDevicesRepository } from './devices.repository.ts';
import { createLoginCheckService, type LoginCheckPorts, type LoginCheckRules } from './login-check.service.ts';
import type { AuthTables } from './auth.tables.ts';
import { createEmailResetService } from './email-reset.service.ts';
import { createOperatorService } from './operator.service.ts';
import { afterCommit } from '../../db/after-commit.ts';
import { createPasswordService } from './password.service.ts';
import { registerSignupRoutes } from './signup.routes.ts';
import { createSignupService, type ReferralPort } from './signup.service.ts';

export { AUTH_RULES, type AuthRules } from './auth.service.ts';
export { LOGIN_CHECK_RULES, type LoginCheckRules } from './login-check.service.ts';
export { deviceLabel, normaliseName } from './devices.ts';
export { RESET_LINK_MINUTES } from './email-reset.service.ts';

/** Sessions that ended early: one (`sessionId`), or every session of the member except `exceptSessionId`. */
export interface SessionsEnded {
  memberId: bigint;
  sessionId?: bigint;
  exceptSessionId?: bigint;
}
export type SessionsEndedListener = (e: SessionsEnded) => void;
/** A check before a session is granted (login, registration, reset); throws an AppError to refuse it. */
export type SessionGuard = (merchantId: bigint, memberId: bigint) => Promise<void>;

/**
 * Getting in: sign-up, login (username + password or SMS code) with its abuse limits, opaque sessions,
 * logout, password change and recovery (e-mail link or SMS), and free-play trial sessions.
 */
export function createAuthModule(deps: {
  db: AnyDb;
  members: MembersModule;
  merchants: Pick<MerchantsModule, 'flags'>;
  registration: Pick<RegistrationModule, 'rules'>;
  captcha: Pick<CaptchaModule, 'verify'>;
  verification: Pick<VerificationModule, 'verifyCode' | 'deliverSms'>;
  mailer: Mailer;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  clock: () => Date;
  rules?: Partial<AuthRules>;
  loginCheckRules?: Partial<LoginCheckRules>;
  /** The login check's codes (tests fix them); random 6 digits by default. */
  generateLoginCode?: () => string;
}) {
  // Every way a session ends early (logout, password change or reset) goes through these two repository calls:
  // listeners hear of it once the row is written (the realtime module drops the sockets of those sessions).
  const listeners: SessionsEndedListener[] = [];
  const guards: SessionGuard[] = [];
  const ended = (e: SessionsEnded) => {
    for (const l of listeners)
      try {
        l(e);
      } catch {
        // a listener's failure never fails a logout
      }
  };
  const rows = createAuthRepository(tablesOf<AuthTables>(deps.db));
  const repo: typeof rows = {
    ...rows,
    async revoke(tokenHash, now) {
      const s = await rows.revoke(tokenHash, now);
      if (s) ended({ memberId: s.member_id, sessionId: s.id });
      return s;
    },
    async revokeAllOf(memberId, now, keep, executor) {
      const n = await rows.revokeAllOf(memberId, now, keep, executor);
      // Inside an operator's transaction (lock, reset, end sessions): the sockets go once it has committed.
      if (executor) await afterCommit(executor, () => ended({ memberId, exceptSessionId: keep }));
      else ended({ memberId, exceptSessionId: keep });
      return n;
    },
  };
  const { members, merchants, registration, captcha, verification, hasher, limiter, clock } = deps;
  // Ports the modules built after this one fill in (modules.ts): bank account names, the member's messages.
  const ports: LoginCheckPorts & { notify?: NoticePort } = {};
  const devices = createDevicesRepository(tablesOf<AuthTables>(deps.db));
  const loginCheck = createLoginCheckService({
    repo: devices,
    members,
    verification,
    mailer: deps.mailer,
    limiter,
    clock,
    ports,
    rules: deps.loginCheckRules,
    generateCode: deps.generateLoginCode,
  });
  const auth = createAuthService({
    repo,
    members,
    hasher,
    captcha,
    verification,
    merchants,
    limiter,
    clock,
    rules: deps.rules,
    devices,
    loginCheck,
    ports,
    beforeSession: async (merchantId, memberId) => {
      for (const g of guards) await g(merchantId, memberId);
    },
  });
  const passwords = createPasswordService({
    members,
    repo,
    hasher,
    registration,
    verification,
    merchants,
    auth,
    limiter,
    clock,
  });
  const emailReset = createEmailResetService({ repo, members, hasher, passwords, mailer: deps.mailer, limiter, clock });
  const operator = createOperatorService({ repo, members, hasher, clock });
  const referralPort: ReferralPort = {};
  const signup = createSignupService({
    registration,
    members,
    merchants,
    captcha,
    verification,
    auth,
    limiter,
    referral: referralPort,
  });

  return {
    login: auth.login,
    authenticate: auth.authenticate,
    /** A token's live session without sliding its idle expiry, with when it ends (realtime sockets). */
    checkSession: auth.check,
    /** Hear of sessions ended before their expiry (logout: one session; password change/reset: all but one). */
    onSessionsEnded(listener: SessionsEndedListener): void {
      listeners.push(listener);
    },
    /** Add a check every new session passes first (the responsible-gaming module refuses members on a break). */
    addSessionGuard(guard: SessionGuard): void {
      guards.push(guard);
    },
    /**
     * The new-device login check's ports (modules built after this one): the member's bank account holders'
     * names (a check by name) and the in-site message about each login from a new device.
     */
    setLoginCheckPorts(p: { bankNames?: LoginCheckPorts['bankNames']; notify?: NoticePort }): void {
      Object.assign(ports, p);
    },
    /** The referral module's check of a registration's referral code and its record in the member's transaction. */
    setReferralPort(p: Required<ReferralPort>): void {
      Object.assign(referralPort, p);
    },
    logout: auth.logout,
    startSession: auth.startSession,
    changePassword: passwords.change,
    signup: signup.register,
    // the back office (operator.service.ts): login history, sessions, password reset by an operator
    loginHistory: operator.loginHistory,
    liveSessions: operator.liveSessions,
    endSessions: operator.endSessions,
    endSessionsIn: operator.endSessionsIn,
    resetPassword: operator.resetPassword,
    /**
     * The retention job's anonymisation (profile module), on its transaction: remembered devices, login checks and
     * reset links deleted, sessions' and login records' IP and browser wiped. Idempotent.
     */
    forgetMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) => devices.forgetMember(trx, merchantId, memberId),
    /** Every IP the member's sign-in records hold (the retention job's, before forgetMember blanks them). */
    ipsOf: (trx: AnyDb, merchantId: bigint, memberId: bigint) => devices.ipsOf(trx, merchantId, memberId),
    /** The device ids and IPs a member signed in from (the referral module's self-referral check). */
    devicesOf: devices.devicesOf,
    /** The members who logged in from an IP, as a subquery of member_id (the members search takes it). */
    membersFromIp: repo.membersFromIp,
    register(app: FastifyInstance): void {
      registerAuthRoutes(app, auth, loginCheck, (memberId, sessionIds) => {
        for (const sessionId of sessionIds) ended({ memberId, sessionId });
      });
      registerPasswordRoutes(app, passwords, emailReset);
      registerSignupRoutes(app, signup);
    },
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
