import { type Kysely, sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { LedgerTables } from './ledger.tables.ts';

/** A member account as the closing transaction sees it (locked). */
export interface ClosingAccount {
  code: string;
  balance: bigint;
  /** Held amounts both ways (a hold on the account, or one on its way to it). */
  debitsPending: bigint;
  creditsPending: bigint;
}

/**
 * Account closure's SQL (migration 0150): the member's accounts locked in id order (the order every post locks
 * them in, so the closure and a post cannot deadlock), and their closed_at set or cleared. Always on the caller's
 * transaction: the check and the mark commit together.
 */
export function createLedgerClosureRepository() {
  const on = (trx: AnyDb) => trx as unknown as Kysely<LedgerTables>;
  return {
    /**
     * Creates the member's main wallet when missing (so a closed member always has a closed account that the
     * post function copies to any account it creates later), then locks every account of the member.
     */
    async lockMemberAccounts(
      trx: AnyDb,
      merchant: { id: bigint; currency: string },
      memberId: bigint,
      mainCode: string,
    ): Promise<ClosingAccount[]> {
      await sql`
        insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft)
        values (${merchant.id}, ${mainCode}, ${merchant.currency}, ${memberId}, true)
        on conflict (merchant_id, code) do nothing`.execute(trx);
      const { rows } = await sql<{
        code: string;
        credits_posted: bigint;
        debits_posted: bigint;
        debits_pending: bigint;
        credits_pending: bigint;
      }>`
        select code, credits_posted, debits_posted, debits_pending, credits_pending from ledger_accounts
         where merchant_id = ${merchant.id} and member_id = ${memberId}
         order by id for update`.execute(trx);
      return rows.map((r) => ({
        code: r.code,
        balance: BigInt(r.credits_posted) - BigInt(r.debits_posted),
        debitsPending: BigInt(r.debits_pending),
        creditsPending: BigInt(r.credits_pending),
      }));
    },

    /** Marks (a date) or clears (null) the closure of every account of the member; the rows are locked already. */
    async setMemberClosed(trx: AnyDb, merchantId: bigint, memberId: bigint, at: Date | null): Promise<void> {
      await on(trx)
        .updateTable('ledger_accounts')
        .set({ closed_at: at })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
    },
  };
}
