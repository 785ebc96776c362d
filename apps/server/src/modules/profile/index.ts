import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { KycModule } from '../kyc/index.ts';
import type { LotteryModule } from '../lottery/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { VerificationModule } from '../verification/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { createProfileRepository } from './profile.repository.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';
import { type AnonymiseDeps, createAnonymiseService } from './anonymise.service.ts';
import { createMobileChangeService } from './mobile-change.service.ts';
import type { ProfileTables } from './profile.tables.ts';

export { localDate } from './profile.service.ts';

/**
 * The player's profile (issue 25): nickname, real name, birthday, Zalo, Telegram, address, nationality, occupation,
 * source of income and e-mail, each required / optional / hidden by the merchant (profile_settings, with the
 * minimum age); member_profiles holds the fields the members row does not (nickname, real name and e-mail are
 * written through the members face, in the same transaction under the member's row lock). The real name is set
 * once by the member, then only staff change it (audited). The e-mail is verified by a single-use link (the Mailer
 * seam). Account closure by the member: the password, every wallet at zero and no deposit or withdrawal pending,
 * checked in the closing transaction with the ledger accounts locked and marked closed (no credit lands after);
 * sessions ended, status closed (kept, never deleted). Staff reopen a closed account (audited, with a reason); after
 * the merchant's retention period a job wipes a closed account's personal fields, identity documents, bank accounts,
 * remembered devices and every other module's personal data (feedback, chat, bonus claims' IPs, applications,
 * referral IPs, mall addresses, personal messages, staff notes, deposit receipts, verification codes, captchas)
 * through their modules' faces in one transaction (anonymise.service.ts; the ledger and the audit trail are kept). The mobile
 * number is changed with the password and an SMS code to the new number (mobile-change.service.ts), audited.
 */
export function createProfileModule(deps: {
  db: AnyDb;
  members: Pick<
    MembersModule,
    | 'findById'
    | 'findByAccount'
    | 'findByMobile'
    | 'setProfileColumns'
    | 'setMobile'
    | 'lockForUpdate'
    | 'close'
    | 'reopen'
    | 'closedBefore'
    | 'anonymise'
  >;
  verification: Pick<VerificationModule, 'sendCode' | 'verifyCode' | 'anonymiseMember'>;
  ledger: Pick<LedgerModule, 'lockMemberAccounts' | 'setMemberAccountsClosed'>;
  deposits: Pick<DepositsModule, 'hasPendingDeposit'>;
  withdrawals: Pick<WithdrawalsModule, 'hasOpenWithdrawal' | 'anonymiseMember'>;
  /** The anonymisation also deletes the member's identity documents. */
  kyc: Pick<KycModule, 'eraseMember'>;
  captcha: AnonymiseDeps['captcha'];
  /** The other modules keeping personal data by member id: the anonymisation erases through each one's face. */
  personalData: AnonymiseDeps['personalData'];
  /** Bets still waiting for a result (their win would reach a closed account): closure waits for them. */
  games: Pick<GamesModule, 'hasOpenRounds'>;
  lottery: Pick<LotteryModule, 'hasOpenBets'>;
  auth: Pick<AuthModule, 'endSessionsIn' | 'forgetMember' | 'ipsOf'>;
  audit: Pick<AdminModule, 'recordAction' | 'redactMemberAudit' | 'memberAuditDetails'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  mailer: Mailer;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const repo = createProfileRepository(tablesOf<ProfileTables>(deps.db));
  const profileService = createProfileService({ ...deps, repo });
  const anonymise = createAnonymiseService({ ...deps, repo, retentionDays: profileService.closedRetentionDays });
  const service = { ...profileService, ...anonymise, ...createMobileChangeService(deps) };
  const jobs: ScheduledJob[] = [
    {
      name: 'closed-account-anonymise',
      everySeconds: 3600,
      /** Closed accounts past their merchant's retention period lose their personal fields (ledger kept). */
      async run() {
        const { anonymised } = await anonymise.anonymiseDue();
        return anonymised.length ? { anonymised } : null;
      },
    },
  ];
  return {
    ...service,
    /** The scheduled jobs of this module (run once per period across all processes). */
    jobs,
    register(app: FastifyInstance): void {
      registerProfileRoutes(app, service);
    },
  };
}

export type ProfileModule = ReturnType<typeof createProfileModule>;
