-- ledger_post_batch (latest: 0026; set-based path 0042) with fewer statements per call (issue 10; figures in
-- bench/README.md, "Ledger": "Fewer statements per call (0043)"). A batch of two or more posts of one posted leg
-- each and no resolution (every batch of bets, wins and deposit credits) takes four statements instead of a dozen
-- or more: (1) parse into arrays, (2) lock the idempotency keys, (3) replays, conflicts and twins, and the
-- accounts looked up and locked in id order with their positions, (4) ids, journals with their results,
-- transfers, accounts' sums, entries and the answers; the overdraft decisions stay a PL/pgSQL loop in batch order
-- between (3) and (4). Same locks in the same order (keys in hash order, then the accounts in id order, once), the
-- same rows, the same answers as ledger_post_batch_runs (0042), which any other batch still takes, as does a batch
-- needing an account not created yet (found before any account is locked). A batch of one keeps the single-post
-- path of 0026. Measured: backend CPU per call -10 to -13 % at batches of 2 to 16. (No plan_cache_mode setting on
-- the function: its statements keep their plans without it, and the setting cost a batch of one ~0.03 ms per call.)

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
               debits_pending as pend, version
          from ledger_accounts where merchant_id = v_m and code in (v_dr, v_cr) order by id for update
      loop
        v_found := v_found + 1;
        if a.code = v_dr then d := a; else c := a; end if;
      end loop;
      exit when v_found = 2;
      insert into ledger_accounts (merchant_id, code, currency, member_id, no_overdraft)
      select v_m, x.code, v_cur, case when x.code like 'member:%' then split_part(x.code, ':', 2)::bigint end,
             x.code like 'member:%'
        from (values (v_dr), (v_cr)) x(code)
       where not exists (select 1 from ledger_accounts la where la.merchant_id = v_m and la.code = x.code)
       order by x.code
      on conflict (merchant_id, code) do nothing;
    end loop;

    if d.currency <> v_cur or c.currency <> v_cur then
      v_err := 'account_mismatch';
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
           la.credits_posted - la.debits_posted as bal, la.debits_pending as pend, la.version
    from ledger_accounts la
    where la.id = any (array(select need.id from need)) and not exists (select 1 from need where need.id is null)
    order by la.id
    for update
  ), ai as (
    select row_number() over (order by acc.id)::int as i, acc.merchant_id, acc.code from acc
  )
  select su.st, su.first, su.rep, sn.missing, sa.id, sa.code, sa.cur, sa.nod, sa.sys, sa.bal, sa.pend, sa.ver, sp.di, sp.ci
    into p_state, p_first, v_out, v_k, a_id, a_code, a_cur, a_nod, a_sys, a_bal, a_pend, a_ver, l_di, l_ci
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
               coalesce(array_agg(acc.pend), '{}') as pend, coalesce(array_agg(acc.version), '{}') as ver
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
           version = la.version + case when a_sys[s.idx] then 1 else s.legs end
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
    select a_id[s.idx], a_ver[s.idx] + 1, s.last[1], s.last[2], s.total, a_bal[s.idx]
    from (
      select x.idx, sum(x.amt)::bigint as total, max(array[rr.tid, rr.jid]) as last
      from rr cross join lateral (values (rr.d, -rr.amt), (rr.c, rr.amt)) x(idx, amt)
      where rr.ok and a_sys[x.idx]
      group by x.idx
    ) s
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
