-- Agent contracts (modules/contracts): offered by an upline (or the house, upline_id null, for top-level agents)
-- to a direct downline; their tiers; one settlement record per (contract, period); category rebates per
-- (member, day, category) and the merchant's rebate rates.
--
-- status: pending → active | rejected | withdrawn (the offerer took it back); active → terminated (by a party,
-- or replaced by a newer contract of the same type) | invalid (its upline's contract no longer covers it).
create table contracts (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  type text not null check (type in ('dividend', 'daily_wage', 'hourly_salary', 'realtime_salary')),
  upline_id bigint,
  agent_id bigint not null,
  period text not null check (period in ('realtime', 'hourly', 'daily', 'weekly', 'semimonthly', 'monthly')),
  cumulative boolean not null default false,
  min_single_bet bigint not null default 0 check (min_single_bet >= 0),
  status text not null default 'pending'
    check (status in ('pending', 'active', 'rejected', 'withdrawn', 'terminated', 'invalid')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  accepted_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  check (upline_id is null or upline_id <> agent_id),
  check (status <> 'active' or (accepted_at is not null and ended_at is null))
);
create unique index contracts_one_active on contracts (merchant_id, agent_id, type) where status = 'active';
create unique index contracts_one_pending on contracts (merchant_id, agent_id, type) where status = 'pending';
create index contracts_by_upline on contracts (merchant_id, upline_id, type, status);
create index contracts_settling on contracts (type, status) where accepted_at is not null;

create table contract_tiers (
  contract_id bigint not null references contracts (id),
  level integer not null check (level between 1 and 6),
  min_valid_bet bigint not null check (min_valid_bet >= 0),
  min_active integer not null check (min_active >= 0),
  min_profit bigint not null default 0 check (min_profit >= 0),
  rate_bp integer not null check (rate_bp between 1 and 10000),
  loss_rate_bp integer check (loss_rate_bp between 1 and 10000),
  primary key (contract_id, level)
);

-- One row per (contract, period), written in the same transaction as its ledger posting (key
-- contract:<id>:<period start>): a re-run finds it and pays nothing twice. payer_id null: the house.
create table contract_settlements (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  contract_id bigint not null references contracts (id),
  type text not null,
  agent_id bigint not null,
  payer_id bigint,
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  valid_bet bigint not null default 0,
  profit bigint not null default 0,
  active_members integer not null default 0,
  carry_out bigint not null default 0 check (carry_out <= 0),
  tier integer,
  rate_bp integer not null default 0,
  amount bigint not null default 0 check (amount >= 0),
  status text not null check (status in ('paid', 'not_reached', 'insufficient_funds')),
  journal_id bigint,
  created_at timestamptz not null default now(),
  unique (contract_id, period_start)
);
create index contract_settlements_by_agent on contract_settlements (merchant_id, agent_id, period_start desc);

create table contract_rebate_rates (
  merchant_id bigint not null,
  category text not null,
  rate_bp integer not null check (rate_bp between 0 and 10000),
  primary key (merchant_id, category)
);

create table contract_rebates (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  day text not null check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  category text not null,
  valid_bet bigint not null check (valid_bet >= 0),
  rate_bp integer not null,
  amount bigint not null check (amount > 0),
  journal_id bigint not null,
  created_at timestamptz not null default now(),
  unique (merchant_id, member_id, day, category)
);
