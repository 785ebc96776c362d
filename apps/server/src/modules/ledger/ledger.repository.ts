import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AccountBalance } from './ledger.types.ts';
import type { LedgerTables } from './ledger.tables.ts';

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
 * SQL of the ledger. Writes go through one call of the SQL function ledger_post_batch (db/functions/ledger.sql); the rest
 * are reads: balances, and a member's history — its posted entries (every wallet of the member: main and
 * sub-wallets) plus its holds: open ones (pending) and voided ones (cancelled).
 */
export function createLedgerRepository(db: Kysely<LedgerTables>) {
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
    /** One round trip: the JSON batch in, one result per post out (on `executor`: the db or a caller's transaction). */
    async postBatch<P, R>(executor: AnyDb | undefined, batch: P[]): Promise<R[]> {
      const { rows } = await sql<{ r: R[] }>`select ledger_post_batch(${JSON.stringify(batch)}::jsonb) as r`.execute(
        executor ?? db,
      );
      return rows[0]!.r;
    },

    /** `fn` in one transaction (committed when it returns, rolled back when it throws). */
    transaction: <T>(fn: (trx: AnyDb) => Promise<T>): Promise<T> => db.transaction().execute(fn),

    /** Balances of accounts by code (accounts never used read as zero). */
    async balances(
      merchantId: bigint,
      codes: string[],
      executor: AnyDb | undefined = db,
    ): Promise<Record<string, AccountBalance>> {
      const out: Record<string, AccountBalance> = {};
      for (const c of codes) out[c] = { balance: 0n, available: 0n };
      if (codes.length === 0) return out;
      const rows = await tablesOf<LedgerTables>(executor)
        .selectFrom('ledger_accounts')
        .select(['code', 'credits_posted', 'debits_posted', 'debits_pending'])
        .where('merchant_id', '=', merchantId)
        .where('code', 'in', codes)
        .execute();
      for (const r of rows) {
        const balance = r.credits_posted - r.debits_posted;
        out[r.code] = { balance, available: balance - r.debits_pending };
      }
      return out;
    },

    /**
     * Members holding money (a balance or a pending hold) in their sub-wallet of a vendor: how many and the total
     * balance. One scan of the merchant's vendor sub-wallets — for a rare operator decision (a wallet mode change).
     */
    async vendorWalletHolders(merchantId: bigint, vendorCode: string): Promise<{ members: number; total: bigint }> {
      const pattern = `member:%:vendor:${vendorCode.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
      const r = await db
        .selectFrom('ledger_accounts')
        .select((eb) => [
          eb.fn.countAll<string>().as('n'),
          sql<string>`coalesce(sum(credits_posted - debits_posted), 0)`.as('total'),
        ])
        .where('merchant_id', '=', merchantId)
        .where('member_id', 'is not', null)
        .where('code', 'like', pattern)
        .where((eb) =>
          eb.or([
            eb('credits_posted', '<>', eb.ref('debits_posted')),
            eb('debits_pending', '<>', 0n),
            eb('credits_pending', '<>', 0n),
          ]),
        )
        .executeTakeFirstOrThrow();
      return { members: Number(r.n), total: BigInt(r.total) };
    },

    /**
     * Balances of accounts by code, their rows locked FOR UPDATE in id order (the order ledger_post_batch locks in)
     * in the caller's transaction: a post that follows in it moves exactly what was read.
     */
    async lockBalances(merchantId: bigint, codes: string[], executor: AnyDb): Promise<Record<string, AccountBalance>> {
      const out: Record<string, AccountBalance> = {};
      for (const c of codes) out[c] = { balance: 0n, available: 0n };
      const { rows } = await sql<{
        code: string;
        credits_posted: bigint;
        debits_posted: bigint;
        debits_pending: bigint;
      }>`
        select code, credits_posted, debits_posted, debits_pending from ledger_accounts
         where merchant_id = ${merchantId} and code in (${sql.join(codes)})
         order by id for update`.execute(executor);
      for (const r of rows) {
        const balance = BigInt(r.credits_posted) - BigInt(r.debits_posted);
        out[r.code] = { balance, available: balance - BigInt(r.debits_pending) };
      }
      return out;
    },

    /** The posted legs of a journal by (scope, key): account codes and amounts, in transfer order. */
    async legsOf(
      merchantId: bigint,
      scope: string,
      key: string,
      executor: AnyDb | undefined = db,
    ): Promise<Array<{ debit: string; credit: string; amount: bigint; code: string }>> {
      const { rows } = await sql<{ debit: string; credit: string; amount: bigint; code: string }>`
        select d.code as debit, c.code as credit, t.amount, t.code
          from ledger_journals j
          join ledger_transfers t on t.journal_id = j.id
          join ledger_accounts d on d.id = t.debit_account_id
          join ledger_accounts c on c.id = t.credit_account_id
         where j.merchant_id = ${merchantId} and j.scope = ${scope} and j.idem_key = ${key} and j.ok
         order by t.id`.execute(executor);
      return rows;
    },

    /** legsOf() for many keys of one scope in one read: the legs of each key found (in transfer order). */
    async legsOfMany(
      merchantId: bigint,
      scope: string,
      keys: string[],
      executor: AnyDb | undefined = db,
    ): Promise<Map<string, Array<{ debit: string; credit: string; amount: bigint; code: string }>>> {
      const out = new Map<string, Array<{ debit: string; credit: string; amount: bigint; code: string }>>();
      if (keys.length === 0) return out;
      const { rows } = await sql<{ key: string; debit: string; credit: string; amount: bigint; code: string }>`
        select j.idem_key as key, d.code as debit, c.code as credit, t.amount, t.code
          from ledger_journals j
          join ledger_transfers t on t.journal_id = j.id
          join ledger_accounts d on d.id = t.debit_account_id
          join ledger_accounts c on c.id = t.credit_account_id
         where j.merchant_id = ${merchantId} and j.scope = ${scope} and j.idem_key = any(${keys}::text[]) and j.ok
         order by t.id`.execute(executor);
      for (const { key, ...leg } of rows) out.set(key, [...(out.get(key) ?? []), leg]);
      return out;
    },

    /** Every account of a member (main and sub-wallets) with its balances. */
    async memberAccounts(
      merchantId: bigint,
      memberId: bigint,
    ): Promise<Array<{ code: string } & AccountBalance & { pending: bigint }>> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['code', 'credits_posted', 'debits_posted', 'debits_pending'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
      return rows.map((r) => {
        const balance = r.credits_posted - r.debits_posted;
        return { code: r.code, balance, available: balance - r.debits_pending, pending: r.debits_pending };
      });
    },

    /** The member accounts' balances a committed journal left (its stored result); undefined: no such journal. */
    async balancesLeft(
      merchantId: bigint,
      scope: string,
      key: string,
    ): Promise<Record<string, AccountBalance> | undefined> {
      const row = await db
        .selectFrom('ledger_journals')
        .select(['ok', 'result'])
        .where('merchant_id', '=', merchantId)
        .where('scope', '=', scope)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      if (!row?.ok) return undefined;
      const raw = (row.result?.balances ?? {}) as Record<string, { balance: string; available: string }>;
      return Object.fromEntries(
        Object.entries(raw).map(([code, b]) => [code, { balance: BigInt(b.balance), available: BigInt(b.available) }]),
      );
    },

    async journalCount(): Promise<bigint> {
      const r = await db
        .selectFrom('ledger_journals')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return BigInt(r.n);
    },

    async historyPage(f: HistoryFilter, page: { pageNo: number; pageSize: number }): Promise<HistoryRow[]> {
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

    async historyCount(f: HistoryFilter): Promise<number> {
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

    /**
     * A member's posted totals per transfer code (every wallet of the member) since each of `since` (one scan from
     * the earliest): `totals[code][i]` is the signed sum since `since[i]`. On `executor` when given (a caller's
     * transaction: the responsible-gaming guard reads under its lock).
     */
    async totalsSince(
      f: { merchantId: bigint; memberId: bigint; codes: string[]; since: Date[] },
      executor?: AnyDb,
    ): Promise<Record<string, bigint[]>> {
      const out: Record<string, bigint[]> = {};
      for (const c of f.codes) out[c] = f.since.map(() => 0n);
      if (f.codes.length === 0 || f.since.length === 0) return out;
      const earliest = new Date(Math.min(...f.since.map((d) => d.getTime())));
      const cols = f.since.map(
        (d, i) => sql`coalesce(sum(e.amount) filter (where e.created_at >= ${d}), 0)::text as ${sql.ref(`w${i}`)}`,
      );
      const { rows } = await sql<Record<string, string>>`
        select t.code, ${sql.join(cols)}
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transfers t on t.id = e.transfer_id
         where a.merchant_id = ${f.merchantId} and a.member_id = ${f.memberId}
           and e.created_at >= ${earliest} and t.code in (${sql.join(f.codes)})
         group by 1`.execute(executor ?? db);
      for (const r of rows) out[r.code!] = f.since.map((_, i) => BigInt(r[`w${i}`] ?? '0'));
      return out;
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
