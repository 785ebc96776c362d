import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { RegistrationModule } from '../registration/index.ts';
import { createMembersRepository } from './members.repository.ts';
import { registerMembersRoutes } from './members.routes.ts';
import { createMembersService } from './members.service.ts';
import type { MembersTables } from './members.tables.ts';

export type { DownlineRow, MemberNode, MemberRow } from './members.repository.ts';
export { isAgentType, isTrialType, toMemberInfo } from './members.service.ts';

/**
 * Members (players and agents): accounts, the upline/downline tree, avatars, and the columns other modules
 * keep on the member (login failures and lock, passwords, transaction password) — written only through here.
 */
export function createMembersModule(deps: {
  db: AnyDb;
  registration: Pick<RegistrationModule, 'rules'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  clock: () => Date;
}) {
  const repo = createMembersRepository(tablesOf<MembersTables>(deps.db));
  const service = createMembersService({
    repo,
    hasher: deps.hasher,
    registration: deps.registration,
    clock: deps.clock,
  });
  return {
    ...service,
    findById: repo.findById,
    findByAccount: repo.findByAccount,
    findByMobile: repo.findByMobile,
    findByAffiliateCode: repo.findByAffiliateCode,
    accountsOf: repo.accountsOf,
    sessionView: repo.sessionView,
    // login state and credentials (auth, admin tooling, withdrawals' transaction password)
    addFailure: repo.addFailure,
    lock: repo.lock,
    recordLogin: repo.recordLogin,
    setPassword: repo.setPassword,
    setPaymentPassword: repo.setPaymentPassword,
    // hierarchy
    uplineIdOf: repo.uplineIdOf,
    findNode: repo.findNode,
    findInDownline: repo.findInDownline,
    listDownlines: repo.listDownlines,
    register(app: FastifyInstance): void {
      registerMembersRoutes(app, service);
    },
  };
}

export type MembersModule = ReturnType<typeof createMembersModule>;
