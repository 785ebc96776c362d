import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AgentsModule } from '../agents/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { ContractsModule } from '../contracts/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { HistoryModule } from '../history/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { MemberAdminTables } from './member-admin.tables.ts';
import { registerMemberAdminRoutes } from './member-admin.routes.ts';
import { createMemberAdminService } from './member-admin.service.ts';
import { createMemberNotesRepository } from './member-notes.repository.ts';
import { anonymiseMemberNotes } from './member-notes-anonymise.repository.ts';

/**
 * The back office's members screens (issue 22): search, a member's 360° view, its lists read through the faces
 * that own them, staff notes (member_notes, this module's only table) and the operator's actions on a member.
 */
export function createMemberAdminModule(deps: {
  db: AnyDb;
  members: MembersModule;
  auth: AuthModule;
  ledger: Pick<LedgerModule, 'memberAccounts'>;
  history: Pick<HistoryModule, 'transactions'>;
  games: Pick<GamesModule, 'betRecords'>;
  deposits: Pick<DepositsModule, 'list'>;
  withdrawals: Pick<WithdrawalsModule, 'withdrawals'>;
  audit: Pick<AdminModule, 'recordAction'>;
  agents: Pick<AgentsModule, 'moveTeamFigures'>;
  contracts: Pick<ContractsModule, 'liveContractsOf'>;
  clock: () => Date;
}) {
  const service = createMemberAdminService({
    ...deps,
    withdrawals: deps.withdrawals.withdrawals,
    notes: createMemberNotesRepository(tablesOf<MemberAdminTables>(deps.db)),
  });
  return {
    ...service,
    /** The retention anonymisation (profile module, issue 25): the texts of staff notes on the member, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) =>
      anonymiseMemberNotes(trx, merchantId, memberId),
    register(app: FastifyInstance): void {
      registerMemberAdminRoutes(app, service);
    },
  };
}

export type MemberAdminModule = ReturnType<typeof createMemberAdminModule>;
