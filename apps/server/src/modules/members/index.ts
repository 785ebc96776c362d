import type { PlayEvent } from '../../lib/play-events.ts';
import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { RegistrationModule } from '../registration/index.ts';
import { createHierarchyRepository } from './hierarchy.repository.ts';
import { createHierarchyService } from './hierarchy.service.ts';
import { createMemberSearchRepository } from './member-search.repository.ts';
import { createMembersRepository } from './members.repository.ts';
import { registerMembersRoutes } from './members.routes.ts';
import { createMembersService } from './members.service.ts';
import type { MembersTables } from './members.tables.ts';
import { createRegistrationsRepository } from './registrations.repository.ts';

export type { DownlineRow, MemberNode, MemberRow } from './members.repository.ts';
export type { MemberStatus } from './members.tables.ts';
export type { MemberSearch, MemberSearchRow, UplineRow } from './member-search.repository.ts';
export { isAgentType, isTrialType, toMemberInfo } from './members.service.ts';
export type { AffiliateLinkRow, TeamMemberRow, TeamNode } from './hierarchy.repository.ts';
export { MAX_AFFILIATE_LINKS } from './hierarchy.service.ts';
export { normalisePoint, pointTenths, pointText } from './rebate-point.ts';

/**
 * Members (players and agents): accounts, the upline/downline tree, avatars, and the columns other modules
 * keep on the member (login failures and lock, passwords, transaction password) — written only through here.
 */
export function createMembersModule(deps: {
  db: AnyDb;
  registration: Pick<RegistrationModule, 'rules'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  clock: () => Date;
  /** The play-event queue (registrations are published to it). */
  events?: { publish(trx: AnyDb, e: PlayEvent): Promise<void> };
}) {
  const db = tablesOf<MembersTables>(deps.db);
  const repo = createMembersRepository(db);
  const tree = createHierarchyRepository(db);
  const search = createMemberSearchRepository(db);
  const hierarchy = createHierarchyService({ db, repo, tree, search, clock: deps.clock });
  const service = createMembersService({
    db,
    repo,
    tree,
    hasher: deps.hasher,
    registration: deps.registration,
    clock: deps.clock,
    events: deps.events,
  });
  return {
    ...service,
    findById: repo.findById,
    findByAccount: repo.findByAccount,
    findByMobile: repo.findByMobile,
    findByAffiliateCode: repo.findByAffiliateCode,
    accountsOf: repo.accountsOf,
    /** The back-office dashboard: registrations per local day (trial types excluded). */
    registrationsByDay: createRegistrationsRepository(db).registrationsByDay,
    sessionView: repo.sessionView,
    // login state and credentials (auth, admin tooling, withdrawals' transaction password)
    addFailure: repo.addFailure,
    lock: repo.lock,
    recordLogin: repo.recordLogin,
    setPassword: repo.setPassword,
    setPaymentPassword: repo.setPaymentPassword,
    // the profile module: nickname, real name and e-mail columns, the row lock, the member's closure
    setProfileColumns: repo.setProfileColumns,
    lockForUpdate: repo.lockForUpdate,
    close: repo.close,
    reopen: repo.reopen,
    setMobile: repo.setMobile,
    closedBefore: repo.closedBefore,
    anonymise: repo.anonymise,
    // hierarchy
    uplineIdOf: repo.uplineIdOf,
    findNode: repo.findNode,
    findInDownline: repo.findInDownline,
    listDownlines: repo.listDownlines,
    // agent hierarchy (closure table member_tree, rebate points, affiliate links): the agents module's primitives
    ...hierarchy,
    findInTeam: tree.findInTeam,
    teamCounts: tree.teamCounts,
    listTeam: tree.listTeam,
    teamSizes: tree.teamSizes,
    listAgents: tree.listAgents,
    /** The team of an agent as a SQL subquery of (member_id, depth), to bound another module's own read. */
    teamSubquery: tree.teamSubquery,
    /** The teams of the agent's direct downlines as a subquery of (head_id, member_id). */
    directTeamsSubquery: tree.directTeamsSubquery,
    /** Every member's uplines as a subquery of (member_id, ancestor_id, depth ≥ 1): the agents' team roll-up. */
    uplinesSubquery: tree.uplinesSubquery,
    /** The uplines of a member's team outside it, as a subquery of (member_id, ancestor_id, depth): a move's. */
    outsideUplinesSubquery: tree.outsideUplinesSubquery,
    /** A segment's members (an agent's team, a registration date range) as a subquery of (member_id). */
    segmentSubquery: tree.segmentSubquery,
    treeRows: tree.treeRows,
    // back office (member-search.repository.ts): search, a member's agent line and team size
    search: search.search,
    uplines: search.uplines,
    downlineCounts: search.downlineCounts,
    register(app: FastifyInstance): void {
      registerMembersRoutes(app, service);
    },
  };
}

export type MembersModule = ReturnType<typeof createMembersModule>;
