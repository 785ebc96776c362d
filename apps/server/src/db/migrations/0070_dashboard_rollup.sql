-- The back-office dashboard: a per-merchant daily roll-up of settled bets by game category, kept by the
-- dashboard-rollup job from the games face (rounds and every other bet source, the lottery's). A row is always a
-- full recount of its (day, category) from the bet records, never a delta, so a re-run changes nothing. Days are the
-- merchant's local days of bet placement (the agents' cells use the same day).
create table dashboard_daily (
  merchant_id bigint not null references merchants (id),
  day date not null,
  category text not null,
  valid_bet bigint not null default 0 check (valid_bet >= 0),
  payout bigint not null default 0 check (payout >= 0),
  bet_count bigint not null default 0 check (bet_count >= 0),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, day, category)
);

-- How far the dashboard roll-up has read each bet source (the newest change time seen), per merchant.
create table dashboard_rollup_marks (
  merchant_id bigint not null references merchants (id),
  source text not null,
  mark timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, source)
);

-- A merchant-wide recount of one day's bets reads the day's bets by their placement time.
create index game_rounds_merchant_started_idx on game_rounds (merchant_id, started_at);
create index lottery_bets_merchant_created_idx on lottery_bets (merchant_id, created_at);

-- Money per merchant and local day, kept by the same job from the deposits and withdrawals faces (each day a full
-- recount): credited deposits by the day they were credited, with the members whose first credited deposit ever it
-- was; paid-out withdrawals by the day they were disbursed.
create table dashboard_money_daily (
  merchant_id bigint not null references merchants (id),
  day date not null,
  deposits bigint not null default 0 check (deposits >= 0),
  deposit_count integer not null default 0 check (deposit_count >= 0),
  first_time_depositors integer not null default 0 check (first_time_depositors >= 0),
  withdrawals bigint not null default 0 check (withdrawals >= 0),
  withdrawal_count integer not null default 0 check (withdrawal_count >= 0),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, day)
);

-- Registrations per day are counted live from the members' creation index: with the type in it, the count (trial
-- accounts excluded) is an index-only scan.
drop index members_created_idx;
create index members_created_idx on members (merchant_id, created_at) include (type);
-- The bank-transfer queue, counted among the many gateway deposits that are never paid (they stay pending).
create index deposits_pending_bank_idx on deposits (merchant_id) where status = 'pending' and kind = 'bank_transfer';
