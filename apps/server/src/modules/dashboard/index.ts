import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AgentsModule } from '../agents/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { LotteryModule } from '../lottery/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';
import type { DashboardTables } from './dashboard.tables.ts';
import { createDashboardRollup, DASHBOARD_ROLLUP_EVERY_SECONDS } from './rollup.service.ts';

export { DASHBOARD_ROLLUP_EVERY_SECONDS, DASHBOARD_ROLLUP_OVERLAP_MS } from './rollup.service.ts';

/**
 * The back-office dashboard (GET /admin/api/dashboard): composes the owners' faces — bets per day and category and
 * money per day from its own roll-ups (dashboard_daily, dashboard_money_daily: kept by the dashboard-rollup job
 * from the games, deposits and withdrawals faces), active players from the agents' cells, registrations and the
 * queues live from the members, deposits, withdrawals, admin and lottery faces.
 */
export function createDashboardModule(deps: {
  db: AnyDb;
  games: Pick<GamesModule, 'betCellSources' | 'categoryDayTotals'>;
  agents: Pick<AgentsModule, 'activeMembers'>;
  deposits: Pick<DepositsModule, 'rollupChangedSince' | 'dashboardDays' | 'pendingBankTransfers'>;
  withdrawals: Pick<WithdrawalsModule, 'rollupChangedSince' | 'dashboardDays' | 'queueCounts'>;
  members: Pick<MembersModule, 'registrationsByDay'>;
  admin: Pick<AdminModule, 'pendingAdjustments'>;
  lottery: Pick<LotteryModule, 'pendingResults'>;
  merchants: Pick<MerchantsModule, 'allActive'>;
  clock: () => Date;
}) {
  const repo = createDashboardRepository(tablesOf<DashboardTables>(deps.db));
  const service = createDashboardService({ ...deps, repo });
  const rollup = createDashboardRollup({
    repo,
    games: deps.games,
    deposits: deps.deposits,
    withdrawals: deps.withdrawals,
  });

  /** One incremental roll-up pass over every active merchant. */
  async function runRollup(): Promise<{ merchants: number; days: number }> {
    let days = 0;
    const merchants = await deps.merchants.allActive();
    for (const m of merchants) days += (await rollup.runFor(m)).days;
    return { merchants: merchants.length, days };
  }

  const jobs: ScheduledJob[] = [
    {
      name: 'dashboard-rollup',
      everySeconds: DASHBOARD_ROLLUP_EVERY_SECONDS,
      async run() {
        const r = await runRollup();
        return r.days ? r : null;
      },
    },
  ];

  return {
    ...service,
    /** Brings the roll-up up to date now (the job's work; tests and the bench call it directly). */
    runRollup,
    /** Recounts every day of [fromDay, toDay] for one merchant whatever the marks say (backfill, bench). */
    rebuildRollup: (merchant: Merchant, fromDay: string, toDay: string) => rollup.rebuild(merchant, fromDay, toDay),
    jobs,
    register(app: FastifyInstance): void {
      registerDashboardRoutes(app, service);
    },
  };
}

export type DashboardModule = ReturnType<typeof createDashboardModule>;
