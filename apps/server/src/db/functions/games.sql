-- Repeatable migration (db/migrate.ts): the current definition of these functions. Change them here, never in a
-- numbered migration: the migrator re-runs this whole file (one transaction, after the numbered migrations, under the
-- migration lock) whenever its hash changes, so every statement must be safe to repeat (`create or replace`; a new
-- signature needs `drop function if exists name(old argument types);` above it). See db/migrations/README.md.
--
-- The seamless wallet's steps (modules/games owns these functions and the tables they touch; play.repository.ts
-- calls them). A bet or win is three round trips inside the call's one transaction: game_wallet_open (session or bet
-- check, claim of the vendor's tx id, tombstone check, the round locked), then the ledger post (a call of the ledger
-- face, in the same transaction), then game_wallet_finish (round totals and the stored answer). PL/pgSQL keeps each
-- step's plans cached per session.

-- Outcomes: 'INVALID_TOKEN' / 'TOKEN_EXPIRED' (bet: the session refuses it) and 'TX_NOT_FOUND' without o_tx (win:
-- no bet to pay) claim nothing; 'duplicate' (the tx id exists: o_hash and o_response of the first call, which the
-- caller replays or answers DUPLICATE_MISMATCH); 'ALREADY_SETTLED' / 'TX_NOT_FOUND' with o_tx (claimed: a
-- refusal the caller stores); 'go' (claimed, round o_round locked and open: post the money).
create or replace function game_wallet_open(
  p_kind text,
  p_merchant_id bigint,
  p_vendor_code text,
  p_member_id bigint,
  p_tx_ref text,
  p_amount bigint,
  p_ref_tx text,
  p_request_hash text,
  p_token_hash text,
  p_now timestamptz,
  p_round_ref text,
  p_game_id bigint
) returns table (o_outcome text, o_tx bigint, o_round bigint, o_hash text, o_response text)
language plpgsql as $$
declare
  s record;
  bet record;
  earlier record;
  rnd record;
  claimed bigint;
begin
  if p_kind = 'bet' then
    -- A live (unexpired) real-money session of this player at this vendor.
    select g.member_id, g.vendor_code, g.merchant_id, g.free_play, g.expires_at into s
      from game_sessions g where g.token_hash = p_token_hash;
    if not found or s.member_id <> p_member_id or s.vendor_code <> p_vendor_code
       or s.merchant_id <> p_merchant_id or s.free_play then
      return query select 'INVALID_TOKEN', null::bigint, null::bigint, null::text, null::text;
      return;
    end if;
    if s.expires_at <= p_now then
      return query select 'TOKEN_EXPIRED', null::bigint, null::bigint, null::text, null::text;
      return;
    end if;
  elsif p_kind = 'win' then
    -- A win for a bet we never saw is not stored: the bet may still arrive, and the vendor retries the win.
    select t.kind, t.status, t.round_id into bet
      from game_transactions t
     where t.merchant_id = p_merchant_id and t.vendor_code = p_vendor_code and t.member_id = p_member_id
       and t.tx_ref = p_ref_tx;
    if not found or bet.kind <> 'bet' or bet.status = 'tombstone' or bet.round_id is null then
      return query select 'TX_NOT_FOUND', null::bigint, null::bigint, null::text, null::text;
      return;
    end if;
  else
    raise exception 'game_wallet_open: kind % is not bet or win', p_kind;
  end if;

  -- The idempotency row; a concurrent twin waits here on the unique index until the first commits.
  insert into game_transactions
    (merchant_id, vendor_code, member_id, tx_ref, kind, amount, ref_tx, status, request_hash, response)
  values
    (p_merchant_id, p_vendor_code, p_member_id, p_tx_ref, p_kind, p_amount, p_ref_tx, 'pending', p_request_hash, null)
  on conflict (merchant_id, vendor_code, member_id, tx_ref) do nothing
  returning id into claimed;
  if claimed is null then
    select t.request_hash, t.response into earlier
      from game_transactions t
     where t.merchant_id = p_merchant_id and t.vendor_code = p_vendor_code and t.member_id = p_member_id
       and t.tx_ref = p_tx_ref;
    return query select 'duplicate', null::bigint, null::bigint, earlier.request_hash, earlier.response;
    return;
  end if;

  if p_kind = 'bet' then
    -- A rollback that came first (tombstone) cancels this bet before it exists.
    if exists (
      select 1 from game_transactions t
       where t.merchant_id = p_merchant_id and t.vendor_code = p_vendor_code and t.member_id = p_member_id
         and t.ref_tx = p_tx_ref and t.kind = 'rollback'
    ) then
      return query select 'ALREADY_SETTLED', claimed, null::bigint, null::text, null::text;
      return;
    end if;
    -- The round starts at the application's clock, as it settles at it (settled_at): one clock for both ends.
    insert into game_rounds (merchant_id, vendor_code, member_id, round_ref, game_id, started_at)
    values (p_merchant_id, p_vendor_code, p_member_id, p_round_ref, p_game_id, p_now)
    on conflict (merchant_id, vendor_code, member_id, round_ref) do nothing;
    select r.id, r.status into rnd
      from game_rounds r
     where r.merchant_id = p_merchant_id and r.vendor_code = p_vendor_code and r.member_id = p_member_id
       and r.round_ref = p_round_ref
       for update;
    if rnd.status <> 'open' then
      return query select 'ALREADY_SETTLED', claimed, rnd.id, null::text, null::text;
      return;
    end if;
  else
    select r.id, r.status into rnd from game_rounds r where r.id = bet.round_id for update;
    if bet.status <> 'applied' then
      return query select 'TX_NOT_FOUND', claimed, rnd.id, null::text, null::text;
      return;
    end if;
    -- Settled by its rollback, or the round closed: a win after it changes nothing.
    if rnd.status <> 'open' or exists (
      select 1 from game_transactions t
       where t.merchant_id = p_merchant_id and t.vendor_code = p_vendor_code and t.member_id = p_member_id
         and t.ref_tx = p_ref_tx and t.kind = 'rollback' and t.status = 'applied'
    ) then
      return query select 'ALREADY_SETTLED', claimed, rnd.id, null::text, null::text;
      return;
    end if;
  end if;
  return query select 'go', claimed, rnd.id, null::text, null::text;
end $$;

-- The end of a claimed call: the round's totals (and status, summary) when there is a round to change, then the
-- idempotency row with its outcome and the answer as sent.
create or replace function game_wallet_finish(
  p_tx_id bigint,
  p_status text,
  p_response text,
  p_round_id bigint,
  p_journal_id bigint,
  p_stake_delta bigint,
  p_payout_delta bigint,
  p_round_status text,
  p_summary text,
  p_settled_at timestamptz
) returns void
language plpgsql as $$
begin
  if p_round_id is not null and (p_stake_delta <> 0 or p_payout_delta <> 0 or p_round_status is not null
                                 or p_summary is not null) then
    update game_rounds
       set stake = stake + p_stake_delta,
           payout = payout + p_payout_delta,
           status = coalesce(p_round_status, status),
           summary = coalesce(p_summary, summary),
           settled_at = coalesce(p_settled_at, settled_at)
     where id = p_round_id;
  end if;
  update game_transactions
     set status = p_status,
         response = p_response,
         round_id = coalesce(p_round_id, round_id),
         journal_id = coalesce(p_journal_id, journal_id)
   where id = p_tx_id;
end $$;
