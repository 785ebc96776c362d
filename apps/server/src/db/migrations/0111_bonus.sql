-- Bonus money (modules/bonus): a member's bonus account beside main in the ledger, the bonus terms of a
-- promotion (its "claim" settings) and the members' bonus claims.

-- member:<id>:bonus — stakes spend it after main; converted to main once wagered; never withdrawn.
alter table ledger_accounts drop constraint ledger_accounts_code_check;
alter table ledger_accounts add constraint ledger_accounts_code_check
  check (code ~ '^(member:\d+:(main|bonus|vendor:[A-Za-z0-9_]+)|sys:[a-z_]+(:[A-Za-z0-9_]+)*)$');

-- The bonus a promotion pays when joined: one row per claimable promotion (the promotion keeps its content).
create table bonus_offers (
  promotion_id bigint primary key references promotions (id),
  merchant_id bigint not null references merchants (id),
  -- first_deposit: on the member's first credited deposit; reload: on any credited deposit after joining;
  -- signup: at once when joined.
  kind text not null check (kind in ('first_deposit', 'reload', 'signup')),
  enabled boolean not null default true,
  -- Deposit bonuses: percent of the deposit in basis points (10000 = 100 %), capped; signup: the fixed amount.
  percent_bp integer not null default 0 check (percent_bp between 0 and 100000),
  fixed_amount bigint not null default 0 check (fixed_amount >= 0),
  max_bonus bigint check (max_bonus > 0),
  min_deposit bigint not null default 0 check (min_deposit >= 0),
  -- Wagering requirement = multiplier × (bonus, or bonus + deposit).
  multiplier integer not null default 1 check (multiplier between 0 and 200),
  wager_base text not null default 'bonus' check (wager_base in ('bonus', 'bonus_deposit')),
  max_conversion bigint check (max_conversion >= 0),
  max_stake bigint check (max_stake > 0),
  expiry_days integer not null default 30 check (expiry_days between 1 and 365),
  new_members_only boolean not null default false,
  -- Contribution of a settled valid bet to wagering, percent by game code or category ({"RNG": 100, "LIVE": 10}).
  contributions jsonb not null default '{}',
  updated_by bigint,
  updated_at timestamptz not null default now()
);
create index bonus_offers_merchant_idx on bonus_offers (merchant_id);

-- A member's claim of an offer, from joining to its end. Money moves only in ledger journals keyed by the claim id
-- (bonus:grant:<id>, bonus:convert:<id>, bonus:forfeit:<id>, bonus:expire:<id>).
create table bonus_claims (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  promotion_id bigint not null references bonus_offers (promotion_id),
  kind text not null,
  -- joined: waiting for the qualifying deposit; flagged: a suspected duplicate, waiting for staff; queued: paid
  -- when the active one ends; active: in the bonus account, being wagered; then converted / expired / forfeited /
  -- rejected (staff) / lapsed (the promotion ended before a qualifying deposit).
  status text not null check (status in ('joined', 'flagged', 'queued', 'active', 'converted', 'expired', 'forfeited', 'rejected', 'lapsed')),
  deposit_ref text,
  deposit_amount bigint not null default 0,
  amount bigint not null default 0 check (amount >= 0),
  requirement bigint not null default 0,
  wagered bigint not null default 0,
  max_conversion bigint,
  max_stake bigint,
  expiry_days integer not null,
  contributions jsonb not null default '{}',
  ip text not null default '',
  device text not null default '',
  flag_reason text,
  reviewed_by bigint,
  converted bigint not null default 0,
  forfeited bigint not null default 0,
  joined_at timestamptz not null,
  qualified_at timestamptz,
  activated_at timestamptz,
  expires_at timestamptz,
  ended_at timestamptz,
  -- Once per member and promotion.
  unique (promotion_id, member_id)
);
-- One active bonus per member at a time (the others queue).
create unique index bonus_claims_one_active on bonus_claims (member_id) where status = 'active';
create index bonus_claims_member_idx on bonus_claims (member_id, id desc);
create index bonus_claims_open_idx on bonus_claims (status, expires_at) where status in ('active', 'queued', 'joined', 'flagged');
create index bonus_claims_ip_idx on bonus_claims (promotion_id, ip);
create index bonus_claims_device_idx on bonus_claims (promotion_id, device) where device <> '';
