import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { LedgerTables } from './ledger.tables.ts';

export interface TeamEntryRow {
  account_id: bigint;
  version: bigint;
  member_id: bigint;
  code: string;
  amount: bigint;
  balance_after: bigint;
  created_at: Date;
  journal_id: bigint;
}

/** What an agent is paid (rebates, wages, dividends): journals of this kind, or transfers with this code. */
export const AGENT_PAYOUTS = 'agent_payouts';

/**
 * Ledger reads for the agent centre: the posted entries of a team's member wallets (bounded by the team
 * subquery the members face builds), and an agent's own income entries (kind 'agent_payouts').
 */
export function createLedgerTeamRepository(db: Kysely<LedgerTables>) {
  return {
    async teamEntries(
      merchantId: bigint,
      team: RawBuilder<unknown>,
      f: { from: Date; to: Date; memberId?: bigint; code?: string; offset: number; limit: number },
    ): Promise<{ rows: TeamEntryRow[]; total: number }> {
      const where = sql`a.merchant_id = ${merchantId} and e.created_at >= ${f.from} and e.created_at < ${f.to}
        ${f.memberId !== undefined ? sql`and a.member_id = ${f.memberId}` : sql`and a.member_id in (select member_id from (${team}) team)`}
        ${f.code ? sql`and t.code = ${f.code}` : sql``}`;
      const from = sql`from ledger_entries e join ledger_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id`;
      const [page, count] = await Promise.all([
        sql<TeamEntryRow>`select e.account_id, e.version, a.member_id, t.code, e.amount, e.balance_after, e.created_at,
            e.journal_id ${from} where ${where}
            order by e.created_at desc, e.transfer_id desc limit ${f.limit} offset ${f.offset}`.execute(db),
        sql<{ n: string }>`select count(*) as n ${from} where ${where}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
    },

    /** Credits to the member's wallets from agent payouts, newest first, with their sum over the period. */
    async income(
      merchantId: bigint,
      memberId: bigint,
      f: { from: Date; to: Date; offset: number; limit: number },
    ): Promise<{ rows: (TeamEntryRow & { ref: unknown })[]; total: number; sum: bigint }> {
      const base = sql`from ledger_entries e join ledger_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id join ledger_journals j on j.id = e.journal_id
        where a.merchant_id = ${merchantId} and a.member_id = ${memberId} and e.amount > 0
          and e.created_at >= ${f.from} and e.created_at < ${f.to}
          and (j.kind = ${AGENT_PAYOUTS} or t.code = ${AGENT_PAYOUTS})`;
      const [page, count] = await Promise.all([
        sql<TeamEntryRow & { ref: unknown }>`select e.account_id, e.version, a.member_id, t.code, e.amount,
            e.balance_after, e.created_at, e.journal_id, j.ref ${base}
            order by e.created_at desc, e.transfer_id desc limit ${f.limit} offset ${f.offset}`.execute(db),
        sql<{ n: string; s: bigint | null }>`select count(*) as n, sum(e.amount)::bigint as s ${base}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0), sum: BigInt(count.rows[0]?.s ?? 0) };
    },
  };
}
