import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { registerDepositAdminRoutes } from './deposits.admin-routes.ts';
import { createDepositsRepository } from './deposits.repository.ts';
import { registerDepositRoutes } from './deposits.routes.ts';
import { createDepositsService, type DepositsService } from './deposits.service.ts';
import { createSandboxGateway, loadGatewaySecret, SANDBOX_GATEWAY, type SandboxGateway } from './sandbox-gateway.ts';
import { registerSandboxGatewayRoutes } from './sandbox-gateway.routes.ts';

export type DepositsModule = DepositsService & { sandbox: SandboxGateway };

/** The deposits service with its gateways (the built-in sandbox; real adapters are added to the map). */
export function createDepositsModule(deps: {
  db: Kysely<DB>;
  ledger: Pick<LedgerService, 'post'>;
  clock: () => Date;
  sandboxSecret?: string;
}): DepositsModule {
  let secret: Promise<string> | undefined;
  const sandbox = createSandboxGateway({
    clock: deps.clock,
    secret: () =>
      (secret ??= loadGatewaySecret(deps.db, SANDBOX_GATEWAY, deps.sandboxSecret).catch((err: unknown) => {
        secret = undefined;
        throw err;
      })),
  });
  const service = createDepositsService({
    db: deps.db,
    repo: createDepositsRepository(deps.db),
    ledger: deps.ledger,
    gateways: new Map([[sandbox.code, sandbox]]),
    clock: deps.clock,
  });
  return { ...service, sandbox };
}

/** Member, callback, sandbox pay page and operator routes of deposits. */
export function registerDeposits(app: FastifyInstance, deposits: DepositsModule): void {
  registerDepositRoutes(app, deposits);
  registerSandboxGatewayRoutes(app, { deposits, sandbox: deposits.sandbox });
  registerDepositAdminRoutes(app, deposits);
}
