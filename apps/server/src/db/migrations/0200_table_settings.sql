-- The back office's tables and arenas (issue 27): settings edited while a round is in play wait in `pending` and the
-- dealer applies them when it opens the next round or fight (in the same statement that reads them), so a round is
-- always played, limited and paid under the settings it opened with. Closing a table or arena lets the round in play
-- finish; no new one opens until it is opened again.
alter table baccarat_tables add column pending jsonb;

-- The minimum Meron / Wala payout per 100 staked (domain-rules §6.2: 107 — at or below it the fight is cancelled and
-- refunded), per arena; each fight keeps the value it opened with.
alter table sabong_arenas
  add column pending jsonb,
  add column min_payout integer not null default 107 check (min_payout between 100 and 150);
alter table sabong_fights add column min_payout integer not null default 107 check (min_payout between 100 and 150);
