-- Cashback on net loss and raffles (issue 23): their rewards wait in the reward centre (member_rewards gains the
-- sources 'cashback' and 'raffle').
alter table member_rewards drop constraint member_rewards_source_check;
alter table member_rewards add constraint member_rewards_source_check
  check (source in ('mission', 'leaderboard', 'vip', 'referral', 'cashback', 'raffle'));

-- The operator's cashback programmes: percent_bp of a member's net loss per local day or ISO week (the merchant's
-- time zone), paid when it reaches min_net_loss, at most cap; categories counted (empty: all).
create table cashback_programmes (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  title text not null check (length(title) between 1 and 80),
  period text not null check (period in ('daily', 'weekly')),
  percent_bp integer not null check (percent_bp between 1 and 10000),
  min_net_loss bigint not null default 0 check (min_net_loss >= 0),
  cap bigint not null check (cap > 0),
  categories jsonb not null default '[]',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cashback_programmes_merchant_idx on cashback_programmes (merchant_id, id);

-- Stake and payout of settled bets per member, local day and game category (the cashback consumer's sums; a
-- weekly period adds its seven days). Every programme reads the same rows.
create table cashback_daily (
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  day text not null,
  category text not null,
  stake bigint not null default 0 check (stake >= 0),
  -- (may go below zero on a day: a result correction's event carries the change of a payout, not a new bet)
  payout bigint not null default 0,
  primary key (merchant_id, day, member_id, category)
);
create index cashback_daily_member_idx on cashback_daily (member_id, day);

-- Play events the cashback consumer applied (each counted once; written with the sums).
create table cashback_applied_events (
  event_id text primary key,
  applied_at timestamptz not null default now()
);

-- A programme's closed period: one row (the job's rerun finds it and does nothing).
create table cashback_runs (
  id bigint generated always as identity primary key,
  programme_id bigint not null references cashback_programmes (id),
  merchant_id bigint not null references merchants (id),
  period_key text not null,
  members integer not null,
  total bigint not null check (total >= 0),
  ran_at timestamptz not null default now(),
  unique (programme_id, period_key)
);
create index cashback_runs_merchant_idx on cashback_runs (merchant_id, ran_at desc, id desc);

-- Raffles: tickets from valid bet settled in [starts_at, ends_at), one per turnover_per_ticket, at most max_tickets
-- a member; drawn at draw_at from `seed`, whose SHA-256 (seed_hash) is public from creation; seed shown once drawn.
create table raffles (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  title text not null check (length(title) between 1 and 80),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  draw_at timestamptz not null,
  turnover_per_ticket bigint not null check (turnover_per_ticket > 0),
  max_tickets integer not null check (max_tickets > 0),
  categories jsonb not null default '[]',
  prizes jsonb not null,
  status text not null default 'open' check (status in ('open', 'drawn')),
  seed text not null,
  seed_hash text not null,
  drawn_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at),
  check (draw_at >= ends_at),
  check ((status = 'drawn') = (drawn_at is not null))
);
create index raffles_merchant_idx on raffles (merchant_id, status, draw_at);

-- A member's counted turnover in a raffle (tickets = least(max_tickets, turnover / turnover_per_ticket)).
create table raffle_entries (
  raffle_id bigint not null references raffles (id),
  member_id bigint not null references members (id),
  turnover bigint not null default 0 check (turnover >= 0),
  updated_at timestamptz not null default now(),
  primary key (raffle_id, member_id)
);

create table raffle_applied_events (
  event_id text primary key,
  applied_at timestamptz not null default now()
);

-- The draw: the published ticket list (holders in order with their ticket counts) and the winners.
create table raffle_draws (
  raffle_id bigint primary key references raffles (id),
  blocks jsonb not null,
  total_tickets integer not null
);
create table raffle_winners (
  raffle_id bigint not null references raffles (id),
  rank integer not null,
  ticket integer not null,
  member_id bigint not null references members (id),
  amount bigint not null check (amount > 0),
  primary key (raffle_id, rank)
);
