-- The ledger: double-entry, append-only, idempotent. Every balance change in the platform is one call of
-- ledger_post_batch(jsonb): one round trip, one transaction, locks in a fixed order. See modules/ledger/
--
-- Balance of every account = credits_posted - debits_posted; a merchant's balances always sum to zero.
-- Member wallets (no_overdraft) can never spend more than they hold: the CHECK below is the last word,
-- whatever the application code does.

create table ledger_accounts (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^(member:\d+:(main|vendor:[A-Za-z0-9_]+)|sys:[a-z_]+(:[A-Za-z0-9_]+)*)$'),
  currency text not null,
  member_id bigint references members (id),
  no_overdraft boolean not null,
  debits_posted bigint not null default 0 check (debits_posted >= 0),
  credits_posted bigint not null default 0 check (credits_posted >= 0),
  debits_pending bigint not null default 0 check (debits_pending >= 0),
  credits_pending bigint not null default 0 check (credits_pending >= 0),
  version bigint not null default 0,
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  constraint ledger_no_overdraft check (not no_overdraft or debits_posted + debits_pending <= credits_posted),
  check ((member_id is not null) = (code like 'member:%'))
);
create index ledger_accounts_member_idx on ledger_accounts (member_id) where member_id is not null;

-- One business operation = one journal, keyed for idempotency. Failures are journals too (final for their key).
create table ledger_journals (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  scope text not null check (length(scope) between 1 and 64),
  idem_key text not null check (length(idem_key) between 1 and 200),
  request_hash text not null,
  kind text not null check (length(kind) between 1 and 64),
  member_id bigint,
  ref jsonb not null default '{}',
  ok boolean,
  error text,
  result jsonb,
  created_at timestamptz not null default now(),
  unique (merchant_id, scope, idem_key)
);
create index ledger_journals_member_idx on ledger_journals (member_id, created_at) where member_id is not null;

-- kind: 0 posted, 1 pending (a hold), 2 post of a pending, 3 void of a pending.
create table ledger_transfers (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  journal_id bigint not null references ledger_journals (id),
  debit_account_id bigint not null references ledger_accounts (id),
  credit_account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount > 0),
  code text not null check (length(code) between 1 and 64),
  kind smallint not null check (kind between 0 and 3),
  pending_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  check (debit_account_id <> credit_account_id),
  check ((kind >= 2) = (pending_id is not null))
);
-- A hold resolves at most once (post or void).
create unique index ledger_transfers_one_resolution on ledger_transfers (pending_id) where pending_id is not null;
-- Open holds of an account (histories show them as pending).
create index ledger_transfers_holds_idx on ledger_transfers (debit_account_id) where kind = 1;

-- Posted movements per account: a gap-free version chain with the balance after each entry.
create table ledger_entries (
  account_id bigint not null references ledger_accounts (id),
  version bigint not null check (version > 0),
  transfer_id bigint not null references ledger_transfers (id),
  journal_id bigint not null,
  amount bigint not null check (amount <> 0),
  balance_after bigint not null,
  created_at timestamptz not null default now(),
  primary key (account_id, version)
);
-- An account's history reads its entries by (account_id, version): versions follow time.

-- Append-only: transfers and entries never change; journals only get their result once (inside ledger_post_batch);
-- accounts keep their identity (only the balance columns and version move).
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only (% on %)', tg_op, tg_table_name using errcode = 'restrict_violation';
end
$$;
create trigger ledger_transfers_append_only before update or delete or truncate on ledger_transfers
  for each statement execute function ledger_append_only();
create trigger ledger_entries_append_only before update or delete or truncate on ledger_entries
  for each statement execute function ledger_append_only();
create trigger ledger_journals_no_delete before delete or truncate on ledger_journals
  for each statement execute function ledger_append_only();
create trigger ledger_journals_result_once before update on ledger_journals
  for each row when (old.result is not null) execute function ledger_append_only();
create trigger ledger_accounts_no_delete before delete or truncate on ledger_accounts
  for each statement execute function ledger_append_only();
create trigger ledger_accounts_identity before update of merchant_id, code, currency, member_id, no_overdraft on ledger_accounts
  for each row execute function ledger_append_only();

-- Apply a batch of journals in one transaction (one round trip; the service groups concurrent posts into one
-- call, and a post inside a caller's own transaction is a batch of one). Input: a JSON array of posts, all
-- bigints as strings:
--   { merchant_id, currency, scope, key, hash, kind, member_id?, ref?,
--     legs?: [{ debit: code, credit: code, amount, code, pending? }],
--     resolve?: [{ pending_id, action: 'post' | 'void', amount? }] }
-- Output: an array in input order of
--   { ok: true, journal_id, transfer_ids: [..], balances: { code: { balance, available } }, replay }
--   { ok: false, journal_id, error, replay }        a business failure, final for its key
--   { conflict: true, journal_id }                   the key was used for a different request
-- Locks are taken in a fixed order so concurrent batches cannot deadlock: journals by (merchant, scope, key),
-- then all accounts of the batch by id. Each journal is applied in its own sub-transaction: one that fails
-- (insufficient funds, hold already resolved, ...) leaves no trace but its failure record.
create function ledger_post_batch(ps jsonb) returns jsonb language plpgsql as $$
declare
  n int := jsonb_array_length(ps);
  v_jids bigint[] := array_fill(null::bigint, array[n]);
  v_twin bigint[] := array_fill(null::bigint, array[n]);
  v_results jsonb[] := array_fill(null::jsonb, array[n]);
  r record;
  v_p jsonb;
  v_jid bigint;
  v_prev record;
  v_all_ids bigint[];
  v_acc jsonb;
  v_post_ids bigint[];
  v_leg jsonb;
  v_res jsonb;
  v_a jsonb;
  v_dr bigint;
  v_cr bigint;
  v_amt bigint;
  v_tid bigint;
  v_tids text[];
  v_pend record;
  v_err text;
  v_merchant bigint;
  v_one jsonb;
  v_m bigint[];
  v_c text[];
  v_cur text[];
  i int;
begin
  -- 1. Journals first, in key order: a concurrent duplicate waits on the unique index, then replays.
  for r in
    select e.ord::int as ord, e.p from jsonb_array_elements(ps) with ordinality e(p, ord)
    order by (e.p->>'merchant_id')::bigint, e.p->>'scope', e.p->>'key', e.ord
  loop
    insert into ledger_journals (merchant_id, scope, idem_key, request_hash, kind, member_id, ref)
    values ((r.p->>'merchant_id')::bigint, r.p->>'scope', r.p->>'key', r.p->>'hash', r.p->>'kind', (r.p->>'member_id')::bigint, coalesce(r.p->'ref', '{}'::jsonb))
    on conflict (merchant_id, scope, idem_key) do nothing
    returning id into v_jid;
    if v_jid is not null then
      v_jids[r.ord] := v_jid;
      continue;
    end if;
    select id, request_hash, result into v_prev from ledger_journals
      where merchant_id = (r.p->>'merchant_id')::bigint and scope = r.p->>'scope' and idem_key = r.p->>'key';
    if v_prev.request_hash <> r.p->>'hash' then
      v_results[r.ord] := jsonb_build_object('conflict', true, 'journal_id', v_prev.id::text);
    elsif v_prev.result is null then
      v_twin[r.ord] := v_prev.id; -- the same request twice in this batch: answered below
    else
      v_results[r.ord] := v_prev.result || jsonb_build_object('replay', true);
    end if;
  end loop;

  -- 2. The accounts of the new journals: created on first use (members' accounts can never be overdrawn),
  --    then all locked at once in id order, with the holds' accounts.
  -- (Lateral subqueries with LIMIT keep every lookup an index probe whatever the planner thinks of the JSON.)
  select coalesce(array_agg(m), '{}'), coalesce(array_agg(c), '{}'), coalesce(array_agg(cur), '{}') into v_m, v_c, v_cur from (
    select distinct (e.p->>'merchant_id')::bigint as m, x.code as c, e.p->>'currency' as cur
    from jsonb_array_elements(ps) with ordinality e(p, ord)
    cross join lateral (
      select l->>'debit' as code from jsonb_array_elements(coalesce(e.p->'legs', '[]'::jsonb)) l
      union select l->>'credit' from jsonb_array_elements(coalesce(e.p->'legs', '[]'::jsonb)) l) x
    where v_jids[e.ord] is not null) s;

  insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft)
  select u.m, u.c, u.cur, case when u.c like 'member:%' then split_part(u.c, ':', 2)::bigint end, u.c like 'member:%'
  from unnest(v_m, v_c, v_cur) u(m, c, cur)
  left join lateral (select 1 as found from ledger_accounts a where a.merchant_id = u.m and a.code = u.c limit 1) f on true
  where f.found is null
  on conflict (merchant_id, code) do nothing;

  select coalesce(array_agg(a.id), '{}') into v_all_ids
  from unnest(v_m, v_c) u(m, c)
  cross join lateral (select id from ledger_accounts a where a.merchant_id = u.m and a.code = u.c limit 1) a;
  select v_all_ids || coalesce(array_agg(t.debit_account_id) || array_agg(t.credit_account_id), '{}') into v_all_ids
  from jsonb_array_elements(ps) with ordinality e(p, ord)
  cross join lateral jsonb_array_elements(coalesce(e.p->'resolve', '[]'::jsonb)) rs
  cross join lateral (
    select debit_account_id, credit_account_id from ledger_transfers t
    where t.id = (rs->>'pending_id')::bigint and t.merchant_id = (e.p->>'merchant_id')::bigint limit 1) t
  where v_jids[e.ord] is not null;
  -- merchant:code → [id, currency] of every locked account
  select coalesce(jsonb_object_agg(merchant_id::text || ':' || code, jsonb_build_array(id::text, currency)), '{}'::jsonb) into v_acc
  from (select id, merchant_id, code, currency from ledger_accounts where id = any(v_all_ids) order by id for update) locked;

  -- 3. Each new journal in input order, in its own sub-transaction.
  for i in 1..n loop
    continue when v_jids[i] is null;
    v_p := ps->(i - 1);
    v_jid := v_jids[i];
    v_merchant := (v_p->>'merchant_id')::bigint;
    v_tids := '{}';
    v_post_ids := '{}';
    v_err := null;
    begin
      for v_leg in select * from jsonb_array_elements(coalesce(v_p->'legs', '[]'::jsonb)) loop
        v_a := v_acc->(v_merchant::text || ':' || (v_leg->>'debit'));
        if v_a->>1 <> v_p->>'currency' then raise exception 'account_mismatch' using errcode = 'P0001'; end if;
        v_dr := (v_a->>0)::bigint;
        v_a := v_acc->(v_merchant::text || ':' || (v_leg->>'credit'));
        if v_a->>1 <> v_p->>'currency' then raise exception 'account_mismatch' using errcode = 'P0001'; end if;
        v_cr := (v_a->>0)::bigint;
        v_amt := (v_leg->>'amount')::bigint;
        v_post_ids := v_post_ids || v_dr || v_cr;
        if (v_leg->>'pending')::boolean then
          insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
          values (v_merchant, v_jid, v_dr, v_cr, v_amt, v_leg->>'code', 1)
          returning id into v_tid;
          update ledger_accounts set debits_pending = debits_pending + v_amt where id = v_dr;
          update ledger_accounts set credits_pending = credits_pending + v_amt where id = v_cr;
        else
          -- One statement: the transfer, both balance updates (the CHECK refuses an overdraft here), both entries.
          with t as (
            insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
            values (v_merchant, v_jid, v_dr, v_cr, v_amt, v_leg->>'code', 0)
            returning id
          ), d as (
            update ledger_accounts set debits_posted = debits_posted + v_amt, version = version + 1
            where id = v_dr returning id, version, credits_posted - debits_posted as bal
          ), c as (
            update ledger_accounts set credits_posted = credits_posted + v_amt, version = version + 1
            where id = v_cr returning id, version, credits_posted - debits_posted as bal
          ), e as (
            insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
            select d.id, d.version, t.id, v_jid, -v_amt, d.bal from d, t
            union all select c.id, c.version, t.id, v_jid, v_amt, c.bal from c, t
          )
          select id into v_tid from t;
        end if;
        v_tids := v_tids || v_tid::text;
      end loop;

      for v_res in select * from jsonb_array_elements(coalesce(v_p->'resolve', '[]'::jsonb)) loop
        select * into v_pend from ledger_transfers
          where id = (v_res->>'pending_id')::bigint and merchant_id = v_merchant and kind = 1;
        if not found then
          raise exception 'pending_not_found' using errcode = 'P0001';
        end if;
        if exists (select 1 from ledger_transfers where pending_id = v_pend.id) then
          raise exception 'pending_already_resolved' using errcode = 'P0001';
        end if;
        v_amt := case when v_res->>'action' = 'post' then coalesce((v_res->>'amount')::bigint, v_pend.amount) else v_pend.amount end;
        if v_amt <= 0 or v_amt > v_pend.amount then
          raise exception 'exceeds_pending_amount' using errcode = 'P0001';
        end if;
        v_post_ids := v_post_ids || v_pend.debit_account_id || v_pend.credit_account_id;
        update ledger_accounts set debits_pending = debits_pending - v_pend.amount where id = v_pend.debit_account_id;
        update ledger_accounts set credits_pending = credits_pending - v_pend.amount where id = v_pend.credit_account_id;
        if v_res->>'action' = 'post' then
          with t as (
            insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind, pending_id)
            values (v_merchant, v_jid, v_pend.debit_account_id, v_pend.credit_account_id, v_amt, v_pend.code, 2, v_pend.id)
            returning id
          ), d as (
            update ledger_accounts set debits_posted = debits_posted + v_amt, version = version + 1
            where id = v_pend.debit_account_id returning id, version, credits_posted - debits_posted as bal
          ), c as (
            update ledger_accounts set credits_posted = credits_posted + v_amt, version = version + 1
            where id = v_pend.credit_account_id returning id, version, credits_posted - debits_posted as bal
          ), e as (
            insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
            select d.id, d.version, t.id, v_jid, -v_amt, d.bal from d, t
            union all select c.id, c.version, t.id, v_jid, v_amt, c.bal from c, t
          )
          select id into v_tid from t;
        else
          insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind, pending_id)
          values (v_merchant, v_jid, v_pend.debit_account_id, v_pend.credit_account_id, v_pend.amount, v_pend.code, 3, v_pend.id)
          returning id into v_tid;
        end if;
        v_tids := v_tids || v_tid::text;
      end loop;

      select jsonb_build_object(
        'ok', true,
        'journal_id', v_jid::text,
        'transfer_ids', to_jsonb(v_tids),
        'balances', coalesce(jsonb_object_agg(code, jsonb_build_object(
          'balance', (credits_posted - debits_posted)::text,
          'available', (credits_posted - debits_posted - debits_pending)::text)), '{}'::jsonb))
        into v_one
      from ledger_accounts where id = any(v_post_ids);
      v_results[i] := v_one;
    exception
      when check_violation then
        v_err := 'insufficient_funds';
      when unique_violation then
        v_err := 'pending_already_resolved';
      when raise_exception then
        v_err := sqlerrm;
    end;
    if v_err is not null then
      v_results[i] := jsonb_build_object('ok', false, 'journal_id', v_jid::text, 'error', v_err);
    end if;
  end loop;

  -- 4. Every new journal gets its result (the only update a journal ever sees).
  update ledger_journals j set ok = (u.res->>'ok')::boolean, error = u.res->>'error', result = u.res
  from unnest(v_jids, v_results) as u(jid, res)
  where j.id = u.jid;

  -- Twins within the batch answer like a replay of the first; new journals answer replay: false.
  for i in 1..n loop
    if v_twin[i] is not null then
      select res || jsonb_build_object('replay', true) into v_one
      from unnest(v_jids, v_results) as u(jid, res) where u.jid = v_twin[i];
      v_results[i] := v_one;
    elsif v_jids[i] is not null then
      v_results[i] := v_results[i] || jsonb_build_object('replay', false);
    end if;
  end loop;
  return to_jsonb(v_results);
end
$$;
