-- Fast e-lottery chains roll over (modules/lottery): a game has chain 1, 2, 3, … (seq). Chain n + 1 is generated and
-- its terminal hash published (published_at) well before chain n's last issue (lottery.service NEXT_CHAIN_AHEAD_
-- SECONDS); its first issue draws one interval after chain n's last, so issue numbers continue. One chain per
-- (game, seq): two processes publishing at once keep one (insert … on conflict do nothing), and issues stay unique
-- per (chain_id, chain_index) and (game_id, issue_id) as before.
alter table lottery_chains add column seq integer not null default 1 check (seq > 0);
alter table lottery_chains alter column seq drop default;
alter table lottery_chains add column published_at timestamptz;
update lottery_chains set published_at = created_at;
alter table lottery_chains alter column published_at set not null;
drop index lottery_chains_one_per_game;
create unique index lottery_chains_game_seq on lottery_chains (game_id, seq);

-- No code path may set or override a result: a published chain never changes or disappears, and a chain issue's
-- chain link, revealed hash and result are written once (the draw) and never changed.
create function lottery_chain_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'lottery: a published chain is never changed' using errcode = 'P0001';
end
$$;
create trigger lottery_chains_immutable before update or delete on lottery_chains
  for each row execute function lottery_chain_immutable();
create trigger lottery_chains_no_truncate before truncate on lottery_chains
  for each statement execute function lottery_chain_immutable();

create function lottery_issue_draw_once() returns trigger language plpgsql as $$
begin
  if new.chain_id is distinct from old.chain_id or new.chain_index is distinct from old.chain_index
     or (old.hash is not null and new.hash is distinct from old.hash)
     or (old.result is not null and new.result is distinct from old.result) then
    raise exception 'lottery: a chain issue''s draw is never changed' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger lottery_issues_draw_once before update on lottery_issues
  for each row when (old.chain_id is not null) execute function lottery_issue_draw_once();
