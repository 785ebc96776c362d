-- Fast e-lottery draws no insider can know (issue 29, modules/lottery).
--
-- Chains committed from now on (secret_store 'signer'): the chain secret and its checkpoints are not in this
-- database. A signer with its own key store (lottery/chain-signer.ts: a key file under DATA_DIR, 0600, or
-- LOTTERY_SIGNER_KEY) derives each chain's secret from signer_ref; the database keeps only the published hashes (the
-- terminal hash, and each issue's revealed hash after its draw). Each draw of such a chain is also mixed with a
-- randomness beacon value (beacon: the source, named when the chain is committed; beacon_round: the round named when
-- the issue is scheduled, the first one published at or after its draw time): a value that does not exist when the
-- chain is committed nor while bets are taken, so neither a database reader nor the signer knows a result in advance.
--
-- Chains committed before (secret_store 'database', beacon null: algorithm sha256-chain/hmac-sha256-v1) keep their
-- checkpoints here and draw as before until they run out; their successor (published NEXT_CHAIN_AHEAD_SECONDS before
-- their last draw) is a signer chain with a beacon. A published chain never changes (0037), so they are not rewritten.
alter table lottery_chains add column secret_store text not null default 'database'
  check (secret_store in ('database', 'signer'));
alter table lottery_chains add column signer_ref text check (signer_ref ~ '^[0-9a-f]{32}$');
alter table lottery_chains add column beacon text check (length(beacon) between 1 and 80);
alter table lottery_chains alter column checkpoints drop not null;
alter table lottery_chains add constraint lottery_chains_secret_where check (
  (secret_store = 'database' and checkpoints is not null and signer_ref is null)
  or (secret_store = 'signer' and checkpoints is null and signer_ref is not null and beacon is not null)
);

alter table lottery_issues add column beacon_round bigint check (beacon_round >= 0);
alter table lottery_issues add column beacon_value text check (beacon_value ~ '^[0-9a-f]{64}$');

-- The beacon round and value join the draw's write-once fields: lottery_issue_draw_once's body is in
-- db/functions/lottery.sql (the one source of the functions; re-applied after the migrations).

-- A drawn issue is never deleted (with or without bets), whatever its kind: its result stays on record.
create function lottery_issue_drawn_kept() returns trigger language plpgsql as $$
begin
  raise exception 'lottery: a drawn issue is never deleted' using errcode = 'P0001';
end
$$;
create trigger lottery_issues_drawn_kept before delete on lottery_issues
  for each row when (old.result is not null or old.hash is not null or old.status in ('drawn', 'settled'))
  execute function lottery_issue_drawn_kept();
create trigger lottery_issues_no_truncate before truncate on lottery_issues
  for each statement execute function lottery_issue_drawn_kept();
