import { type AnyDb, tablesOf } from '../../db/schema.ts';
import { auditLedger } from './ledger-audit.repository.ts';
import { createLedgerRepository, type HistoryFilter } from './ledger.repository.ts';
import { createLedgerService, type LedgerOptions, memberMain } from './ledger.service.ts';
import type { LedgerTables } from './ledger.tables.ts';
import { createLedgerTeamRepository } from './ledger-team.repository.ts';
import { createLedgerClosureRepository } from './ledger-closure.repository.ts';

export { SYSTEM_SHARDS, memberBonus, memberMain, memberVendor, systemAccount } from './ledger.service.ts';
export type { CommittedJournal, CommittedListener, HoldSettlement, Movement } from './ledger.service.ts';
export type { CodeFilter, DayRow, HistoryFilter, HistoryRow } from './ledger.repository.ts';
export type { AccountBalance, Leg, PostRequest, PostResult, Resolution, SystemAccountName } from './ledger.types.ts';
export type { LedgerAuditReport } from './ledger-audit.repository.ts';
export type { ClosingAccount } from './ledger-closure.repository.ts';
export { AGENT_PAYOUTS, type TeamEntryRow } from './ledger-team.repository.ts';

/**
 * The money core: every balance change of the platform is a journal posted here (double entry, idempotent by
 * key, one transaction, never below zero for members); reads of balances and of a member's entries; the audit
 * of the books. No routes: the money features (wallet, deposits, withdrawals, games…) post through this face.
 */
export function createLedgerModule(deps: { db: AnyDb } & LedgerOptions) {
  const repo = createLedgerRepository(tablesOf<LedgerTables>(deps.db));
  const service = createLedgerService({ repo, maxInFlight: deps.maxInFlight, maxBatch: deps.maxBatch });
  const team = createLedgerTeamRepository(tablesOf<LedgerTables>(deps.db));
  const closure = createLedgerClosureRepository();
  return {
    /**
     * Account closure (migration 0150), on the caller's transaction: the member's accounts locked (main created if
     * missing), then marked closed (every later post touching them fails with account_closed) or reopened.
     */
    lockMemberAccounts: (trx: AnyDb, merchant: { id: bigint; currency: string }, memberId: bigint) =>
      closure.lockMemberAccounts(trx, merchant, memberId, memberMain(memberId)),
    setMemberAccountsClosed: closure.setMemberClosed,
    /** Agent centre (ledger-team.repository.ts): a team's wallet entries; an agent's payouts received. */
    teamEntries: team.teamEntries,
    agentIncome: team.income,
    ...service,
    /** A member's entries and holds, a page at a time (histories). */
    historyPage: (f: HistoryFilter, page: { pageNo: number; pageSize: number }) => repo.historyPage(f, page),
    historyCount: (f: HistoryFilter) => repo.historyCount(f),
    /** Posted amounts per local day and transfer code over a member's wallets (personal profit). */
    dailyTotals: (f: HistoryFilter) => repo.dailyTotals(f),
    journalCount: () => repo.journalCount(),
    /** A member's signed totals per transfer code since each instant (responsible-gaming usage; `trx`: under a lock). */
    totalsSince: (f: Parameters<typeof repo.totalsSince>[0], trx?: AnyDb) => repo.totalsSince(f, trx),
    /** Members holding money in their sub-wallet of a vendor (a vendor's wallet mode may change only at none). */
    vendorWalletHolders: (merchantId: bigint, vendorCode: string) => repo.vendorWalletHolders(merchantId, vendorCode),
    /**
     * The member accounts' balances a committed journal left, from its stored result (what its post answered),
     * by its idempotency scope and key; undefined when there is no such posted journal.
     */
    balancesLeft: (merchantId: bigint, scope: string, key: string) => repo.balancesLeft(merchantId, scope, key),
    /** Every invariant of the books checked from the stored rows (an empty problem list: they balance). */
    audit: () => auditLedger(deps.db),
  };
}

export type LedgerModule = ReturnType<typeof createLedgerModule>;
