-- Feed-based lotteries (modules/lottery feed.*): Vietnamese (regions MB/MN/MT, one game per station), Thai and 4D.
-- Their issues follow a calendar (not a hash chain) and take the official result from a results feed (a simulated
-- one for the demo) or from two operators (one enters, a different one confirms the same result). A confirmed
-- result that changes later (a correction) re-settles every bet of the issue by compensating ledger entries.
--
-- Feed issue status: open → closed → awaiting (past the draw, no confirmed result) → drawn (result confirmed,
-- settling) → settled, or open|closed|awaiting → cancelled → refunded. The fast e-lottery's job never sees them
-- (its due list takes issues with a chain only).
alter table lottery_games drop constraint lottery_games_kind_check;
alter table lottery_games add constraint lottery_games_kind_check check (kind in ('ssc', 'k3', 'vn', 'thai', '4d'));

alter table lottery_issues alter column chain_id drop not null;
alter table lottery_issues alter column chain_index drop not null;
alter table lottery_issues add constraint lottery_issues_chain_pair check ((chain_id is null) = (chain_index is null));
alter table lottery_issues drop constraint lottery_issues_status_check;
alter table lottery_issues add constraint lottery_issues_status_check
  check (status in ('open', 'closed', 'awaiting', 'drawn', 'settled', 'cancelled', 'refunded'));
create index lottery_issues_feed_due on lottery_issues (status, draws_at)
  where chain_id is null and status not in ('settled', 'refunded');

-- One row per feed game: where and when it draws (the schedule is data: { weekdays?: 0–6 (Sun = 0), monthDays?:
-- 1–31 }, at draw_time local in `timezone`), where its results come from, the merchant's odds table
-- ("<code>" or "<code>.<line>" → decimal odds, defaults from the engines) and the simulated feed's secret.
create table lottery_feed_games (
  game_id bigint primary key references lottery_games (id),
  region text check (region in ('MB', 'MN', 'MT')),
  station text not null,
  timezone text not null,
  draw_time text not null check (draw_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  schedule jsonb not null,
  source text not null check (source in ('simulated', 'manual')),
  -- the simulated feed's key (kept server-side, never answered)
  secret text not null,
  odds jsonb not null
);

-- Results of a feed issue, version 1 = the first confirmed result, 2… = corrections. An operator entry stays
-- pending until a different admin confirms the same result; a feed result is confirmed as it arrives.
-- applied_at: the (re-)settlement of that version is complete.
create table lottery_feed_results (
  id bigint generated always as identity primary key,
  issue_pk bigint not null references lottery_issues (id),
  version integer not null check (version > 0),
  source text not null check (source in ('feed', 'manual')),
  result jsonb not null,
  status text not null check (status in ('pending', 'confirmed', 'discarded')),
  entered_by bigint,
  entered_at timestamptz not null,
  confirmed_by bigint,
  confirmed_at timestamptz,
  applied_at timestamptz,
  check (source = 'feed' or entered_by is not null),
  check (confirmed_by is null or entered_by is null or confirmed_by <> entered_by),
  check ((status = 'confirmed') = (confirmed_at is not null))
);
create unique index lottery_feed_results_one_pending on lottery_feed_results (issue_pk) where status = 'pending';
create unique index lottery_feed_results_version on lottery_feed_results (issue_pk, version) where status = 'confirmed';

-- The result version a bet was last settled on (0: not yet).
alter table lottery_bets add column result_version integer not null default 0;

-- Re-settlement of one bet by one correction (exactly once: the primary key and the ledger key
-- lottery:fix:<bet>:<version> commit together with the bet's new outcome). posted: what moved (+ paid to the
-- member, − taken back); shortfall: what a reduced payout could not take back because the member no longer holds
-- it — a receivable of the house, never a negative balance.
create table lottery_feed_corrections (
  bet_id bigint not null references lottery_bets (id),
  version integer not null,
  member_id bigint not null,
  old_payout bigint not null,
  new_payout bigint not null,
  posted bigint not null,
  shortfall bigint not null default 0 check (shortfall >= 0),
  created_at timestamptz not null default now(),
  primary key (bet_id, version)
);
create index lottery_feed_corrections_shortfall on lottery_feed_corrections (member_id) where shortfall > 0;
