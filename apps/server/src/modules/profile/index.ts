import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { createProfileRepository } from './profile.repository.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';
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
 * sessions ended, status closed (kept, never deleted).
 */
export function createProfileModule(deps: {
  db: AnyDb;
  members: Pick<MembersModule, 'findById' | 'findByAccount' | 'setProfileColumns' | 'lockForUpdate' | 'close'>;
  ledger: Pick<LedgerModule, 'lockMemberAccounts' | 'setMemberAccountsClosed'>;
  deposits: Pick<DepositsModule, 'hasPendingDeposit'>;
  withdrawals: Pick<WithdrawalsModule, 'hasOpenWithdrawal'>;
  auth: Pick<AuthModule, 'endSessionsIn'>;
  audit: Pick<AdminModule, 'recordAction'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  mailer: Mailer;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const service = createProfileService({ ...deps, repo: createProfileRepository(tablesOf<ProfileTables>(deps.db)) });
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerProfileRoutes(app, service);
    },
  };
}

export type ProfileModule = ReturnType<typeof createProfileModule>;
