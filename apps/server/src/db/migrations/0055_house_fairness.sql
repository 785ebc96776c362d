-- Our own games (modules/house), issue 29: the next server seed is committed ahead, and nothing rewrites a settled
-- outcome.
--
-- next_server_seed(_hash): the seed the member's NEXT pair will use, generated (and its hash shown) while the current
-- pair is active, so the client seed the member picks at rotation cannot be answered by a chosen server seed. Rows of
-- an installation from before this migration have none: the service fills it (null → value, once) the first time the
-- pair is read, before any rotation can use it.
alter table house_seeds add column next_server_seed text check (next_server_seed ~ '^[0-9a-f]{64}$');
alter table house_seeds add column next_server_seed_hash text check (next_server_seed_hash ~ '^[0-9a-f]{64}$');
alter table house_seeds add constraint house_seeds_next_pair
  check ((next_server_seed is null) = (next_server_seed_hash is null));

-- Append-only, like the ledger: a seed pair is never deleted; a revealed pair never changes; an active pair changes
-- only by taking nonces (upwards), getting its next seed once, and being revealed.
create function house_seeds_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or tg_op = 'TRUNCATE' then
    raise exception 'house: a seed pair is never deleted' using errcode = 'P0001';
  end if;
  if old.status = 'revealed'
     or new.merchant_id is distinct from old.merchant_id or new.member_id is distinct from old.member_id
     or new.server_seed is distinct from old.server_seed or new.server_seed_hash is distinct from old.server_seed_hash
     or new.client_seed is distinct from old.client_seed or new.created_at is distinct from old.created_at
     or new.next_nonce < old.next_nonce
     or (old.next_server_seed is not null and new.next_server_seed is distinct from old.next_server_seed)
     or (old.next_server_seed_hash is not null and new.next_server_seed_hash is distinct from old.next_server_seed_hash)
     or (new.status = 'active' and new.revealed_at is not null) then
    raise exception 'house: a seed pair''s commitment or a revealed pair is never changed' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger house_seeds_guard before update or delete on house_seeds
  for each row execute function house_seeds_guard();
create trigger house_seeds_no_truncate before truncate on house_seeds
  for each statement execute function house_seeds_guard();

-- A round is never deleted; what identifies it and fixes its outcome (seed, nonce, bet, stake…) never changes; it
-- moves only forward (pending → dealt | settled | refused | rolled_back; dealt → dealt (holds recorded) | settled);
-- a settled, refused or rolled-back round never changes again (a correction would be a new row).
create function house_rounds_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or tg_op = 'TRUNCATE' then
    raise exception 'house: a round is never deleted' using errcode = 'P0001';
  end if;
  if old.status in ('settled', 'refused', 'rolled_back') then
    raise exception 'house: a finished round is never changed' using errcode = 'P0001';
  end if;
  if new.merchant_id is distinct from old.merchant_id or new.member_id is distinct from old.member_id
     or new.session_id is distinct from old.session_id or new.game_id is distinct from old.game_id
     or new.math_version is distinct from old.math_version or new.seed_id is distinct from old.seed_id
     or new.nonce is distinct from old.nonce or new.request_id is distinct from old.request_id
     or new.bet is distinct from old.bet or new.credit_value is distinct from old.credit_value
     or new.stake_credits is distinct from old.stake_credits or new.free_play is distinct from old.free_play
     or new.created_at is distinct from old.created_at
     or (old.holds is not null and new.holds is distinct from old.holds)
     or (old.status = 'dealt' and new.status not in ('dealt', 'settled')) then
    raise exception 'house: a round''s commitment is never changed' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger house_rounds_guard before update or delete on house_rounds
  for each row execute function house_rounds_guard();
create trigger house_rounds_no_truncate before truncate on house_rounds
  for each statement execute function house_rounds_guard();

-- The recovery job's selection: due rounds, real money first, by age (a free-play backlog cannot starve it).
create index house_rounds_due_idx on house_rounds (free_play, created_at, id) where status in ('pending', 'dealt');
-- The member's open hand of a game, from any session.
create index house_rounds_open_hand_idx on house_rounds (member_id, game_id, free_play)
  where status = 'dealt' and holds is null;
