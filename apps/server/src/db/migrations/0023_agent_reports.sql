-- Agent reports (agents module): a daily roll-up per member, kept by the agent-rollup job from the owners' faces
-- (game rounds, deposits, withdrawals), and per-merchant agent settings.

-- One row per (merchant, local day in the merchant's time zone, member) with activity. valid_bet/payout/bet_count
-- are settled rounds by the day their bet was placed; deposits by the day they were credited; withdrawals by the
-- day they were paid out. A row is always a full recount of its cell (never a delta), so a re-run changes nothing.
create table agent_daily_stats (
  merchant_id bigint not null references merchants (id),
  day date not null,
  member_id bigint not null references members (id),
  valid_bet bigint not null default 0 check (valid_bet >= 0),
  payout bigint not null default 0 check (payout >= 0),
  bet_count integer not null default 0 check (bet_count >= 0),
  deposits bigint not null default 0 check (deposits >= 0),
  withdrawals bigint not null default 0 check (withdrawals >= 0),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, day, member_id)
);
create index agent_daily_stats_member_idx on agent_daily_stats (member_id, day);

-- How far the roll-up has read each source (the newest change time it has seen), per merchant.
create table agent_rollup_marks (
  merchant_id bigint not null references merchants (id),
  source text not null check (source in ('rounds', 'deposits', 'withdrawals')),
  mark timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, source)
);

-- Per merchant: the system maximum rebate point and the valid bet that makes a member "active" for a day.
create table agent_settings (
  merchant_id bigint primary key references merchants (id),
  max_rebate_point numeric(4, 1) not null default 13.0 check (max_rebate_point >= 0 and max_rebate_point <= 99.9),
  active_min_bet bigint not null default 0 check (active_min_bet >= 0),
  updated_at timestamptz not null default now()
);

-- The roll-up reads each source "since its mark": these indexes make that a range scan. (The tables belong to
-- games, deposits and withdrawals; the reads are their own face methods.)
create index game_transactions_created_idx on game_transactions (created_at);
create index deposits_completed_idx on deposits (completed_at) where status = 'success';
create index withdrawals_disbursed_idx on withdrawals (disbursed_at) where disbursed_at is not null;
