-- Fast e-lottery (modules/lottery): games per merchant, their hash chains (commit-reveal), issues (draws),
-- orders (one ledger journal each; a chase order covers several issues), bets, and the stake per (issue, bet
-- type) that the per-number exposure limit is checked against.
--
-- Issue status: open → closed → drawn → settled, or open|closed → cancelled → refunded. Every transition is a
-- compare-and-set UPDATE (where status = …), so a duplicate job delivery or a second process does each step once.
create table lottery_games (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  game_code text not null,
  name text not null,
  kind text not null check (kind in ('ssc', 'k3')),
  interval_seconds integer not null check (interval_seconds between 30 and 86400),
  close_seconds integer not null check (close_seconds >= 0),
  prize_group integer not null check (prize_group between 1700 and 1980 and prize_group % 2 = 0),
  min_unit_stake bigint not null check (min_unit_stake > 0),
  max_unit_stake bigint not null,
  -- most stake on one number of one bet type in one draw (sum of the unit stakes of every bet of that type)
  max_number_stake bigint not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  check (max_unit_stake >= min_unit_stake),
  check (close_seconds < interval_seconds),
  unique (merchant_id, game_code)
);

-- The secret h_N and the checkpoints (every 1,000th hash) stay here; only terminal_hash (h_0) and salt are public.
-- Issue i of the chain draws at starts_at + (i − 1) × interval (i = 1 … length).
create table lottery_chains (
  id bigint generated always as identity primary key,
  game_id bigint not null references lottery_games (id),
  terminal_hash text not null,
  salt text not null,
  length integer not null check (length > 0),
  checkpoint_every integer not null check (checkpoint_every > 0),
  checkpoints jsonb not null,
  first_draw_at timestamptz not null,
  created_at timestamptz not null default now()
);
create unique index lottery_chains_one_per_game on lottery_chains (game_id);

create table lottery_issues (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  game_id bigint not null references lottery_games (id),
  chain_id bigint not null references lottery_chains (id),
  chain_index integer not null check (chain_index > 0),
  issue_id text not null,
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  draws_at timestamptz not null,
  status text not null default 'open'
    check (status in ('open', 'closed', 'drawn', 'settled', 'cancelled', 'refunded')),
  hash text,
  result jsonb,
  drawn_at timestamptz,
  settled_at timestamptz,
  bets integer not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  winners integer not null default 0,
  unique (game_id, issue_id),
  unique (chain_id, chain_index),
  check ((status in ('drawn', 'settled')) = (result is not null))
);
create index lottery_issues_due on lottery_issues (status, draws_at) where status not in ('settled', 'refunded');
create index lottery_issues_by_game on lottery_issues (game_id, draws_at desc);

create table lottery_orders (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  reference text not null unique,
  request_id text not null,
  game_id bigint not null references lottery_games (id),
  -- the chase plan: this order covers `issues` consecutive issues from the first; stop_on_win refunds the rest
  issues integer not null default 1 check (issues between 1 and 10),
  stop_on_win boolean not null default false,
  charge bigint not null check (charge > 0),
  journal_id bigint not null,
  created_at timestamptz not null default now(),
  unique (merchant_id, member_id, request_id)
);

create table lottery_bets (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  order_id bigint not null references lottery_orders (id),
  issue_pk bigint not null references lottery_issues (id),
  reference text not null unique,
  code text not null,
  selection jsonb not null,
  describe text not null,
  units integer not null check (units > 0),
  unit_stake bigint not null check (unit_stake > 0),
  charge bigint not null check (charge > 0),
  status text not null default 'placed' check (status in ('placed', 'won', 'lost', 'refunded')),
  payout bigint not null default 0 check (payout >= 0),
  lines jsonb not null default '[]',
  -- winners: set once the win is in the ledger (journal lottery:pay:<issue>:<member>)
  paid boolean not null default false,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index lottery_bets_by_issue on lottery_bets (issue_pk, status, id);
create index lottery_bets_by_member on lottery_bets (merchant_id, member_id, created_at desc, id desc);
create index lottery_bets_by_order on lottery_bets (order_id);

create table lottery_exposure (
  issue_pk bigint not null references lottery_issues (id),
  code text not null,
  staked bigint not null check (staked >= 0),
  primary key (issue_pk, code)
);
