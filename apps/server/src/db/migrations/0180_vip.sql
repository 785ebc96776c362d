-- VIP programme (issue 23, the VIP part; domain-rules.md §9): the vip module's tables. A merchant's levels (0 is
-- the entry level every member starts at) are reached by tier points (valid bet × the category's contribution, one
-- point per whole currency unit) or by deposits, counted over a qualifying period (a local month or quarter). A
-- member moves up as soon as the period's total reaches a level's threshold (a level-up reward waits in the reward
-- centre, once per level); down one level at a period's end when the ended period stayed below the level's keep
-- requirement; never below 0. Weekly and monthly bonuses per level go to the reward centre (once per member and
-- period); a level's rebate bonus adds basis points to the member's category rebate rate.

create table vip_settings (
  merchant_id bigint primary key references merchants (id),
  basis text not null default 'tier_points' check (basis in ('tier_points', 'deposit')),
  period text not null default 'month' check (period in ('month', 'quarter')),
  updated_at timestamptz not null default now()
);

create table vip_levels (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  -- The level's place: 0, 1, 2… without gaps (reordering renumbers them in one transaction).
  level integer not null check (level between 0 and 50),
  name text not null check (length(name) between 1 and 40),
  -- Tier points (basis tier_points) or deposited minor units (basis deposit) within the period to reach the level.
  threshold bigint not null check (threshold >= 0),
  -- What a period must reach to keep the level at its end (else one level down).
  keep_threshold bigint not null check (keep_threshold >= 0),
  level_up_reward bigint not null default 0 check (level_up_reward >= 0),
  weekly_bonus bigint not null default 0 check (weekly_bonus >= 0),
  monthly_bonus bigint not null default 0 check (monthly_bonus >= 0),
  -- Added to every category's rebate rate (basis points; 25 = +0.25 %).
  rebate_bonus_bp integer not null default 0 check (rebate_bonus_bp between 0 and 1000),
  updated_at timestamptz not null default now(),
  constraint vip_levels_level_key unique (merchant_id, level) deferrable initially deferred,
  check (level > 0 or threshold = 0),
  check (keep_threshold <= threshold or level = 0)
);

-- A member's level and the period it was last judged for (the downgrade job runs once per member and period).
create table vip_members (
  member_id bigint primary key references members (id),
  merchant_id bigint not null references merchants (id),
  level integer not null default 0 check (level >= 0),
  -- The period whose end was judged last (null: none yet); the key of a period is its first local day.
  judged_period text,
  updated_at timestamptz not null default now()
);
create index vip_members_merchant_idx on vip_members (merchant_id, level);

-- Qualifying totals per member and period: weighted valid bet (exact, no lost fractions) and deposits.
create table vip_period_totals (
  member_id bigint not null references members (id),
  period_key text not null,
  weighted bigint not null default 0 check (weighted >= 0),
  deposits bigint not null default 0 check (deposits >= 0),
  primary key (member_id, period_key)
);

create table vip_level_changes (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  from_level integer not null,
  to_level integer not null,
  reason text not null check (reason in ('up', 'down')),
  period_key text not null,
  qualifying bigint not null,
  created_at timestamptz not null default now()
);
create index vip_level_changes_member_idx on vip_level_changes (member_id, created_at desc, id desc);

-- Play events applied by the vip consumer (each counted once by its id, written in the effect's transaction).
create table vip_applied_events (
  event_id text primary key,
  applied_at timestamptz not null default now()
);
