import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { registerDepositMethodAdminRoutes } from './deposit-methods.admin.ts';
import { registerDepositAdminRoutes } from './deposits.admin-routes.ts';
import { createDepositsRepository } from './deposits.repository.ts';
import { registerDepositRoutes } from './deposits.routes.ts';
import { demoDepositMethods } from './deposits.seed.ts';
import { createDepositsService, type DepositsDeps } from './deposits.service.ts';
import type { DepositsTables } from './deposits.tables.ts';
import { createSandboxGateway, SANDBOX_GATEWAY } from './sandbox-gateway.ts';
import { registerSandboxGatewayRoutes } from './sandbox-gateway.routes.ts';
import { createDepositsRollupRepository } from './rollup.repository.ts';
import { anonymiseDepositReceipts } from './deposits-anonymise.repository.ts';

export { depositReturnPath } from './deposits.service.ts';
export {
  SANDBOX_GATEWAY,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SANDBOX_TOLERANCE_SECONDS,
  signSandbox,
} from './sandbox-gateway.ts';

/**
 * Deposits: payment methods per merchant, payment-gateway orders with signed callbacks (the built-in sandbox
 * gateway; real adapters join the map), manual bank transfers with a receipt, operator approval. Every credit
 * is one ledger movement keyed by the deposit.
 */
export function createDepositsModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'move'>;
  audit: Pick<AdminModule, 'recordAction' | 'staffUsernames'>;
  members: Pick<MembersModule, 'accountsOf'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  rg: Pick<RgGuard, 'assertDeposit' | 'depositRefusal'>;
  clock: () => Date;
  /** The play-event queue (credited deposits are published to it). */
  events?: DepositsDeps['events'];
  /** SANDBOX_GATEWAY_SECRET; by default one random key per installation kept in the database. */
  sandboxSecret?: string;
  /**
   * The built-in sandbox gateway (no real money moves): its pay page, callbacks and orders. Off in production
   * (NODE_ENV=production), where a merchant with an enabled sandbox method refuses the start (`checkProduction`).
   */
  sandboxEnabled?: boolean;
}) {
  const sandboxEnabled = deps.sandboxEnabled ?? true;
  const db = tablesOf<DepositsTables>(deps.db);
  const repo = createDepositsRepository(db);
  let secret: Promise<string> | undefined;
  const sandbox = createSandboxGateway({
    clock: deps.clock,
    secret: () =>
      deps.sandboxSecret
        ? Promise.resolve(deps.sandboxSecret)
        : (secret ??= repo.gatewaySecret(SANDBOX_GATEWAY).catch((err: unknown) => {
            secret = undefined;
            throw err;
          })),
  });
  const service = createDepositsService({
    db,
    repo,
    ledger: deps.ledger,
    audit: deps.audit,
    members: deps.members,
    merchants: deps.merchants,
    gateways: new Map(sandboxEnabled ? [[sandbox.code, sandbox]] : []),
    rg: deps.rg,
    clock: deps.clock,
    events: deps.events,
  });
  const rollup = createDepositsRollupRepository(db);
  return {
    /** The retention anonymisation (profile module, issue 25): the member's deposit receipt images, on the caller's transaction; rows changed. */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) =>
      anonymiseDepositReceipts(trx, merchantId, memberId),
    /** Whether the member has a credited deposit (a first-deposit bonus can only be joined before one). */
    hasCreditedDeposit: (memberId: bigint) => repo.creditedBefore(db, memberId, -1n),
    /** Whether the member has a deposit still pending (account closure refuses then); `trx`: the caller's. */
    hasPendingDeposit: (merchantId: bigint, memberId: bigint, trx?: AnyDb) =>
      repo.hasPending(trx ? tablesOf<DepositsTables>(trx) : db, merchantId, memberId),
    /** Agent reports (rollup.repository.ts): changed (member, day) cells since a time, and day totals. */
    rollupChangedSince: rollup.changedSince,
    rollupDayTotals: rollup.dayTotals,
    /** The back-office dashboard: credited deposits per day with first-time depositors, and the pending queue. */
    dashboardDays: rollup.dashboardDays,
    pendingBankTransfers: rollup.pendingBankTransfers,
    ...service,
    sandbox,
    seedDemo: (merchantId: bigint) =>
      repo.addMethods(demoDepositMethods(merchantId).filter((m) => sandboxEnabled || m.gateway !== SANDBOX_GATEWAY)),
    /**
     * Production start-up check: the sandbox gateway credits balances without any payment, so an enabled sandbox
     * method must not exist where real money runs. Returns the refusal text, or null when all is well.
     */
    async productionProblem(): Promise<string | null> {
      const rows = await repo.enabledMethodsOf(SANDBOX_GATEWAY);
      if (rows.length === 0) return null;
      const list = rows.map((r) => `merchant #${r.merchant_id} method ${r.code}`).join(', ');
      return (
        `Refusing to start with NODE_ENV=production: ${list} pays through the sandbox payment gateway, which ` +
        'credits balances without any payment. Disable those methods (deposit_methods.enabled = false) or start ' +
        'without NODE_ENV=production.'
      );
    },
    register(app: FastifyInstance): void {
      registerDepositRoutes(app, service);
      if (sandboxEnabled) registerSandboxGatewayRoutes(app, { deposits: service, sandbox });
      registerDepositAdminRoutes(app, service);
      registerDepositMethodAdminRoutes(app, { db, repo, audit: deps.audit, sandboxEnabled });
    },
  };
}

export type DepositsModule = ReturnType<typeof createDepositsModule>;
