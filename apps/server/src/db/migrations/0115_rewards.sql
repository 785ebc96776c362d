-- Rewards (issue 23 part 2; spec §2 rewardCenter, missionLeaderboard, /pointMall; domain-rules.md §9): the rewards
-- module's tables. Missions (staff-defined) gain progress per window from check-ins and play events; a completed
-- mission, a leaderboard prize (later VIP level-ups and referrals) becomes a reward waiting in the reward centre,
-- claimed once (cash to main through the ledger). Reward points are earned per valid bet × contribution with a
-- daily cap and spent in the points mall (stock, per-member limits) or converted to cash at the merchant's rate.

-- Staff-defined missions. window: once (one-off), daily or weekly (the merchant's local day / ISO week, Monday).
create table reward_missions (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  kind text not null check (kind in ('check_in', 'bet_amount', 'rounds', 'first_deposit')),
  period text not null check (period in ('once', 'daily', 'weekly')),
  -- bet_amount / rounds: only bets of this game category count (null: every category).
  category text check (category is null or length(category) between 1 and 32),
  -- check_in: 1; bet_amount: valid bet in minor units; rounds: settled bets; first_deposit: 1.
  target bigint not null check (target > 0),
  reward bigint not null check (reward > 0),
  -- check_in: added per consecutive day before today (streak), at most 6 times.
  streak_bonus bigint not null default 0 check (streak_bonus >= 0),
  title text not null check (length(title) between 1 and 80),
  starts_at timestamptz,
  ends_at timestamptz,
  sort_order integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  check (ends_at is null or starts_at is null or ends_at > starts_at),
  check (kind not in ('check_in', 'first_deposit') or target = 1),
  check (kind <> 'check_in' or period = 'daily'),
  check (kind <> 'first_deposit' or period = 'once')
);
create index reward_missions_merchant_idx on reward_missions (merchant_id, active, sort_order, id);

-- A member's progress in one window of a mission (window_key: 'once', a local date, or the week's Monday).
create table reward_mission_progress (
  mission_id bigint not null references reward_missions (id),
  member_id bigint not null references members (id),
  window_key text not null,
  progress bigint not null default 0 check (progress >= 0),
  completed_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (mission_id, member_id, window_key)
);
create index reward_mission_progress_member_idx on reward_mission_progress (member_id, window_key);

-- Rewards waiting to be claimed, and their history. source_key is unique per member and source: one reward per
-- mission window, per leaderboard window, per level-up.
create table member_rewards (
  id bigint generated always as identity primary key,
  reference text not null,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  source text not null check (source in ('mission', 'leaderboard', 'vip', 'referral')),
  source_key text not null,
  -- cash: to the main wallet; bonus: the bonus module's account (when it exists).
  kind text not null default 'cash' check (kind in ('cash', 'bonus')),
  amount bigint not null check (amount > 0),
  title text not null,
  status text not null default 'claimable' check (status in ('claimable', 'claimed', 'expired')),
  expires_at timestamptz not null,
  claimed_at timestamptz,
  journal_id bigint,
  created_at timestamptz not null default now(),
  constraint member_rewards_reference_key unique (reference),
  constraint member_rewards_source_key unique (member_id, source, source_key),
  check ((status = 'claimed') = (claimed_at is not null))
);
create index member_rewards_member_idx on member_rewards (member_id, status, created_at desc, id desc);

-- Play events applied by a consumer (each counted once by its id; written in the effect's transaction).
create table reward_applied_events (
  consumer text not null,
  event_id text not null,
  applied_at timestamptz not null default now(),
  primary key (consumer, event_id)
);

-- The merchant's points rules: 1 point per `threshold` minor units of weighted valid bet; at most daily_cap points a
-- local day; a point is worth cash_per_point minor units; contributions: category → basis points (default_bps else).
create table reward_points_rules (
  merchant_id bigint primary key references merchants (id),
  threshold bigint not null check (threshold > 0),
  daily_cap bigint not null check (daily_cap >= 0),
  cash_per_point bigint not null check (cash_per_point >= 0),
  default_bps integer not null check (default_bps between 0 and 10000),
  contributions jsonb not null default '{}',
  updated_at timestamptz not null default now()
);

create table reward_points_accounts (
  member_id bigint primary key references members (id),
  merchant_id bigint not null references merchants (id),
  balance bigint not null default 0 check (balance >= 0),
  earned_total bigint not null default 0 check (earned_total >= 0)
);

-- Weighted valid bet and points earned per member and local day (the daily cap; exact, no lost fractions).
create table reward_points_daily (
  member_id bigint not null references members (id),
  day text not null,
  weighted bigint not null default 0,
  points bigint not null default 0,
  primary key (member_id, day)
);

-- Points details: every change of a member's points balance.
create table reward_points_entries (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  kind text not null check (kind in ('earn', 'redeem', 'convert')),
  delta bigint not null check (delta <> 0),
  balance_after bigint not null check (balance_after >= 0),
  remark text not null,
  created_at timestamptz not null default now()
);
create index reward_points_entries_member_idx on reward_points_entries (member_id, created_at desc, id desc);

-- The points mall's items: cash (to main) or physical (a delivery address; staff mark shipped).
create table reward_mall_items (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  kind text not null check (kind in ('cash', 'physical')),
  name text not null check (length(name) between 1 and 80),
  description text not null default '',
  points bigint not null check (points > 0),
  cash_amount bigint not null default 0 check (cash_amount >= 0),
  stock integer not null check (stock >= 0),
  per_member_limit integer not null check (per_member_limit > 0),
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  check (kind <> 'cash' or cash_amount > 0)
);
create index reward_mall_items_merchant_idx on reward_mall_items (merchant_id, active, sort_order, id);

create table reward_mall_orders (
  id bigint generated always as identity primary key,
  reference text not null,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  item_id bigint not null references reward_mall_items (id),
  item_name text not null,
  kind text not null check (kind in ('cash', 'physical')),
  points bigint not null check (points > 0),
  cash_amount bigint not null default 0,
  address text,
  status text not null check (status in ('paid', 'pending', 'shipped')),
  journal_id bigint,
  shipped_at timestamptz,
  created_at timestamptz not null default now(),
  constraint reward_mall_orders_reference_key unique (reference),
  check (kind <> 'physical' or address is not null)
);
create index reward_mall_orders_member_idx on reward_mall_orders (member_id, created_at desc, id desc);
create index reward_mall_orders_item_member_idx on reward_mall_orders (item_id, member_id);
create index reward_mall_orders_merchant_idx on reward_mall_orders (merchant_id, status, created_at desc, id desc);

-- Leaderboard scores per window: valid_bet (sum, minor units) or multiplier (best payout / stake × 10 000);
-- achieved_at is when the score was reached (ties go to the earliest).
create table reward_leaderboard_scores (
  merchant_id bigint not null references merchants (id),
  period text not null check (period in ('daily', 'weekly')),
  metric text not null check (metric in ('valid_bet', 'multiplier')),
  window_key text not null,
  member_id bigint not null references members (id),
  score bigint not null check (score >= 0),
  achieved_at timestamptz not null,
  primary key (merchant_id, period, metric, window_key, member_id)
);
create index reward_leaderboard_rank_idx
  on reward_leaderboard_scores (merchant_id, period, metric, window_key, score desc, achieved_at, member_id);

-- The prize table per board: rank → cash amount.
create table reward_leaderboard_prizes (
  merchant_id bigint not null references merchants (id),
  period text not null check (period in ('daily', 'weekly')),
  metric text not null check (metric in ('valid_bet', 'multiplier')),
  rank integer not null check (rank between 1 and 100),
  amount bigint not null check (amount > 0),
  primary key (merchant_id, period, metric, rank)
);

-- Windows whose prizes were handed out (the next-day job; each window once).
create table reward_leaderboard_payouts (
  merchant_id bigint not null references merchants (id),
  period text not null,
  metric text not null,
  window_key text not null,
  winners integer not null,
  paid_at timestamptz not null default now(),
  primary key (merchant_id, period, metric, window_key)
);
