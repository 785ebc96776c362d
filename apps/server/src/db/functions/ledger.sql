-- Repeatable migration (db/migrate.ts): the current definition of these functions. Change them here, never in a
-- numbered migration: the migrator re-runs this whole file (one transaction, after the numbered migrations, under the
-- migration lock) whenever its hash changes, so every statement must be safe to repeat (`create or replace`; a new
-- signature needs `drop function if exists name(old argument types);` above it). See db/migrations/README.md.
--
-- The ledger's SQL (modules/ledger owns these functions and the ledger_* tables; only ledger.repository.ts calls
-- ledger_post_batch). Design notes and measurements: docs/ARCHITECTURE.md ("One post function", "The database guards
-- the books") and bench/README.md ("Ledger"). Comments inside the bodies that name a migration (0009, 0026) name the
-- path that migration introduced; the code below is the whole of it.
--
-- ledger_post_batch(ps jsonb): apply a batch of journals in one transaction (one round trip; the service groups
-- concurrent posts into one call, and a post inside a caller's own transaction is a batch of one). Input: a JSON
-- array of posts, all bigints as strings:
--   { merchant_id, currency, scope, key, hash, kind, member_id?, ref?,
--     legs?: [{ debit: code, credit: code, amount, code, pending? }],
--     resolve?: [{ pending_id, action: 'post' | 'void', amount? }] }
-- Output: an array in input order of
--   { ok: true, journal_id, transfer_ids: [..], balances: { code: { balance, available } }, replay }
--   { ok: false, journal_id, error, replay }        a business failure, final for its key
--   { conflict: true, journal_id }                   the key was used for a different request
-- Results carry the balances of member accounts only (system accounts are shards read through the balances API).
-- Business failures: insufficient_funds, account_mismatch, account_closed (a leg touches an account of a closed
-- member, migration 0150; a member account created for a member whose accounts are closed is born closed),
-- pending_not_found, pending_already_resolved, exceeds_pending_amount.
--
-- Three paths, the same locks in the same order, the same rows and the same answers:
-- * a batch of one journal of one posted leg (a bet, a win, a deposit credit posted inside the caller's
--   transaction): a handful of single-row statements whose plans PL/pgSQL keeps;
-- * a batch of two or more such journals whose accounts all exist: four statements — (1) parse into arrays, (2) lock
--   the idempotency keys, (3) replays, conflicts and twins, and the accounts looked up and locked in id order,
--   (4) ids, journals with their results, transfers, accounts' sums, entries and the answers — with the overdraft
--   decisions a PL/pgSQL loop in batch order between (3) and (4);
-- * every other batch (multi-leg journals, holds and their post/void, accounts to create): ledger_post_batch_runs.
--
-- ledger_post_batch_runs(ps jsonb), same input and output: runs of one-leg posted journals are applied set-based
-- (the fate of each journal decided in batch order in memory over the locked balances, so a later debit sees the
-- earlier ones and a refused journal moves nothing; then one statement of data-modifying CTEs writes the journals,
-- transfers, account sums and entries); multi-leg journals and holds go row by row, each in its own
-- sub-transaction (a failure leaves no trace but its failure record), in their place in the batch order. Its
-- statements keep generic plans (plan_cache_mode). System accounts (house, clearing… shards) get one entry per
-- run of journals per batch, carrying the sum and pointing at the last transfer it covers; member accounts keep one
-- entry per transfer. The audit proves that coverage.
--
-- Locks, in a fixed order so that concurrent batches cannot deadlock: the idempotency keys (transaction-scoped
-- advisory locks in key-hash order: a concurrent duplicate waits here, then replays), then the creation of new
-- accounts in (merchant, code) order, then every account of the batch by id (FOR UPDATE). Transfer and journal ids
-- are taken from their sequences after that, which keeps transfer ids in version order per account. The ledger's
-- rows carry no foreign keys among themselves: these functions alone write them, together, from ids they hold.

-- Append-only: transfers and entries never change; journals only get their result once (inside ledger_post_batch);
-- accounts keep their identity (only the balance columns and version move). Triggers in migration 0009.
create or replace function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only (% on %)', tg_op, tg_table_name using errcode = 'restrict_violation';
end
$$;

-- The general path (see above).
create or replace function ledger_post_batch_runs(ps jsonb) returns jsonb language plpgsql
  set plan_cache_mode = force_generic_plan as $$
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
  a_closed boolean[];
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
    insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft, closed_at)
    select u.m, u.code, u.cur, case when u.code like 'member:%' then split_part(u.code, ':', 2)::bigint end, u.code like 'member:%',
           case when u.code like 'member:%' then (select max(s.closed_at) from ledger_accounts s
              where s.merchant_id = u.m and s.member_id = split_part(u.code, ':', 2)::bigint) end
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
         coalesce(array_agg(debits_pending order by id), '{}'), coalesce(array_agg(version order by id), '{}'),
         coalesce(array_agg(closed_at is not null order by id), '{}')
    into a_id, a_m, a_code, a_cur, a_nod, a_sys, a_bal, a_pend, a_ver, a_closed
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
        elsif a_closed[v_d] or a_closed[v_c] then
          p_ok[i] := false;
          p_err[i] := 'account_closed';
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
               version = a.version + case when not a_sys[s.idx] then s.legs when s.dr = s.cr then 2 else 1 end
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
        select a_id[s.idx], a_ver[s.idx] + z.v, z.tj[1], z.tj[2], z.amt, z.after
        from (
          select x.idx, sum(x.amt)::bigint as total, max(array[u.tid, u.jid]) as last,
                 min(array[u.tid, u.jid, x.amt, x.after]) as first
          from unnest(p_ok[v_lo:v_hi], p_tid[v_lo:v_hi], p_jid[v_lo:v_hi], l_di[v_lo:v_hi], l_ci[v_lo:v_hi], l_amt[v_lo:v_hi],
                      p_bd[v_lo:v_hi], p_bc[v_lo:v_hi])
               u(ok, tid, jid, d, c, amt, bd, bc)
          cross join lateral (values (u.d, -u.amt, u.bd), (u.c, u.amt, u.bc)) x(idx, amt, after)
          where u.ok and a_sys[x.idx]
          group by x.idx
        ) s
        -- One entry for the run's sum; a sum of zero (a bet and its refund) cannot be an entry (amount <> 0), so
        -- then two: the first transfer, and the rest (which sums to minus the first). The first transfer's row is the
        -- least array [tid, jid, amount, after] (arrays compare element by element, tids are unique): a plain
        -- aggregate, not an ordered one (which sorted every system account's legs on every batch).
        cross join lateral (
          select 1, s.last, s.total, a_bal[s.idx] where s.total <> 0
          union all select 1, array[s.first[1], s.first[2]], s.first[3], s.first[4] where s.total = 0
          union all select 2, s.last, -s.first[3], a_bal[s.idx] where s.total = 0
        ) z(v, tj, amt, after)
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
      if v_acc is null then -- merchant:code -> [id, currency, closed] of every locked account
        select coalesce(jsonb_object_agg(u.m::text || ':' || u.code, jsonb_build_array(u.id::text, u.cur, u.closed)), '{}'::jsonb)
          into v_acc
        from unnest(a_m, a_code, a_id, a_cur, a_closed) u(m, code, id, cur, closed);
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
          if (v_a->>2)::boolean then raise exception 'account_closed' using errcode = 'P0001'; end if;
          v_dr := (v_a->>0)::bigint;
          v_a := v_acc->(v_merchant::text || ':' || (v_leg->>'credit'));
          if v_a->>1 <> p_cur[i] then raise exception 'account_mismatch' using errcode = 'P0001'; end if;
          if (v_a->>2)::boolean then raise exception 'account_closed' using errcode = 'P0001'; end if;
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

-- The entry point (see above).
create or replace function ledger_post_batch(ps jsonb) returns jsonb language plpgsql as $$
declare
  n int := jsonb_array_length(ps);
  -- Single-post path (0026).
  p jsonb;
  v_leg jsonb;
  v_m bigint;
  v_cur text;
  v_scope text;
  v_key text;
  v_hash text;
  v_dr text;
  v_cr text;
  v_amt bigint;
  j record;
  a record;
  d record;
  c record;
  v_found int;
  v_err text;
  v_jid bigint;
  v_tid bigint;
  v_res jsonb;
  -- Batch path (index = position in the batch).
  v_fast boolean;
  p_m bigint[];
  p_cur text[];
  p_scope text[];
  p_key text[];
  p_hash text[];
  p_kind text[];
  p_member bigint[];
  p_ref jsonb[];
  l_dr text[];
  l_cr text[];
  l_amt bigint[];
  l_code text[];
  l_di int[];
  l_ci int[];
  -- 'n' new, 't' twin of an earlier post of this batch, 'r' answered already (replay or conflict)
  p_state text[];
  p_first int[];
  p_ok boolean[];
  p_err text[];
  p_bd bigint[];
  p_bc bigint[];
  p_vd bigint[];
  p_vc bigint[];
  v_out jsonb[];
  -- Locked accounts (index = position in id order).
  a_id bigint[];
  a_code text[];
  a_cur text[];
  a_nod boolean[];
  a_closed boolean[];
  a_sys boolean[];
  a_bal bigint[];
  a_pend bigint[];
  a_ver bigint[];
  v_k int;
  v_d int;
  v_c int;
  i int;
begin
  if n is null or n = 0 then
    return ledger_post_batch_runs(ps);
  end if;
  if n = 1 then -- as in 0026
    p := ps->0;
    v_leg := p->'legs'->0;
    if coalesce(jsonb_array_length(p->'legs'), 0) <> 1 or coalesce(jsonb_array_length(p->'resolve'), 0) <> 0
       or coalesce((v_leg->>'pending')::boolean, false) then
      return ledger_post_batch_runs(ps);
    end if;
    v_m := (p->>'merchant_id')::bigint;
    v_cur := p->>'currency';
    v_scope := p->>'scope';
    v_key := p->>'key';
    v_hash := p->>'hash';
    v_dr := v_leg->>'debit';
    v_cr := v_leg->>'credit';
    v_amt := (v_leg->>'amount')::bigint;

    -- The idempotency key (a concurrent duplicate waits here, then replays).
    perform pg_advisory_xact_lock(1161904453, hashtext(v_m::text || '|' || v_scope || '|' || v_key));
    select id, result, request_hash into j
      from ledger_journals where merchant_id = v_m and scope = v_scope and idem_key = v_key limit 1;
    if found then
      return jsonb_build_array(case when j.request_hash <> v_hash
                                    then jsonb_build_object('conflict', true, 'journal_id', j.id::text)
                                    else j.result || '{"replay": true}'::jsonb end);
    end if;

    -- Both accounts, locked in id order; created first (in code order) when new.
    for attempt in 1..2 loop
      v_found := 0;
      for a in
        select id, code, currency, no_overdraft, member_id is null as sys, credits_posted - debits_posted as bal,
               debits_pending as pend, version, closed_at is not null as closed
          from ledger_accounts where merchant_id = v_m and code in (v_dr, v_cr) order by id for update
      loop
        v_found := v_found + 1;
        if a.code = v_dr then d := a; else c := a; end if;
      end loop;
      exit when v_found = 2;
      insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft, closed_at)
      select v_m, x.code, v_cur, case when x.code like 'member:%' then split_part(x.code, ':', 2)::bigint end,
             x.code like 'member:%',
             case when x.code like 'member:%' then (select max(s.closed_at) from ledger_accounts s
                where s.merchant_id = v_m and s.member_id = split_part(x.code, ':', 2)::bigint) end
        from (values (v_dr), (v_cr)) x(code)
       where not exists (select 1 from ledger_accounts la where la.merchant_id = v_m and la.code = x.code)
       order by x.code
      on conflict (merchant_id, code) do nothing;
    end loop;

    if d.currency <> v_cur or c.currency <> v_cur then
      v_err := 'account_mismatch';
    elsif d.closed or c.closed then
      v_err := 'account_closed';
    elsif d.no_overdraft and d.bal - d.pend < v_amt then
      v_err := 'insufficient_funds';
    end if;
    if v_err is not null then
      v_jid := nextval('ledger_journals_id_seq'::regclass);
      v_res := jsonb_build_object('ok', false, 'journal_id', v_jid::text, 'error', v_err);
      insert into ledger_journals (id, merchant_id, scope, idem_key, request_hash, kind, member_id, ref, ok, error, result)
      overriding system value
      values (v_jid, v_m, v_scope, v_key, v_hash, p->>'kind', (p->>'member_id')::bigint, coalesce(p->'ref', '{}'::jsonb),
              false, v_err, v_res);
      return jsonb_build_array(v_res || '{"replay": false}'::jsonb);
    end if;

    v_tid := nextval('ledger_transfers_id_seq'::regclass);
    v_jid := nextval('ledger_journals_id_seq'::regclass);
    v_res := jsonb_build_object('ok', true, 'journal_id', v_jid::text, 'transfer_ids', jsonb_build_array(v_tid::text),
      'balances',
        case when d.sys then '{}'::jsonb else jsonb_build_object(d.code, jsonb_build_object(
          'balance', (d.bal - v_amt)::text, 'available', (d.bal - v_amt - d.pend)::text)) end
        || case when c.sys then '{}'::jsonb else jsonb_build_object(c.code, jsonb_build_object(
          'balance', (c.bal + v_amt)::text, 'available', (c.bal + v_amt - c.pend)::text)) end);
    insert into ledger_journals (id, merchant_id, scope, idem_key, request_hash, kind, member_id, ref, ok, error, result)
    overriding system value
    values (v_jid, v_m, v_scope, v_key, v_hash, p->>'kind', (p->>'member_id')::bigint, coalesce(p->'ref', '{}'::jsonb),
            true, null, v_res);
    insert into ledger_transfers (id, merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
    overriding system value
    values (v_tid, v_m, v_jid, d.id, c.id, v_amt, v_leg->>'code', 0);
    update ledger_accounts
       set debits_posted = debits_posted + case when id = d.id then v_amt else 0 end,
           credits_posted = credits_posted + case when id = c.id then v_amt else 0 end,
           version = version + 1
     where id in (d.id, c.id);
    insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
    values (d.id, d.version + 1, v_tid, v_jid, -v_amt, d.bal - v_amt),
           (c.id, c.version + 1, v_tid, v_jid, v_amt, c.bal + v_amt);
    return jsonb_build_array(v_res || '{"replay": false}'::jsonb);
  end if;

  -- A batch of every post one posted leg, no resolution: four statements. (Arrays are aggregated from a sorted
  -- subquery, one sort per statement instead of one per array: a subquery with ORDER BY is never flattened.)
  -- 1. Parse once; 2. lock the idempotency keys in hash order.
  select array_agg(x.merchant_id), array_agg(x.currency), array_agg(x.scope),
         array_agg(x.key), array_agg(x.hash), array_agg(x.kind),
         array_agg(x.member_id), array_agg(coalesce(x.ref, '{}'::jsonb)),
         array_agg(x.legs->0->>'debit'), array_agg(x.legs->0->>'credit'),
         array_agg((x.legs->0->>'amount')::bigint), array_agg(x.legs->0->>'code'),
         bool_and(coalesce(jsonb_array_length(x.legs), 0) = 1 and coalesce(jsonb_array_length(x.resolve), 0) = 0
                  and not coalesce((x.legs->0->>'pending')::boolean, false))
    into p_m, p_cur, p_scope, p_key, p_hash, p_kind, p_member, p_ref, l_dr, l_cr, l_amt, l_code, v_fast
  from (select * from rows from (jsonb_to_recordset(ps) as (merchant_id bigint, currency text, scope text, key text,
                  hash text, kind text, member_id bigint, ref jsonb, legs jsonb, resolve jsonb))
             with ordinality y(merchant_id, currency, scope, key, hash, kind, member_id, ref, legs, resolve, ord)
        order by y.ord) x;
  if not v_fast then
    return ledger_post_batch_runs(ps);
  end if;
  perform pg_advisory_xact_lock(1161904453, h)
  from (select distinct hashtext(m::text || '|' || s || '|' || k) as h from unnest(p_m, p_scope, p_key) u(m, s, k) order by 1) hs;

  -- 3. What each post is (new, a twin of an earlier post of the batch, answered already), and the accounts of
  --    the new posts locked in id order, with their positions: one statement. An account not created yet sends
  --    the batch to the general path before any account is locked.
  with u as materialized (
    select x.ord::int as ord, x.m, x.dr, x.cr, min(x.ord) over (partition by x.m, x.s, x.k)::int as first,
           jj.id as jid, jj.result, jj.request_hash
    from unnest(p_m, p_scope, p_key, l_dr, l_cr) with ordinality x(m, s, k, dr, cr, ord)
    left join lateral (select id, result, request_hash from ledger_journals
                       where merchant_id = x.m and scope = x.s and idem_key = x.k limit 1) jj on true
  ), need as materialized (
    select nc.m, nc.code, (select la.id from ledger_accounts la where la.merchant_id = nc.m and la.code = nc.code) as id
    from (select distinct u.m, x.code from u cross join lateral (values (u.dr), (u.cr)) x(code)
          where u.jid is null and u.first = u.ord) nc
  ), acc as materialized (
    select la.id, la.merchant_id, la.code, la.currency, la.no_overdraft, la.member_id is null as sys,
           la.credits_posted - la.debits_posted as bal, la.debits_pending as pend, la.version,
           la.closed_at is not null as closed
    from ledger_accounts la
    where la.id = any (array(select need.id from need)) and not exists (select 1 from need where need.id is null)
    order by la.id
    for update
  ), ai as (
    select row_number() over (order by acc.id)::int as i, acc.merchant_id, acc.code from acc
  )
  select su.st, su.first, su.rep, sn.missing, sa.id, sa.code, sa.cur, sa.nod, sa.sys, sa.bal, sa.pend, sa.ver, sa.closed,
         sp.di, sp.ci
    into p_state, p_first, v_out, v_k, a_id, a_code, a_cur, a_nod, a_sys, a_bal, a_pend, a_ver, a_closed, l_di, l_ci
  from (select array_agg(case when u.jid is not null then 'r' when u.first <> u.ord then 't' else 'n' end) as st,
               array_agg(u.first) as first,
               array_agg(case when u.jid is null then null
                              when u.request_hash <> p_hash[u.ord] then jsonb_build_object('conflict', true, 'journal_id', u.jid::text)
                              else u.result || '{"replay": true}'::jsonb end) as rep
        from (select * from u order by u.ord) u) su,
       (select count(*)::int as missing from need where need.id is null) sn,
       (select coalesce(array_agg(acc.id), '{}') as id, coalesce(array_agg(acc.code), '{}') as code,
               coalesce(array_agg(acc.currency), '{}') as cur,
               coalesce(array_agg(acc.no_overdraft), '{}') as nod,
               coalesce(array_agg(acc.sys), '{}') as sys, coalesce(array_agg(acc.bal), '{}') as bal,
               coalesce(array_agg(acc.pend), '{}') as pend, coalesce(array_agg(acc.version), '{}') as ver,
               coalesce(array_agg(acc.closed), '{}') as closed
        from (select * from acc order by acc.id) acc) sa,
       (select array_agg(q.di) as di, array_agg(q.ci) as ci
        from (select ad.i as di, ac.i as ci
              from u left join ai ad on ad.merchant_id = u.m and ad.code = u.dr
              left join ai ac on ac.merchant_id = u.m and ac.code = u.cr
              order by u.ord) q) sp;
  if v_k > 0 then -- some accounts are new: the general path creates them
    return ledger_post_batch_runs(ps);
  end if;

  -- The fate of each post, in batch order: a later debit sees the earlier ones.
  p_ok := array_fill(null::boolean, array[n]);
  p_err := array_fill(null::text, array[n]);
  p_bd := array_fill(null::bigint, array[n]);
  p_bc := array_fill(null::bigint, array[n]);
  p_vd := array_fill(null::bigint, array[n]);
  p_vc := array_fill(null::bigint, array[n]);
  for i in 1..n loop
    continue when p_state[i] <> 'n';
    v_d := l_di[i];
    v_c := l_ci[i];
    v_amt := l_amt[i];
    if a_cur[v_d] <> p_cur[i] or a_cur[v_c] <> p_cur[i] then
      p_ok[i] := false;
      p_err[i] := 'account_mismatch';
    elsif a_closed[v_d] or a_closed[v_c] then
      p_ok[i] := false;
      p_err[i] := 'account_closed';
    elsif a_nod[v_d] and a_bal[v_d] - a_pend[v_d] < v_amt then
      p_ok[i] := false;
      p_err[i] := 'insufficient_funds';
    else
      p_ok[i] := true;
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

  -- 4. Ids (journals and transfers in batch order, taken while the accounts are locked), the journals with their
  --    result, the transfers, the accounts' sums, the entries and every post's answer: one statement.
  with r as materialized (
    select u.i::int as pos, nextval('ledger_journals_id_seq'::regclass) as jid,
           case when u.ok then nextval('ledger_transfers_id_seq'::regclass) end as tid,
           u.ok, u.err, u.d, u.c, u.amt, u.bd, u.bc, u.vd, u.vc
    from unnest(p_state, p_ok, p_err, l_di, l_ci, l_amt, p_bd, p_bc, p_vd, p_vc)
         with ordinality u(st, ok, err, d, c, amt, bd, bc, vd, vc, i)
    where u.st = 'n'
  ), rr as materialized (
    select r.*,
           case when r.ok then jsonb_build_object(
             'ok', true, 'journal_id', r.jid::text, 'transfer_ids', jsonb_build_array(r.tid::text),
             'balances',
               case when a_sys[r.d] then '{}'::jsonb else jsonb_build_object(a_code[r.d], jsonb_build_object(
                 'balance', r.bd::text, 'available', (r.bd - a_pend[r.d])::text)) end
               || case when a_sys[r.c] then '{}'::jsonb else jsonb_build_object(a_code[r.c], jsonb_build_object(
                 'balance', r.bc::text, 'available', (r.bc - a_pend[r.c])::text)) end)
           else jsonb_build_object('ok', false, 'journal_id', r.jid::text, 'error', r.err) end as res
    from r
  ), ins as (
    insert into ledger_journals (id, merchant_id, scope, idem_key, request_hash, kind, member_id, ref, ok, error, result)
    overriding system value
    select rr.jid, p_m[rr.pos], p_scope[rr.pos], p_key[rr.pos], p_hash[rr.pos], p_kind[rr.pos], p_member[rr.pos],
           p_ref[rr.pos], rr.ok, rr.err, rr.res
    from rr order by rr.pos
  ), t as (
    insert into ledger_transfers (id, merchant_id, journal_id, debit_account_id, credit_account_id, amount, code, kind)
    overriding system value
    select rr.tid, p_m[rr.pos], rr.jid, a_id[rr.d], a_id[rr.c], rr.amt, l_code[rr.pos], 0
    from rr where rr.ok order by rr.tid
  ), upd as (
    update ledger_accounts la
       set debits_posted = la.debits_posted + s.dr, credits_posted = la.credits_posted + s.cr,
           version = la.version + case when not a_sys[s.idx] then s.legs when s.dr = s.cr then 2 else 1 end
    from (
      select x.idx, sum(x.dr) as dr, sum(x.cr) as cr, count(*)::int as legs
      from rr cross join lateral (values (rr.d, rr.amt, 0::bigint), (rr.c, 0::bigint, rr.amt)) x(idx, dr, cr)
      where rr.ok
      group by x.idx
    ) s
    where la.id = a_id[s.idx]
  ), e as (
    insert into ledger_entries (account_id, version, transfer_id, journal_id, amount, balance_after)
    select a_id[rr.d], rr.vd, rr.tid, rr.jid, -rr.amt, rr.bd from rr where rr.ok and not a_sys[rr.d]
    union all
    select a_id[rr.c], rr.vc, rr.tid, rr.jid, rr.amt, rr.bc from rr where rr.ok and not a_sys[rr.c]
    union all
    select a_id[s.idx], a_ver[s.idx] + z.v, z.tj[1], z.tj[2], z.amt, z.after
    from (
      select x.idx, sum(x.amt)::bigint as total, max(array[rr.tid, rr.jid]) as last,
             min(array[rr.tid, rr.jid, x.amt, x.after]) as first
      from rr cross join lateral (values (rr.d, -rr.amt, rr.bd), (rr.c, rr.amt, rr.bc)) x(idx, amt, after)
      where rr.ok and a_sys[x.idx]
      group by x.idx
    ) s
    -- As in the runs above: a run summing to zero is written as two entries (the first transfer, then the rest).
    cross join lateral (
      select 1, s.last, s.total, a_bal[s.idx] where s.total <> 0
      union all select 1, array[s.first[1], s.first[2]], s.first[3], s.first[4] where s.total = 0
      union all select 2, s.last, -s.first[3], a_bal[s.idx] where s.total = 0
    ) z(v, tj, amt, after)
  )
  select jsonb_agg(y.res) into v_res
  from (select case x.st when 'n' then o.res || '{"replay": false}'::jsonb
                         when 't' then case when x.h <> p_hash[x.first]
                                            then jsonb_build_object('conflict', true, 'journal_id', f.jid::text)
                                            else f.res || '{"replay": true}'::jsonb end
                         else x.rep end as res
        from unnest(p_state, p_first, v_out, p_hash) with ordinality x(st, first, rep, h, i)
        left join rr o on o.pos = x.i
        left join rr f on f.pos = x.first
        order by x.i) y;
  return v_res;
end
$$;
