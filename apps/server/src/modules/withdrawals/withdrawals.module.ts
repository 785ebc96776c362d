import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createBankAccountsService } from './bank-accounts.service.ts';
import { createTransactionPasswordService } from './transaction-password.service.ts';
import { registerWithdrawalAdminRoutes } from './withdrawals.admin-routes.ts';
import { createWithdrawalOperatorService } from './withdrawals.operator.service.ts';
import { registerWithdrawalRoutes } from './withdrawals.routes.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';

/** The withdrawals module's services, built once in createServices(). */
export function createWithdrawalsModule(deps: {
  db: Kysely<DB>;
  ledger: Pick<LedgerService, 'post' | 'balances'>;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const txPassword = createTransactionPasswordService({ db: deps.db, hasher: deps.hasher, limiter: deps.limiter });
  return {
    txPassword,
    bankAccounts: createBankAccountsService({ db: deps.db, clock: deps.clock }),
    withdrawals: createWithdrawalsService({ db: deps.db, ledger: deps.ledger, txPassword, clock: deps.clock }),
    operator: createWithdrawalOperatorService({ db: deps.db, ledger: deps.ledger, clock: deps.clock }),
  };
}

export type WithdrawalsModule = ReturnType<typeof createWithdrawalsModule>;

export function registerWithdrawals(app: FastifyInstance, m: WithdrawalsModule): void {
  registerWithdrawalRoutes(app, m);
  registerWithdrawalAdminRoutes(app, m.operator);
}
