import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import { CONTRACT_TYPES } from './contract-rules.ts';
import { registerContractsAdminRoutes } from './contracts.admin-routes.ts';
import { createContractsRepository } from './contracts.repository.ts';
import { registerContractsRoutes } from './contracts.routes.ts';
import { createContractsService } from './contracts.service.ts';
import { createRebatesRepository } from './rebates.repository.ts';
import { registerRebateRoutes } from './rebates.routes.ts';
import { createRebatesService } from './rebates.service.ts';
import { createSettlement, type SettlementFaults } from './contracts.settlement.ts';
import type { ContractsTables } from './contracts.tables.ts';
import type { RebateBonusPort, TeamStatsPort } from './team-stats.port.ts';

export * from './contract-rules.ts';
export { termsOf, type ContractTerms } from './contracts.service.ts';
export type { SettlementReport } from './contracts.settlement.ts';
export { CATEGORY_REBATE_SCOPE, CONTRACT_SETTLEMENT_SCOPE } from './contracts.settlement.ts';
export { REBATE_CLAIM_SCOPE } from './rebates.service.ts';
export type { RebateBonusPort, TeamPeriodStats, TeamStatsPort } from './team-stats.port.ts';

/** How often each settlement job runs (real-time salary: every 5 minutes, spec §9). */
const JOB_SECONDS = { realtime_salary: 300, hourly_salary: 300, daily_wage: 600, dividend: 600 } as const;

/**
 * Agent contracts (dividend, daily wage, hourly and real-time salary): offers from an upline to a direct
 * downline (or from the house to a top-level agent), acceptance with the rate cap and auto-termination, and
 * their settlement — one record and one ledger posting per (contract, period), paid by the upline (the house
 * for top-level agents); plus daily category rebates on valid bets. Team figures come through the
 * TeamStatsPort; without one (not wired) the settlement jobs are not scheduled.
 */
export function createContractsModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'move' | 'moveOrThrow'>;
  members: Pick<MembersModule, 'findByAccount' | 'findById' | 'accountsOf'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  audit: Pick<AdminModule, 'recordAction'>;
  teamStats?: TeamStatsPort;
  clock: () => Date;
  faults?: SettlementFaults;
  /** Pushes contract offers to the agent's sockets. */
  realtime?: Pick<RealtimeModule, 'contractOffer'>;
  /**
   * Basis points each member's VIP level adds to every category rebate rate, at `at` or now (the vip module's
   * `rebateBonusBpMany`; a member left out adds 0; none: 0 for all).
   */
  rebateBonusBp?: RebateBonusPort;
}) {
  const rebateBonusBp: RebateBonusPort = deps.rebateBonusBp ?? (async () => new Map());
  const db = tablesOf<ContractsTables>(deps.db);
  const repo = createContractsRepository(db);
  const service = createContractsService({
    db,
    repo,
    members: deps.members,
    clock: deps.clock,
    onOffer: (agentId, offer) => deps.realtime?.contractOffer(agentId, offer),
  });
  const rebatesRepo = createRebatesRepository(db);
  const rebates = deps.teamStats
    ? createRebatesService({
        db,
        repo: rebatesRepo,
        contracts: repo,
        ledger: deps.ledger,
        teamStats: deps.teamStats,
        rebateBonusBp,
        clock: deps.clock,
      })
    : undefined;
  const settlement = deps.teamStats
    ? createSettlement({
        db,
        repo,
        rebates: rebatesRepo,
        ledger: deps.ledger,
        merchants: deps.merchants,
        teamStats: deps.teamStats,
        rebateBonusBp,
        clock: deps.clock,
        faults: deps.faults,
      })
    : undefined;
  const jobs: ScheduledJob[] = settlement
    ? [
        ...CONTRACT_TYPES.map((type) => ({
          name: `contracts-${type.replace('_', '-')}`,
          everySeconds: JOB_SECONDS[type],
          async run() {
            const r = await settlement.settle(type);
            return r.paid || r.insufficientFunds.length ? r : null;
          },
        })),
        {
          name: 'contracts-category-rebate',
          everySeconds: 600,
          async run() {
            const r = await settlement.settleRebates();
            return r.paid ? r : null;
          },
        },
      ]
    : [];
  return {
    ...service,
    /** Settles due periods of one contract type now (the jobs call this; tests and operators too). */
    settle: settlement?.settle,
    settleRebates: settlement?.settleRebates,
    rebateRates: repo.rebateRates,
    /** A merchant's rebate rate for a category, in basis points (overrides the spec §9 default). */
    setRebateRate: repo.setRebateRate,
    rebatesOf: repo.rebatesOf,
    /** Pending or active contracts the member holds (from its upline or the house), on the caller's transaction. */
    liveContractsOf: repo.liveContractsOf,
    /** The pending and active contracts of some agents, by agent id (the back office's agent tree). */
    liveContractsFor: repo.liveContractsFor,
    /** Manual rebate (member centre): today's claimable category rebate, the claim, the member's rebate records. */
    rebates,
    /** The scheduled jobs of this module (run once per period across all processes). */
    jobs,
    register(app: FastifyInstance): void {
      registerContractsRoutes(app, service);
      if (rebates) registerRebateRoutes(app, rebates);
      registerContractsAdminRoutes(app, {
        contracts: service,
        repo,
        members: deps.members,
        audit: deps.audit,
        settle: settlement?.settle,
      });
    },
  };
}

export type ContractsModule = ReturnType<typeof createContractsModule>;
