-- The ledger: double-entry, append-only, idempotent. Every balance change in the platform is one call of
-- ledger_post(jsonb): one round trip, one transaction, accounts locked in id order. See modules/ledger/.
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

-- Append-only: transfers and entries never change; journals only get their result once (inside ledger_post);
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

-- Apply one journal. Input (all bigints as strings):
--   p: { merchant_id, currency, scope, key, hash, kind, member_id?, ref?,
--        legs?: [{ debit: code, credit: code, amount, code, pending? }],
--        resolve?: [{ pending_id, action: 'post' | 'void', amount? }] }
--   p_codes: the distinct account codes of the legs; p_pending_ids: the holds being resolved (both from p, passed
--   as arrays by the caller so the function does not have to extract them).
-- Output: { ok, journal_id, transfer_ids: [..], balances: { code: { balance, available } }, error?, replay? }
--         or { conflict: true, journal_id } when the key was used for a different request.
create function ledger_post(p jsonb, p_codes text[], p_pending_ids bigint[]) returns jsonb language plpgsql as $$
declare
  v_merchant bigint := (p->>'merchant_id')::bigint;
  v_currency text := p->>'currency';
  v_legs jsonb := coalesce(p->'legs', '[]'::jsonb);
  v_resolve jsonb := coalesce(p->'resolve', '[]'::jsonb);
  v_jid bigint;
  v_prev record;
  v_codes text[] := coalesce(p_codes, '{}');
  v_pending_ids bigint[] := coalesce(p_pending_ids, '{}');
  v_ids jsonb;
  v_all_ids bigint[];
  v_n int;
  v_round int;
  v_found int;
  v_leg jsonb;
  v_res jsonb;
  v_dr bigint;
  v_cr bigint;
  v_amt bigint;
  v_tid bigint;
  v_tids text[] := '{}';
  v_pend record;
  v_err text;
  v_result jsonb;
begin
  insert into ledger_journals (merchant_id, scope, idem_key, request_hash, kind, member_id, ref)
  values (v_merchant, p->>'scope', p->>'key', p->>'hash', p->>'kind', (p->>'member_id')::bigint, coalesce(p->'ref', '{}'::jsonb))
  on conflict (merchant_id, scope, idem_key) do nothing
  returning id into v_jid;
  if v_jid is null then
    -- The key was used before (or is being used by a transaction that just committed): replay or conflict.
    select id, request_hash, result into v_prev from ledger_journals
      where merchant_id = v_merchant and scope = p->>'scope' and idem_key = p->>'key';
    if v_prev.request_hash <> p->>'hash' then
      return jsonb_build_object('conflict', true, 'journal_id', v_prev.id::text);
    end if;
    return v_prev.result || jsonb_build_object('replay', true);
  end if;

  -- The accounts involved, locked in id order (no deadlocks between concurrent posts); accounts are created on
  -- first use (members' accounts can never be overdrawn).
  for v_round in 1..2 loop
    if cardinality(v_pending_ids) = 0 then
      select jsonb_object_agg(code, id), array_agg(id), count(*), count(*) filter (where currency <> v_currency)
        into v_ids, v_all_ids, v_found, v_n
      from (select id, code, currency from ledger_accounts where merchant_id = v_merchant and code = any(v_codes) order by id for update) locked;
    else
      -- Resolving holds: their accounts too.
      select array_agg(id), count(*) filter (where by_code) into v_all_ids, v_found from (
        select id, true as by_code from ledger_accounts where merchant_id = v_merchant and code = any(v_codes)
        union all select t.debit_account_id, false from ledger_transfers t where t.id = any(v_pending_ids) and t.merchant_id = v_merchant
        union all select t.credit_account_id, false from ledger_transfers t where t.id = any(v_pending_ids) and t.merchant_id = v_merchant
      ) s;
      select jsonb_object_agg(code, id), count(*) filter (where currency <> v_currency)
        into v_ids, v_n
      from (select id, code, currency from ledger_accounts where id = any(v_all_ids) order by id for update) locked;
    end if;
    exit when coalesce(v_found, 0) = cardinality(v_codes);
    insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft)
    select v_merchant, c, v_currency, case when c like 'member:%' then split_part(c, ':', 2)::bigint end, c like 'member:%'
    from unnest(v_codes) c
    on conflict (merchant_id, code) do nothing;
  end loop;
  v_ids := coalesce(v_ids, '{}'::jsonb);
  v_all_ids := coalesce(v_all_ids, '{}');

  begin
    if coalesce(v_n, 0) > 0 then
      raise exception 'account_mismatch' using errcode = 'P0001';
    end if;

    for v_leg in select * from jsonb_array_elements(v_legs) loop
      v_dr := (v_ids->>(v_leg->>'debit'))::bigint;
      v_cr := (v_ids->>(v_leg->>'credit'))::bigint;
      v_amt := (v_leg->>'amount')::bigint;
      if (v_leg->>'pending')::boolean then
        insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
        values (v_merchant, v_jid, v_dr, v_cr, v_amt, v_leg->>'code', 1)
        returning id into v_tid;
        update ledger_accounts set debits_pending = debits_pending + v_amt where id = v_dr;
        update ledger_accounts set credits_pending = credits_pending + v_amt where id = v_cr;
      else
        -- One statement: the transfer, both balance updates (the CHECK refuses an overdraft here) and both entries.
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

    for v_res in select * from jsonb_array_elements(v_resolve) loop
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
      update ledger_accounts set debits_pending = debits_pending - v_pend.amount where id = v_pend.debit_account_id;
      update ledger_accounts set credits_pending = credits_pending - v_pend.amount where id = v_pend.credit_account_id;
      if v_res->>'action' = 'post' then
        insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind, pending_id)
        values (v_merchant, v_jid, v_pend.debit_account_id, v_pend.credit_account_id, v_amt, v_pend.code, 2, v_pend.id)
        returning id into v_tid;
        with d as (
          update ledger_accounts set debits_posted = debits_posted + v_amt, version = version + 1
          where id = v_pend.debit_account_id returning id, version, credits_posted - debits_posted as bal
        ), c as (
          update ledger_accounts set credits_posted = credits_posted + v_amt, version = version + 1
          where id = v_pend.credit_account_id returning id, version, credits_posted - debits_posted as bal
        )
        insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
        select id, version, v_tid, v_jid, -v_amt, bal from d
        union all select id, version, v_tid, v_jid, v_amt, bal from c;
      else
        insert into ledger_transfers (merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind, pending_id)
        values (v_merchant, v_jid, v_pend.debit_account_id, v_pend.credit_account_id, v_pend.amount, v_pend.code, 3, v_pend.id)
        returning id into v_tid;
      end if;
      v_tids := v_tids || v_tid::text;
    end loop;
  exception
    when check_violation then
      v_err := 'insufficient_funds';
    when unique_violation then
      v_err := 'pending_already_resolved';
    when raise_exception then
      v_err := sqlerrm;
  end;

  if v_err is null then
    select jsonb_build_object(
      'ok', true,
      'journal_id', v_jid::text,
      'transfer_ids', to_jsonb(v_tids),
      'balances', coalesce(jsonb_object_agg(code, jsonb_build_object(
        'balance', (credits_posted - debits_posted)::text,
        'available', (credits_posted - debits_posted - debits_pending)::text)), '{}'::jsonb))
      into v_result
    from ledger_accounts where id = any(v_all_ids);
  else
    v_result := jsonb_build_object('ok', false, 'journal_id', v_jid::text, 'error', v_err);
  end if;
  update ledger_journals set ok = v_err is null, error = v_err, result = v_result where id = v_jid;
  return v_result || jsonb_build_object('replay', false);
end
$$;
