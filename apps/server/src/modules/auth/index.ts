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
import { type AuthRules, createAuthService } from './auth.service.ts';
import type { AuthTables } from './auth.tables.ts';
import { createEmailResetService } from './email-reset.service.ts';
import { createOperatorService } from './operator.service.ts';
import { createPasswordService } from './password.service.ts';
import { registerSignupRoutes } from './signup.routes.ts';
import { createSignupService } from './signup.service.ts';

export { AUTH_RULES, type AuthRules } from './auth.service.ts';
export { RESET_LINK_MINUTES } from './email-reset.service.ts';

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
  verification: Pick<VerificationModule, 'verifyCode'>;
  mailer: Mailer;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  clock: () => Date;
  rules?: Partial<AuthRules>;
}) {
  const repo = createAuthRepository(tablesOf<AuthTables>(deps.db));
  const { members, merchants, registration, captcha, verification, hasher, limiter, clock } = deps;
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
  const signup = createSignupService({ registration, members, merchants, captcha, verification, auth, limiter });

  return {
    login: auth.login,
    authenticate: auth.authenticate,
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
    /** The members who logged in from an IP, as a subquery of member_id (the members search takes it). */
    membersFromIp: repo.membersFromIp,
    register(app: FastifyInstance): void {
      registerAuthRoutes(app, auth);
      registerPasswordRoutes(app, passwords, emailReset);
      registerSignupRoutes(app, signup);
    },
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
