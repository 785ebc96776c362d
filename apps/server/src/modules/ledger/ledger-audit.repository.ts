import { sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';

/**
 * The ledger's invariants, checked from the stored rows alone (money-design.md §1.7). Each check is a query
 * that returns the offending rows (at most 5 shown); an empty report means the books balance.
 * Run after every ledger test, by `npm run audit:ledger`, and by an operator whenever in doubt.
 */
const CHECKS: Array<{ name: string; query: string }> = [
  {
    name: 'conservation: per merchant and currency, posted debits = posted credits and pending debits = pending credits',
    query: `select merchant_id, currency, sum(debits_posted) - sum(credits_posted) as posted_diff, sum(debits_pending) - sum(credits_pending) as pending_diff
            from ledger_accounts group by merchant_id, currency
            having sum(debits_posted) <> sum(credits_posted) or sum(debits_pending) <> sum(credits_pending)`,
  },
  {
    name: 'account balance = sum of its entries, version = number of entries, last balance_after = balance',
    query: `select a.id, a.code, a.credits_posted - a.debits_posted as balance, e.total, a.version, e.n, e.last_after
            from ledger_accounts a
            left join lateral (
              select coalesce(sum(amount), 0) as total, count(*) as n,
                     (select balance_after from ledger_entries x where x.account_id = a.id order by version desc limit 1) as last_after
              from ledger_entries where account_id = a.id) e on true
            where a.credits_posted - a.debits_posted <> e.total or a.version <> e.n
               or (e.n > 0 and e.last_after <> a.credits_posted - a.debits_posted)`,
  },
  {
    name: 'entry chain: versions have no gaps and each balance_after = previous balance_after + amount',
    query: `select account_id, version, amount, balance_after, prev_after, prev_version from (
              select account_id, version, amount, balance_after,
                     lag(balance_after, 1, 0::bigint) over w as prev_after, lag(version, 1, 0::bigint) over w as prev_version
              from ledger_entries window w as (partition by account_id order by version)) s
            where balance_after <> prev_after + amount or version <> prev_version + 1`,
  },
  {
    name: 'posted columns = sum of posted transfers (debit side and credit side)',
    // One pass over the transfers, summed per account (no index on the account columns: a per-account lookup
    // would scan the table once per account).
    query: `with d as (select debit_account_id as id, sum(amount) as s from ledger_transfers where kind in (0, 2) group by 1),
                 c as (select credit_account_id as id, sum(amount) as s from ledger_transfers where kind in (0, 2) group by 1)
            select a.id, a.code, a.debits_posted, a.credits_posted, coalesce(d.s, 0) as debits, coalesce(c.s, 0) as credits
            from ledger_accounts a left join d on d.id = a.id left join c on c.id = a.id
            where a.debits_posted <> coalesce(d.s, 0) or a.credits_posted <> coalesce(c.s, 0)`,
  },
  {
    name: 'pending columns = sum of unresolved holds',
    query: `select a.id, a.code, a.debits_pending, a.credits_pending, d.s as open_debits, c.s as open_credits
            from ledger_accounts a
            left join lateral (select coalesce(sum(t.amount), 0) as s from ledger_transfers t where t.debit_account_id = a.id and t.kind = 1
                               and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)) d on true
            left join lateral (select coalesce(sum(t.amount), 0) as s from ledger_transfers t where t.credit_account_id = a.id and t.kind = 1
                               and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)) c on true
            where a.debits_pending <> d.s or a.credits_pending <> c.s`,
  },
  {
    name: 'no member wallet is overdrawn',
    query: `select id, code, credits_posted - debits_posted - debits_pending as available from ledger_accounts
            where no_overdraft and debits_posted + debits_pending > credits_posted`,
  },
  {
    name: 'entries follow transfer order: on each account, a later version names a later transfer',
    query: `select account_id, version, transfer_id, prev_transfer_id from (
              select account_id, version, transfer_id, lag(transfer_id) over (partition by account_id order by version) as prev_transfer_id
              from ledger_entries) s
            where transfer_id <= prev_transfer_id`,
  },
  {
    // A member account has one entry per posted transfer; a system account (house, clearing… shards) may have
    // one entry for a run of transfers of one batch: it names the last one and carries their sum. Either way,
    // on every account the entries partition its posted transfers in id order, so each posted transfer is in
    // exactly one entry of its debit account (−amount) and one of its credit account (+amount).
    name: 'entries cover the posted transfers: each entry = the sum of its account’s posted transfers after the previous entry up to the one it names (one per entry on member accounts); holds and voids have none',
    query: `with ev as (
              select debit_account_id as account_id, id as tid, -amount as amount, 0 as is_entry, 0::bigint as version
                from ledger_transfers where kind in (0, 2)
              union all
              select credit_account_id, id, amount, 0, 0 from ledger_transfers where kind in (0, 2)
              union all
              select account_id, transfer_id, amount, 1, version from ledger_entries
            ), g as (
              select ev.*, coalesce(count(*) filter (where is_entry = 1) over (partition by account_id order by tid, is_entry, version
                       rows between unbounded preceding and 1 preceding), 0) as grp
              from ev
            )
            select g.account_id, a.code, min(g.version) filter (where g.is_entry = 1) as version,
                   count(*) filter (where g.is_entry = 1) as entries, count(*) filter (where g.is_entry = 0) as transfers,
                   sum(g.amount) filter (where g.is_entry = 1) as entry_amount, sum(g.amount) filter (where g.is_entry = 0) as moved,
                   max(g.tid) filter (where g.is_entry = 1) as entry_transfer, max(g.tid) filter (where g.is_entry = 0) as last_transfer
            from g join ledger_accounts a on a.id = g.account_id
            group by g.account_id, a.code, a.member_id, g.grp
            having count(*) filter (where g.is_entry = 1) <> 1
                or sum(g.amount) filter (where g.is_entry = 1) is distinct from sum(g.amount) filter (where g.is_entry = 0)
                or max(g.tid) filter (where g.is_entry = 1) is distinct from max(g.tid) filter (where g.is_entry = 0)
                or (a.member_id is not null and count(*) filter (where g.is_entry = 0) <> 1)`,
  },
  {
    // The ledger's rows carry no foreign keys (migration 0042: ledger_post_batch writes them together from ids it
    // holds, and none can change afterwards); this check is what the keys were.
    name: 'references: every transfer names an existing journal and two existing accounts; every entry an existing account and a transfer of that account',
    query: `select 'transfer' as row_kind, t.id, t.journal_id as journal, t.debit_account_id as account, t.credit_account_id as other
            from ledger_transfers t
            where not exists (select 1 from ledger_journals j where j.id = t.journal_id)
               or not exists (select 1 from ledger_accounts a where a.id = t.debit_account_id)
               or not exists (select 1 from ledger_accounts a where a.id = t.credit_account_id)
            union all
            select 'entry', e.transfer_id, e.journal_id, e.account_id, e.version
            from ledger_entries e
            where not exists (select 1 from ledger_accounts a where a.id = e.account_id)
               or not exists (select 1 from ledger_transfers t
                              where t.id = e.transfer_id and e.account_id in (t.debit_account_id, t.credit_account_id))`,
  },
  {
    name: 'an entry belongs to the journal of the transfer it names',
    query: `select e.account_id, e.version, e.journal_id, t.journal_id as transfer_journal
            from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
            where e.journal_id <> t.journal_id`,
  },
  {
    name: 'resolutions match their hold (same accounts, post ≤ held amount, void = held amount)',
    query: `select r.id, r.kind, r.amount, p.id as pending_id, p.kind as pending_kind, p.amount as held
            from ledger_transfers r join ledger_transfers p on p.id = r.pending_id
            where p.kind <> 1 or r.debit_account_id <> p.debit_account_id or r.credit_account_id <> p.credit_account_id
               or (r.kind = 2 and r.amount > p.amount) or (r.kind = 3 and r.amount <> p.amount)`,
  },
  {
    name: 'journals: every one has its result; a success moved money, a failure moved none',
    query: `select j.id, j.ok, j.error, count(t.*) as transfers
            from ledger_journals j left join ledger_transfers t on t.journal_id = j.id
            group by j.id, j.ok, j.error, j.result
            having j.result is null or j.ok is null or (j.ok and count(t.*) = 0) or (not j.ok and count(t.*) > 0)`,
  },
  {
    name: 'transfers stay inside one merchant and one currency',
    query: `select t.id from ledger_transfers t
            join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
            join ledger_journals j on j.id = t.journal_id
            where d.merchant_id <> t.merchant_id or c.merchant_id <> t.merchant_id or j.merchant_id <> t.merchant_id
               or d.currency <> c.currency`,
  },
];

export interface LedgerAuditReport {
  ok: boolean;
  problems: string[];
}

const show = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

export async function auditLedger(db: AnyDb): Promise<LedgerAuditReport> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const { rows } = await sql.raw<Record<string, unknown>>(`${check.query} limit 5`).execute(db);
    if (rows.length > 0) problems.push(`${check.name}: ${rows.map(show).join('; ')}`);
  }
  return { ok: problems.length === 0, problems };
}
