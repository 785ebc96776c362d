import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Which ledger transfer codes to include: a list, or everything except a list. */
export type CodeFilter = { in: string[] } | { notIn: string[] } | null;

export interface HistoryFilter {
  merchantId: bigint;
  memberId: bigint;
  /** Local calendar dates (inclusive) in `timezone`. */
  from?: string;
  to?: string;
  timezone: string;
  codes: CodeFilter;
}

export interface HistoryRow {
  src: 'e' | 'h' | 'v';
  account_id: bigint;
  version: bigint;
  transfer_id: bigint;
  journal_id: bigint;
  amount: bigint;
  balance_after: bigint | null;
  created_at: Date;
  code: string;
  account_code: string;
  ref: Record<string, unknown>;
}

export interface DayRow {
  day: string;
  code: string;
  total: bigint;
}

/**
 * Read-only queries over the ledger for one member. Rows are the member's posted entries (every wallet of the
 * member: main and sub-wallets) plus its holds: open ones (pending) and voided ones (cancelled).
 */
export function createHistoryRepository(db: Kysely<DB>) {
  /** `created_at` between the start of `from` and the end of `to`, both local days in the merchant time zone. */
  function timeRange(column: RawBuilder<unknown>, f: HistoryFilter) {
    const parts: RawBuilder<unknown>[] = [];
    if (f.from) parts.push(sql`${column} >= (${f.from}::date::timestamp at time zone ${f.timezone})`);
    if (f.to) parts.push(sql`${column} < ((${f.to}::date + 1)::timestamp at time zone ${f.timezone})`);
    return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
  }

  function codeFilter(column: RawBuilder<unknown>, codes: CodeFilter) {
    if (!codes) return sql``;
    if ('in' in codes) return codes.in.length ? sql`and ${column} in (${sql.join(codes.in)})` : sql`and false`;
    return codes.notIn.length ? sql`and ${column} not in (${sql.join(codes.notIn)})` : sql``;
  }

  /** The union of entries and open holds, filtered; the base of the listing and the count. */
  function rowsOf(f: HistoryFilter) {
    return sql`
      with acct as (
        select id, code from ledger_accounts where merchant_id = ${f.merchantId} and member_id = ${f.memberId}
      ), rows as (
        select 'e' as src, e.account_id, e.version, e.transfer_id, e.journal_id, e.amount, e.balance_after, e.created_at, t.code
          from ledger_entries e
          join acct a on a.id = e.account_id
          join ledger_transfers t on t.id = e.transfer_id
         where true ${timeRange(sql.ref('e.created_at'), f)} ${codeFilter(sql.ref('t.code'), f.codes)}
        union all
        -- Holds (found through the member's accounts: index on open holds by debit account): still open → pending,
        -- voided (rejected or cancelled withdrawal) → cancelled; a posted hold shows as its entries above.
        select case when r.id is null then 'h' else 'v' end as src, t.debit_account_id, 0::bigint, t.id, t.journal_id, -t.amount, null::bigint, t.created_at, t.code
          from ledger_transfers t
          join acct a on a.id = t.debit_account_id
          left join ledger_transfers r on r.pending_id = t.id
         where t.kind = 1 and (r.id is null or r.kind = 3)
           ${timeRange(sql.ref('t.created_at'), f)} ${codeFilter(sql.ref('t.code'), f.codes)}
      )`;
  }

  return {
    async list(f: HistoryFilter, page: { pageNo: number; pageSize: number }): Promise<HistoryRow[]> {
      const { rows } = await sql<HistoryRow>`
        ${rowsOf(f)}
        select r.src, r.account_id, r.version, r.transfer_id, r.journal_id, r.amount, r.balance_after, r.created_at, r.code,
               a.code as account_code, j.ref
          from rows r
          join acct a on a.id = r.account_id
          join ledger_journals j on j.id = r.journal_id
         order by r.created_at desc, r.transfer_id desc, r.account_id desc
         limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`.execute(db);
      return rows;
    },

    async count(f: HistoryFilter): Promise<number> {
      const { rows } = await sql<{ n: bigint }>`${rowsOf(f)} select count(*) as n from rows`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Posted amounts per local day and transfer code over every wallet of the member (signed: + in, − out). */
    async dailyTotals(f: HistoryFilter): Promise<DayRow[]> {
      const { rows } = await sql<DayRow>`
        select to_char(e.created_at at time zone ${f.timezone}, 'YYYY-MM-DD') as day, t.code, sum(e.amount)::bigint as total
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transfers t on t.id = e.transfer_id
         where a.merchant_id = ${f.merchantId} and a.member_id = ${f.memberId}
           ${timeRange(sql.ref('e.created_at'), f)} ${codeFilter(sql.ref('t.code'), f.codes)}
         group by 1, 2
         order by 1 desc`.execute(db);
      return rows;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
