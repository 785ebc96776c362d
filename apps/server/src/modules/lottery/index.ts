import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { createLotteryRepository } from './lottery.repository.ts';
import { registerLotteryRoutes } from './lottery.routes.ts';
import { createLotteryService, type LotteryOptions } from './lottery.service.ts';
import type { LotteryTables } from './lottery.tables.ts';

export {
  DEMO_LOTTERY_GAMES,
  issueIdOf,
  LOTTERY_SCOPE,
  type LotteryOptions,
  SCHEDULE_AHEAD_SECONDS,
  PAY_BATCH,
  SETTLE_BATCH,
} from './lottery.service.ts';

/**
 * Fast e-lottery (ELOTT, vendor SEA): games per merchant, a commit-reveal hash chain per game, issues drawn from
 * it on a schedule and settled set-based; bets, chases and refunds through the ledger face. Jobs: lottery-schedule
 * (issues an hour ahead) and lottery-draw (close → draw → settle, every 2 s).
 */
export function createLotteryModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'post' | 'postMany' | 'balances'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  clock: () => Date;
  options?: LotteryOptions;
}) {
  const db = tablesOf<LotteryTables>(deps.db);
  const service = createLotteryService({
    db,
    repo: createLotteryRepository(db),
    ledger: deps.ledger,
    merchants: deps.merchants,
    clock: deps.clock,
    options: deps.options,
  });
  const jobs: ScheduledJob[] = [
    {
      name: 'lottery-schedule',
      everySeconds: 60,
      async run() {
        const r = await service.schedule();
        return r.created ? r : null;
      },
    },
    {
      name: 'lottery-draw',
      everySeconds: 2,
      async run() {
        const r = await service.advance();
        return r.steps ? r : null;
      },
    },
  ];
  return {
    ...service,
    jobs,
    register(app: FastifyInstance): void {
      registerLotteryRoutes(app, service);
    },
  };
}

export type LotteryModule = ReturnType<typeof createLotteryModule>;
