import type { Merchant } from '../../http/principals.ts';
import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { KycWithdrawalGuard } from '../kyc/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import { createBankAccountsService } from './bank-accounts.service.ts';
import { createTransactionPasswordService } from './transaction-password.service.ts';
import { registerWithdrawalAdminRoutes } from './withdrawals.admin-routes.ts';
import { createWithdrawalPostings } from './withdrawals.ledger.ts';
import { createWithdrawalOperatorService } from './withdrawals.operator.service.ts';
import { registerWithdrawalRoutes } from './withdrawals.routes.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';
import type { WithdrawalsTables } from './withdrawals.tables.ts';
import { createWithdrawalsRollupRepository } from './rollup.repository.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';

export { withdrawalKeys } from './withdrawals.ledger.ts';
export { TX_PASSWORD_FAILURES } from './transaction-password.service.ts';

/**
 * Withdrawals: payout bank accounts, the transaction password, requests that hold the amount in the ledger,
 * the operator flow (approve, reject, disburse, resolve a dispute), the member's receipt confirmation, and the
 * job that counts unanswered receipts as received.
 */
export function createWithdrawalsModule(deps: {
  db: AnyDb;
  ledger: Pick<LedgerModule, 'move' | 'settleHold' | 'balances'>;
  members: Pick<MembersModule, 'findById' | 'setPaymentPassword' | 'accountsOf'>;
  audit: Pick<AdminModule, 'recordAction' | 'secondApprovalAbove'>;
  /** Identity documents: a request above the merchant's threshold needs an approved identity (kyc_required). */
  kyc?: KycWithdrawalGuard;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const db = tablesOf<WithdrawalsTables>(deps.db);
  const postings = createWithdrawalPostings(deps.ledger);
  const txPassword = createTransactionPasswordService({
    members: deps.members,
    hasher: deps.hasher,
    limiter: deps.limiter,
  });
  const bankAccounts = createBankAccountsService({ db, clock: deps.clock });
  const guard: { beforeRequest?: (merchant: Merchant, memberId: bigint, confirmed: boolean) => Promise<void> } = {};
  const withdrawals = createWithdrawalsService({
    db,
    ledger: deps.ledger,
    postings,
    txPassword,
    kyc: deps.kyc,
    clock: deps.clock,
    guard,
  });
  const operator = createWithdrawalOperatorService({
    db,
    postings,
    audit: deps.audit,
    members: deps.members,
    clock: deps.clock,
  });
  const jobs: ScheduledJob[] = [
    {
      name: 'withdrawal-auto-confirm',
      everySeconds: 60,
      /** No receipt confirmation within the merchant's window counts as received (spec: withdrawal receipt). */
      async run() {
        const { confirmed } = await withdrawals.autoConfirmDue();
        return confirmed.length ? { autoConfirmed: confirmed } : null;
      },
    },
  ];
  const rollup = createWithdrawalsRollupRepository(db);
  return {
    /** Agent reports (rollup.repository.ts): changed (member, day) cells since a time, and day totals. */
    rollupChangedSince: rollup.changedSince,
    rollupDayTotals: rollup.dayTotals,
    /** The back-office dashboard: paid-out withdrawals per day, and the queues waiting now. */
    dashboardDays: rollup.dashboardDays,
    queueCounts: rollup.queueCounts,
    /**
     * Whether the member has a withdrawal not finished yet (requested, approved, disbursed or disputed): account
     * closure refuses then. `trx`: the caller's transaction.
     */
    hasOpenWithdrawal: (merchantId: bigint, memberId: bigint, trx?: AnyDb) =>
      createWithdrawalsRepository(trx ? tablesOf<WithdrawalsTables>(trx) : db).memberHasOpenWithdrawal(
        merchantId,
        memberId,
      ),
    /**
     * The retention job's anonymisation (profile module): bank accounts and the withdrawals' copies of them wiped,
     * proofs deleted, on the caller's transaction; the amounts and the ledger are kept. Idempotent.
     */
    anonymiseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint, at: Date) =>
      createWithdrawalsRepository(tablesOf<WithdrawalsTables>(trx)).anonymiseMember(merchantId, memberId, at),
    txPassword,
    bankAccounts,
    /** The payout account numbers of a member (live ones; the referral module's self-referral check). */
    bankAccountNumbers: async (merchantId: bigint, memberId: bigint): Promise<string[]> =>
      (await createWithdrawalsRepository(db).bankAccounts(merchantId, memberId)).map((a) =>
        a.account_number.replace(/\s+/g, ''),
      ),
    withdrawals,
    operator,
    /** Bonus money: asked before every new withdrawal request (see withdrawals.service.ts `guard`). */
    setWithdrawalGuard(fn: NonNullable<(typeof guard)['beforeRequest']>): void {
      guard.beforeRequest = fn;
    },
    /** The scheduled jobs of this module (run once per period across all processes). */
    jobs,
    register(app: FastifyInstance): void {
      registerWithdrawalRoutes(app, { withdrawals, bankAccounts, txPassword });
      registerWithdrawalAdminRoutes(app, operator);
    },
  };
}

export type WithdrawalsModule = ReturnType<typeof createWithdrawalsModule>;
