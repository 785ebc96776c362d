import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import { createRgRepository } from './rg.repository.ts';
import { registerRgRoutes } from './rg.routes.ts';
import { createRgService } from './rg.service.ts';
import type { RgTables } from './rg.tables.ts';

/**
 * Responsible gaming, enforced on the server for every product: deposit, loss and wager limits per day / week /
 * month (merchant time zone), a session time limit, the reality-check interval, time-outs and self-exclusion
 * (never lifted early, by anyone; ends the member's sessions; blocks login, deposits and bets; marketing and
 * bonuses skip the member), with a log of every change by the member or staff.
 *
 * Concurrency: every check runs INSIDE the caller's transaction — the one that posts the stake or the deposit to
 * the ledger — and first locks the member's rg_members row (SELECT … FOR UPDATE). Usage is read from the member's
 * own ledger entries (the one source of truth: nothing to keep in step, nothing lost by a crash) after the lock is
 * taken. Two stakes (or deposits) of one member therefore run one after the other: the second takes the lock only
 * once the first's transaction — its ledger post included — has committed or rolled back, and then sees it. A
 * rolled-back stake leaves no trace to undo. The cost is one row lock per member per stake (members never contend
 * with each other) and one indexed read of the member's entries since the month's start when a limit is set.
 * Stake entry points (each calls stakeRefusal/assertStake through this face): the seamless wallet's bet (every
 * vendor and our house games, which bet through it), the lottery order, and the transfer wallet's transfer-in.
 * Deposits: at request (pending requests counted) and at credit (gateway callback, operator approval).
 */
export function createResponsibleGamingModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'totalsSince'>;
  members: Pick<MembersModule, 'findById' | 'findByAccount'>;
  auth: Pick<AuthModule, 'endSessionsIn'>;
  audit: Pick<AdminModule, 'recordAction' | 'staffUsernames'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  clock: () => Date;
}) {
  const db = tablesOf<RgTables>(deps.db);
  const service = createRgService({ ...deps, repo: createRgRepository(db) });
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerRgRoutes(app, service, deps.members);
    },
  };
}

export type ResponsibleGamingModule = ReturnType<typeof createResponsibleGamingModule>;
/** What the bet and deposit paths need of this module (narrow dependency type). */
export type RgGuard = Pick<
  ResponsibleGamingModule,
  'stakeRefusal' | 'assertStake' | 'precheckStake' | 'assertDeposit' | 'depositRefusal'
>;

/** The seamless wallet's status for a refused stake: a loss or wager limit BET_LIMIT, a break or session limit PLAYER_BLOCKED. */
export const rgWalletStatus = (code: string): 'BET_LIMIT' | 'PLAYER_BLOCKED' =>
  code === 'rg_loss_limit' || code === 'rg_wager_limit' ? 'BET_LIMIT' : 'PLAYER_BLOCKED';
