import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { createActiveMembersRepository } from './active-members.repository.ts';
import { type ContractsOfPort, createAgentsAdmin, registerAgentAdminRoutes } from './agents.admin.ts';
import { createAgentsRepository } from './agents.repository.ts';
import { registerAgentRoutes } from './agents.routes.ts';
import { createTeamStats } from './team-stats.ts';
import { createAgentsService } from './agents.service.ts';
import type { AgentsTables } from './agents.tables.ts';
import { createRollupService, ROLLUP_EVERY_SECONDS } from './rollup.service.ts';

export type { TeamPeriodStats } from './agents.service.ts';
export { ROLLUP_EVERY_SECONDS, ROLLUP_OVERLAP_MS } from './rollup.service.ts';

/**
 * The agent centre (/wps/agent/*) and the operator's agent management (/admin/api/agents*): team reports from a
 * daily per-member roll-up (agent_daily_stats, kept by the agent-rollup job from the games, deposits and
 * withdrawals faces) joined with the members module's closure table; downline registration and management and
 * affiliate links through the members face; every request through agents.policy.ts.
 */
export function createAgentsModule(deps: {
  db: AnyDb;
  members: MembersModule;
  merchants: Pick<MerchantsModule, 'allActive' | 'findById'>;
  games: Pick<
    GamesModule,
    | 'betCellSources'
    | 'roundDayTotals'
    | 'teamRounds'
    | 'roundNames'
    | 'teamSettled'
    | 'teamBetSplit'
    | 'categoryBets'
    | 'merchantsWithBets'
  >;
  deposits: Pick<DepositsModule, 'rollupChangedSince' | 'rollupDayTotals'>;
  withdrawals: Pick<WithdrawalsModule, 'rollupChangedSince' | 'rollupDayTotals'>;
  ledger: Pick<LedgerModule, 'teamEntries' | 'agentIncome'>;
  audit: Pick<AdminModule, 'recordAction'>;
  /** The agent tree's contract column (the contracts face; built after this module, so called late). */
  contractsOf?: ContractsOfPort;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const repo = createAgentsRepository(tablesOf<AgentsTables>(deps.db));
  const service = createAgentsService({
    repo,
    members: deps.members,
    games: deps.games,
    ledger: deps.ledger,
    limiter: deps.limiter,
    clock: deps.clock,
  });
  const admin = createAgentsAdmin({
    db: deps.db,
    repo,
    members: deps.members,
    audit: deps.audit,
    contractsOf: deps.contractsOf,
  });
  const rollup = createRollupService({
    repo,
    members: deps.members,
    games: deps.games,
    deposits: deps.deposits,
    withdrawals: deps.withdrawals,
  });

  /** One incremental roll-up pass over every active merchant. */
  async function runRollup(): Promise<{ merchants: number; cells: number }> {
    let cells = 0;
    const merchants = await deps.merchants.allActive();
    for (const m of merchants) cells += (await rollup.runFor(m)).cells;
    return { merchants: merchants.length, cells };
  }

  const jobs: ScheduledJob[] = [
    {
      name: 'agent-rollup',
      everySeconds: ROLLUP_EVERY_SECONDS,
      async run() {
        const r = await runRollup();
        return r.cells ? r : null;
      },
    },
  ];

  return {
    ...service,
    /**
     * For the contracts module: the agent's whole team (self included) and each direct downline's team over
     * [from, to] (local dates of the merchant, inclusive), from the roll-up.
     */
    teamPeriodStats: service.teamPeriodStats,
    /** The contracts module's TeamStatsPort (team-stats.ts): settlement figures over any window from the bet records. */
    teamStats: createTeamStats({ repo, members: deps.members, games: deps.games }),
    admin,
    /** Brings the roll-up up to date now (the job's work; tests, the seed and the bench call it directly). */
    runRollup,
    /**
     * An operator moves `memberId` with its team (in the move's transaction): call with −1 before the closure rows
     * change and +1 after, so every agent's team roll-up keeps equal to a recount from the cells.
     */
    moveTeamFigures: (executor: AnyDb, merchantId: bigint, memberId: bigint, sign: 1 | -1) =>
      repo.rebaseTeam(
        executor,
        merchantId,
        deps.members.teamSubquery(merchantId, memberId),
        deps.members.outsideUplinesSubquery(merchantId, memberId),
        sign,
      ),
    /** The per-ancestor team roll-up checked against a recount from the cells and the closure table. */
    auditTeamRollup: (merchantId: bigint) => repo.auditTeamRollup(merchantId, deps.members.uplinesSubquery(merchantId)),
    settings: (merchantId: bigint) => repo.settings(merchantId),
    /** The back-office dashboard: members with a settled bet per local day and distinct over [fromDay, toDay]. */
    activeMembers: createActiveMembersRepository(tablesOf<AgentsTables>(deps.db)).activeMembers,
    jobs,
    register(app: FastifyInstance): void {
      registerAgentRoutes(app, service);
      registerAgentAdminRoutes(app, admin);
    },
  };
}

export type AgentsModule = ReturnType<typeof createAgentsModule>;
