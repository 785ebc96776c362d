-- The set-based path of ledger_post_batch (ledger_post_batch_runs, 0017/0026), cheaper per call and per journal
-- (issue 10; figures in bench/README.md, "Ledger": "Foreign keys, generic plans, one write statement (0042)"):
--
-- 1. The ledger's own rows no longer carry foreign-key triggers: a transfer's journal and accounts, an entry's
--    account and transfer. Every such row is written by ledger_post_batch alone, in one call, from ids it has
--    just taken (journal and transfer ids from their sequences, account ids from the rows it locked), and no row
--    of these tables can be updated or deleted (0009's append-only triggers). The checks cost a lookup, a row
--    lock and a trigger per reference (five per journal: 15-20 % of the backend CPU per journal), and their
--    cached plans are made once per connection: a plan chosen while a table was nearly empty stays a sequential
--    scan as the table grows (measured: 4x slower per journal after 10,000 journals). The audit now checks the
--    references instead ("references: every transfer names its journal and two accounts ...").
--    Kept: journals -> merchants, accounts -> merchants and members, and a resolution's pending_id -> its hold.
-- 2. The journals, transfers, account sums and entries of a run are written by one statement (data-modifying
--    CTEs) instead of four.
-- 3. Its statements keep generic plans (plan_cache_mode): they were re-planned on some calls.

alter table ledger_transfers
  drop constraint ledger_transfers_journal_id_fkey,
  drop constraint ledger_transfers_debit_account_id_fkey,
  drop constraint ledger_transfers_credit_account_id_fkey;
alter table ledger_entries
  drop constraint ledger_entries_account_id_fkey,
  drop constraint ledger_entries_transfer_id_fkey;

create or replace function ledger_post_batch_runs(ps jsonb) returns jsonb language plpgsql as $$
declare
  n int := jsonb_array_length(ps);
  -- Per post (index = position in the batch).
  p_m bigint[];
  p_cur text[];
  p_scope text[];
  p_key text[];
  p_hash text[];
  p_kind text[];
  p_member bigint[];
  p_ref jsonb[];
  p_legs jsonb[];
  p_res jsonb[];
  p_fast boolean[];
  l_dr text[];
  l_cr text[];
  l_amt bigint[];
  l_code text[];
  l_di int[];
  l_ci int[];
  -- 'n' new, 't' twin of an earlier post of this batch, 'r' answered already (replay or conflict)
  p_state text[];
  p_first int[];
  p_jid bigint[];
  p_tid bigint[];
  p_ok boolean[];
  p_err text[];
  p_bd bigint[];
  p_bc bigint[];
  p_vd bigint[];
  p_vc bigint[];
  v_out jsonb[];
  -- Locked accounts (index = position in id order).
  a_id bigint[];
  a_m bigint[];
  a_code text[];
  a_cur text[];
  a_nod boolean[];
  a_sys boolean[];
  a_bal bigint[];
  a_pend bigint[];
  a_ver bigint[];
  a_n int;
  v_acc jsonb;
  v_dirty boolean := false;
  v_has_res boolean;
  v_pos int[];
  v_resa jsonb[];
  v_lo int;
  v_hi int;
  v_k int;
  v_d int;
  v_c int;
  v_amt bigint;
  v_tids bigint[];
  v_ids bigint[];
  c_m bigint[];
  c_code text[];
  c_cur text[];
  -- Row-by-row path (as in 0009).
  v_p jsonb;
  v_jid bigint;
  v_merchant bigint;
  v_leg jsonb;
  v_res jsonb;
  v_a jsonb;
  v_dr bigint;
  v_cr bigint;
  v_tid bigint;
  v_tids_t text[];
  v_post_ids bigint[];
  v_pend record;
  v_err text;
  v_one jsonb;
  v_slow_ids bigint[] := '{}';
  v_slow_res jsonb[] := '{}';
  i int;
begin
  if n is null or n = 0 then
    return '[]'::jsonb;
  end if;

  -- 1. Parse once. A fast post: one posted leg, no resolution.
  select array_agg(x.merchant_id order by x.ord), array_agg(x.currency order by x.ord), array_agg(x.scope order by x.ord),
         array_agg(x.key order by x.ord), array_agg(x.hash order by x.ord), array_agg(x.kind order by x.ord),
         array_agg(x.member_id order by x.ord), array_agg(coalesce(x.ref, '{}'::jsonb) order by x.ord),
         array_agg(x.legs order by x.ord), array_agg(x.resolve order by x.ord),
         array_agg(f.fast order by x.ord),
         array_agg(case when f.fast then x.legs->0->>'debit' end order by x.ord),
         array_agg(case when f.fast then x.legs->0->>'credit' end order by x.ord),
         array_agg(case when f.fast then (x.legs->0->>'amount')::bigint end order by x.ord),
         array_agg(case when f.fast then x.legs->0->>'code' end order by x.ord),
         coalesce(bool_or(jsonb_array_length(x.resolve) > 0), false)
    into p_m, p_cur, p_scope, p_key, p_hash, p_kind, p_member, p_ref, p_legs, p_res, p_fast, l_dr, l_cr, l_amt, l_code,
         v_has_res
  from rows from (jsonb_to_recordset(ps) as (merchant_id bigint, currency text, scope text, key text, hash text,
                  kind text, member_id bigint, ref jsonb, legs jsonb, resolve jsonb))
       with ordinality x(merchant_id, currency, scope, key, hash, kind, member_id, ref, legs, resolve, ord)
  cross join lateral (select coalesce(jsonb_array_length(x.legs), 0) = 1
                             and coalesce(jsonb_array_length(x.resolve), 0) = 0
                             and not coalesce((x.legs->0->>'pending')::boolean, false) as fast) f;

  -- 2. Idempotency keys, locked in hash order; then what each post is: new, a twin, a replay or a conflict.
  perform pg_advisory_xact_lock(1161904453, h)
  from (select distinct hashtext(m::text || '|' || s || '|' || k) as h from unnest(p_m, p_scope, p_key) u(m, s, k) order by 1) hs;

  p_state := array_fill('n'::text, array[n]);
  p_first := array_fill(null::int, array[n]);
  v_out := array_fill(null::jsonb, array[n]);
  for i, v_k, v_jid, v_one, v_err in
    select u.ord::int, min(u.ord) over (partition by u.m, u.s, u.k)::int, j.id, j.result, j.request_hash
    from unnest(p_m, p_scope, p_key) with ordinality u(m, s, k, ord)
    left join lateral (select id, result, request_hash from ledger_journals
                       where merchant_id = u.m and scope = u.s and idem_key = u.k limit 1) j on true
  loop
    if v_jid is not null then
      p_state[i] := 'r';
      v_out[i] := case when v_err <> p_hash[i] then jsonb_build_object('conflict', true, 'journal_id', v_jid::text)
                       else v_one || '{"replay": true}'::jsonb end;
    elsif v_k <> i then
      p_state[i] := 't';
      p_first[i] := v_k;
    end if;
  end loop;

  -- 3. Accounts of the new posts: created on first use in (merchant, code) order (members' accounts can never
  --    be overdrawn), then locked in id order with the accounts of the holds being resolved.
  select coalesce(array_agg(c.m), '{}'), coalesce(array_agg(c.code), '{}'), coalesce(array_agg(c.cur), '{}'),
         coalesce(array_agg(a.id) filter (where a.id is not null), '{}'), count(*) filter (where a.id is null)
    into c_m, c_code, c_cur, v_ids, v_k
  from (
    select distinct u.m, x.code, u.cur
    from unnest(p_m, p_cur, l_dr, l_cr, p_state, p_fast, p_legs) u(m, cur, dr, cr, st, fast, legs)
    cross join lateral (
      select u.dr as code where u.fast
      union all select u.cr where u.fast
      union all select l->>'debit' from jsonb_array_elements(case when not u.fast then u.legs end) l
      union all select l->>'credit' from jsonb_array_elements(case when not u.fast then u.legs end) l) x
    where u.st = 'n'
  ) c
  left join lateral (select id from ledger_accounts a where a.merchant_id = c.m and a.code = c.code limit 1) a on true;
  if v_k > 0 then -- some accounts are new
    insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft)
    select u.m, u.code, u.cur, case when u.code like 'member:%' then split_part(u.code, ':', 2)::bigint end, u.code like 'member:%'
    from unnest(c_m, c_code, c_cur) u(m, code, cur)
    where not exists (select 1 from ledger_accounts a where a.merchant_id = u.m and a.code = u.code)
    order by u.m, u.code
    on conflict (merchant_id, code) do nothing;
    select coalesce(array_agg(a.id), '{}') into v_ids
    from unnest(c_m, c_code) u(m, code)
    cross join lateral (select id from ledger_accounts a where a.merchant_id = u.m and a.code = u.code limit 1) a;
  end if;
  if v_has_res then
    select v_ids || coalesce(array_agg(t.acc), '{}') into v_ids
    from unnest(p_m, p_res, p_state) u(m, res, st)
    cross join lateral jsonb_array_elements(u.res) rs
    cross join lateral (select debit_account_id, credit_account_id from ledger_transfers t
                        where t.id = (rs->>'pending_id')::bigint and t.merchant_id = u.m limit 1) h
    cross join lateral (values (h.debit_account_id), (h.credit_account_id)) t(acc)
    where u.st = 'n';
  end if;

  select coalesce(array_agg(id order by id), '{}'), coalesce(array_agg(merchant_id order by id), '{}'),
         coalesce(array_agg(code order by id), '{}'), coalesce(array_agg(currency order by id), '{}'),
         coalesce(array_agg(no_overdraft order by id), '{}'), coalesce(array_agg(member_id is null order by id), '{}'),
         coalesce(array_agg(credits_posted - debits_posted order by id), '{}'),
         coalesce(array_agg(debits_pending order by id), '{}'), coalesce(array_agg(version order by id), '{}')
    into a_id, a_m, a_code, a_cur, a_nod, a_sys, a_bal, a_pend, a_ver
  from (select * from ledger_accounts where id = any(v_ids) order by id for update) locked;
  a_n := coalesce(array_length(a_id, 1), 0);

  -- (Lateral subqueries with LIMIT keep every look-up an index probe whatever the planner thinks of the arrays.)
  -- The accounts of each fast post, as positions in the locked set.
  select array_agg(d.i::int order by u.ord), array_agg(c.i::int order by u.ord) into l_di, l_ci
  from unnest(p_m, l_dr, l_cr) with ordinality u(m, dr, cr, ord)
  left join unnest(a_m, a_code) with ordinality d(m, code, i) on d.m = u.m and d.code = u.dr
  left join unnest(a_m, a_code) with ordinality c(m, code, i) on c.m = u.m and c.code = u.cr;

  p_jid := array_fill(null::bigint, array[n]);
  p_tid := array_fill(null::bigint, array[n]);
  p_ok := array_fill(null::boolean, array[n]);
  p_err := array_fill(null::text, array[n]);
  p_bd := array_fill(null::bigint, array[n]);
  p_bc := array_fill(null::bigint, array[n]);
  p_vd := array_fill(null::bigint, array[n]);
  p_vc := array_fill(null::bigint, array[n]);

  -- 4. Runs of fast posts, set-based; each slow post row by row in its place.
  v_lo := 1;
  while v_lo <= n loop
    v_hi := v_lo;
    while v_hi <= n and not (p_state[v_hi] = 'n' and not p_fast[v_hi]) loop
      v_hi := v_hi + 1;
    end loop;
    v_hi := v_hi - 1; -- [v_lo, v_hi] holds no new slow post; v_hi + 1 is one (or past the end)

    if v_hi >= v_lo then
      if v_dirty then -- a slow post moved balances: read them again (the rows are locked by us)
        select array_agg(a.credits_posted - a.debits_posted order by u.i), array_agg(a.debits_pending order by u.i),
               array_agg(a.version order by u.i)
          into a_bal, a_pend, a_ver
        from unnest(a_id) with ordinality u(id, i) join ledger_accounts a on a.id = u.id;
        v_dirty := false;
      end if;
      -- The fate of each post, in batch order: a later debit sees the earlier ones.
      v_k := 0;
      for i in v_lo..v_hi loop
        continue when p_state[i] <> 'n';
        v_d := l_di[i];
        v_c := l_ci[i];
        v_amt := l_amt[i];
        if a_cur[v_d] <> p_cur[i] or a_cur[v_c] <> p_cur[i] then
          p_ok[i] := false;
          p_err[i] := 'account_mismatch';
        elsif a_nod[v_d] and a_bal[v_d] - a_pend[v_d] < v_amt then
          p_ok[i] := false;
          p_err[i] := 'insufficient_funds';
        else
          p_ok[i] := true;
          v_k := v_k + 1;
          p_tid[i] := v_k; -- position in the transfer ids taken below
          a_bal[v_d] := a_bal[v_d] - v_amt;
          a_bal[v_c] := a_bal[v_c] + v_amt;
          p_bd[i] := a_bal[v_d];
          p_bc[i] := a_bal[v_c];
          if not a_sys[v_d] then
            a_ver[v_d] := a_ver[v_d] + 1;
            p_vd[i] := a_ver[v_d];
          end if;
          if not a_sys[v_c] then
            a_ver[v_c] := a_ver[v_c] + 1;
            p_vc[i] := a_ver[v_c];
          end if;
        end if;
      end loop;

      -- Ids: journals and transfers, in batch order, taken while the accounts are locked.
      v_tids := array(select nextval('ledger_transfers_id_seq'::regclass) from generate_series(1, v_k));
      for i in v_lo..v_hi loop
        continue when p_state[i] <> 'n';
        p_jid[i] := nextval('ledger_journals_id_seq'::regclass);
        if p_ok[i] then
          p_tid[i] := v_tids[p_tid[i]];
        end if;
      end loop;

      -- The journals with their result (the only time they are written), the transfers, the accounts' sums and
      -- the entries: one statement.
      with r as (
          select v_lo + u.i::int - 1 as pos, u.jid,
                 case when u.ok then jsonb_build_object(
                   'ok', true, 'journal_id', u.jid::text, 'transfer_ids', jsonb_build_array(u.tid::text),
                   'balances',
                     case when a_sys[u.d] then '{}'::jsonb else jsonb_build_object(a_code[u.d], jsonb_build_object(
                       'balance', u.bd::text, 'available', (u.bd - a_pend[u.d])::text)) end
                     || case when a_sys[u.c] then '{}'::jsonb else jsonb_build_object(a_code[u.c], jsonb_build_object(
                       'balance', u.bc::text, 'available', (u.bc - a_pend[u.c])::text)) end)
                 else jsonb_build_object('ok', false, 'journal_id', u.jid::text, 'error', u.err) end as res
          from unnest(p_state[v_lo:v_hi], p_jid[v_lo:v_hi], p_tid[v_lo:v_hi], p_ok[v_lo:v_hi], p_err[v_lo:v_hi],
                      l_di[v_lo:v_hi], l_ci[v_lo:v_hi], p_bd[v_lo:v_hi], p_bc[v_lo:v_hi])
               with ordinality u(st, jid, tid, ok, err, d, c, bd, bc, i)
          where u.st = 'n'
        ), ins as (
          insert into ledger_journals (id, merchant_id, scope, idem_key, request_hash, kind, member_id, ref, ok, error, result)
          overriding system value
          select r.jid, p_m[r.pos], p_scope[r.pos], p_key[r.pos], p_hash[r.pos], p_kind[r.pos], p_member[r.pos],
                 p_ref[r.pos], (r.res->>'ok')::boolean, r.res->>'error', r.res
          from r order by r.pos
        ),
        t as (
        insert into ledger_transfers (id, merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
        overriding system value
        select u.tid, u.m, u.jid, a_id[u.d], a_id[u.c], u.amt, u.code, 0
        from unnest(p_ok[v_lo:v_hi], p_tid[v_lo:v_hi], p_m[v_lo:v_hi], p_jid[v_lo:v_hi], l_di[v_lo:v_hi], l_ci[v_lo:v_hi],
                    l_amt[v_lo:v_hi], l_code[v_lo:v_hi]) u(ok, tid, m, jid, d, c, amt, code)
        where u.ok
        order by u.tid
        ), upd as (
        update ledger_accounts a
           set debits_posted = a.debits_posted + s.dr, credits_posted = a.credits_posted + s.cr,
               version = a.version + case when a_sys[s.idx] then 1 else s.legs end
        from (
          select x.idx, sum(x.dr) as dr, sum(x.cr) as cr, count(*)::int as legs
          from unnest(p_ok[v_lo:v_hi], l_di[v_lo:v_hi], l_ci[v_lo:v_hi], l_amt[v_lo:v_hi]) u(ok, d, c, amt)
          cross join lateral (values (u.d, u.amt, 0::bigint), (u.c, 0::bigint, u.amt)) x(idx, dr, cr)
          where u.ok
          group by x.idx
        ) s
        where a.id = a_id[s.idx]
        ), e as (
        insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
        select a_id[u.d], u.vd, u.tid, u.jid, -u.amt, u.bd
        from unnest(p_ok[v_lo:v_hi], p_tid[v_lo:v_hi], p_jid[v_lo:v_hi], l_di[v_lo:v_hi], l_amt[v_lo:v_hi], p_bd[v_lo:v_hi],
                    p_vd[v_lo:v_hi]) u(ok, tid, jid, d, amt, bd, vd)
        where u.ok and not a_sys[u.d]
        union all
        select a_id[u.c], u.vc, u.tid, u.jid, u.amt, u.bc
        from unnest(p_ok[v_lo:v_hi], p_tid[v_lo:v_hi], p_jid[v_lo:v_hi], l_ci[v_lo:v_hi], l_amt[v_lo:v_hi], p_bc[v_lo:v_hi],
                    p_vc[v_lo:v_hi]) u(ok, tid, jid, c, amt, bc, vc)
        where u.ok and not a_sys[u.c]
        union all
        select a_id[s.idx], a_ver[s.idx] + 1, s.last[1], s.last[2], s.total, a_bal[s.idx]
        from (
          select x.idx, sum(x.amt)::bigint as total, max(array[u.tid, u.jid]) as last
          from unnest(p_ok[v_lo:v_hi], p_tid[v_lo:v_hi], p_jid[v_lo:v_hi], l_di[v_lo:v_hi], l_ci[v_lo:v_hi], l_amt[v_lo:v_hi])
               u(ok, tid, jid, d, c, amt)
          cross join lateral (values (u.d, -u.amt), (u.c, u.amt)) x(idx, amt)
          where u.ok and a_sys[x.idx]
          group by x.idx
        ) s
        )
      select array_agg(r.pos order by r.pos), array_agg(r.res order by r.pos) into v_pos, v_resa from r;
      for v_d in 1..coalesce(array_length(v_pos, 1), 0) loop
        v_out[v_pos[v_d]] := v_resa[v_d];
      end loop;

      if v_k > 0 then
        v_dirty := true; -- system versions moved in the table only (a next run reads them again)
      end if;
    end if;

    -- The slow post right after the run (as in 0009): its own sub-transaction.
    if v_hi + 1 <= n then
      i := v_hi + 1;
      if v_acc is null then -- merchant:code -> [id, currency] of every locked account
        select coalesce(jsonb_object_agg(u.m::text || ':' || u.code, jsonb_build_array(u.id::text, u.cur)), '{}'::jsonb)
          into v_acc
        from unnest(a_m, a_code, a_id, a_cur) u(m, code, id, cur);
      end if;
      v_p := ps->(i - 1);
      v_merchant := p_m[i];
      insert into ledger_journals (merchant_id, scope, idem_key, request_hash, kind, member_id, ref)
      values (v_merchant, p_scope[i], p_key[i], p_hash[i], p_kind[i], p_member[i], p_ref[i])
      returning id into v_jid;
      p_jid[i] := v_jid;
      v_tids_t := '{}';
      v_post_ids := '{}';
      v_err := null;
      begin
        for v_leg in select * from jsonb_array_elements(coalesce(v_p->'legs', '[]'::jsonb)) loop
          v_a := v_acc->(v_merchant::text || ':' || (v_leg->>'debit'));
          if v_a->>1 <> p_cur[i] then raise exception 'account_mismatch' using errcode = 'P0001'; end if;
          v_dr := (v_a->>0)::bigint;
          v_a := v_acc->(v_merchant::text || ':' || (v_leg->>'credit'));
          if v_a->>1 <> p_cur[i] then raise exception 'account_mismatch' using errcode = 'P0001'; end if;
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
          v_tids_t := v_tids_t || v_tid::text;
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
          v_tids_t := v_tids_t || v_tid::text;
        end loop;

        select jsonb_build_object(
          'ok', true,
          'journal_id', v_jid::text,
          'transfer_ids', to_jsonb(v_tids_t),
          'balances', coalesce(jsonb_object_agg(code, jsonb_build_object(
            'balance', (credits_posted - debits_posted)::text,
            'available', (credits_posted - debits_posted - debits_pending)::text)), '{}'::jsonb))
          into v_one
        from ledger_accounts where id = any(v_post_ids) and member_id is not null;
      exception
        when check_violation then
          v_err := 'insufficient_funds';
        when unique_violation then
          v_err := 'pending_already_resolved';
        when raise_exception then
          v_err := sqlerrm;
      end;
      if v_err is not null then
        v_one := jsonb_build_object('ok', false, 'journal_id', v_jid::text, 'error', v_err);
      end if;
      v_out[i] := v_one;
      v_slow_ids := v_slow_ids || v_jid;
      v_slow_res := v_slow_res || v_one;
      v_dirty := true;
    end if;
    v_lo := v_hi + 2;
  end loop;

  -- 5. The slow posts get their result (the only update a journal ever sees).
  if array_length(v_slow_ids, 1) > 0 then
    update ledger_journals j set ok = (u.res->>'ok')::boolean, error = u.res->>'error', result = u.res
    from unnest(v_slow_ids, v_slow_res) as u(jid, res)
    where j.id = u.jid;
  end if;

  -- 6. New posts answer replay: false; a twin answers like a replay of the first (or a conflict with it).
  for i in 1..n loop
    if p_state[i] = 'n' then
      v_out[i] := v_out[i] || '{"replay": false}'::jsonb;
    elsif p_state[i] = 't' then
      v_out[i] := case when p_hash[i] <> p_hash[p_first[i]]
                       then jsonb_build_object('conflict', true, 'journal_id', p_jid[p_first[i]]::text)
                       else v_out[p_first[i]] || '{"replay": true}'::jsonb end;
    end if;
  end loop;
  return to_jsonb(v_out);
end
$$;

alter function ledger_post_batch_runs(jsonb) set plan_cache_mode = force_generic_plan;
