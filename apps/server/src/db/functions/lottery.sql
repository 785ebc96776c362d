-- Repeatable migration (db/migrate.ts): the current definition of these functions. Change them here, never in a
-- numbered migration: the migrator re-runs this whole file (one transaction, after the numbered migrations, under the
-- migration lock) whenever its hash changes, so every statement must be safe to repeat (`create or replace`; a new
-- signature needs `drop function if exists name(old argument types);` above it). See db/migrations/README.md.
--
-- modules/lottery: no code path may set or override a result: a published chain never changes or disappears, and a
-- chain issue's chain link, revealed hash and result are written once (the draw) and never changed. Their triggers
-- are in migration 0037.
create or replace function lottery_chain_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'lottery: a published chain is never changed' using errcode = 'P0001';
end
$$;

create or replace function lottery_issue_draw_once() returns trigger language plpgsql as $$
begin
  if new.chain_id is distinct from old.chain_id or new.chain_index is distinct from old.chain_index
     or (old.hash is not null and new.hash is distinct from old.hash)
     or (old.result is not null and new.result is distinct from old.result)
     or (old.beacon_round is not null and new.beacon_round is distinct from old.beacon_round)
     or (old.beacon_value is not null and new.beacon_value is distinct from old.beacon_value) then
    raise exception 'lottery: a chain issue''s draw is never changed' using errcode = 'P0001';
  end if;
  return new;
end
$$;

-- A drawn issue is never deleted (with or without bets), whatever its kind: its result stays on record (0056).
create or replace function lottery_issue_drawn_kept() returns trigger language plpgsql as $$
begin
  raise exception 'lottery: a drawn issue is never deleted' using errcode = 'P0001';
end
$$;
