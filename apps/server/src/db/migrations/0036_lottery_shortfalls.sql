-- Shortfalls of feed lottery corrections (modules/lottery feed.*): a correction that lowers a payout takes back what
-- the member holds and records the rest as lottery_feed_corrections.shortfall, a receivable of the house. The feed
-- job now collects it once the member has a balance again: each collection takes what the member holds at most
-- (partial collections allowed, the balance never goes negative), one ledger journal each
-- (lottery:collect:<bet>:<version>:<seq>), recorded here and summed into `collected`.
alter table lottery_feed_corrections add column collected bigint not null default 0;
alter table lottery_feed_corrections
  add constraint lottery_feed_corrections_collected check (collected >= 0 and collected <= shortfall);
alter table lottery_feed_corrections add column collected_at timestamptz;

-- The shortfalls still (partly) open, by bet and version (the collection step pages through them).
drop index lottery_feed_corrections_shortfall;
create index lottery_feed_corrections_open on lottery_feed_corrections (bet_id, version) where shortfall > collected;

-- One row per collection of a shortfall: seq 1, 2, … per (bet, version), the journal that moved it.
create table lottery_shortfall_collections (
  bet_id bigint not null,
  version integer not null,
  seq integer not null check (seq > 0),
  member_id bigint not null,
  amount bigint not null check (amount > 0),
  journal_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (bet_id, version, seq),
  foreign key (bet_id, version) references lottery_feed_corrections (bet_id, version)
);
