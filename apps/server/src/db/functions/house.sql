-- Repeatable migration (db/migrate.ts): the current definition of these functions. Change them here, never in a
-- numbered migration: the migrator re-runs this whole file (one transaction, after the numbered migrations, under the
-- migration lock) whenever its hash changes, so every statement must be safe to repeat (`create or replace`; a new
-- signature needs `drop function if exists name(old argument types);` above it). See db/migrations/README.md.
--
-- modules/house: its triggers are in migration 0055.

-- Settled rounds and revealed seeds are append-only (0055, modules/house).
create or replace function house_seeds_guard() returns trigger language plpgsql as $$
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

create or replace function house_rounds_guard() returns trigger language plpgsql as $$
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
