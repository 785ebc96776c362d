-- Member referral (issue 23, the referral part; spec §2 member-centre page `referral`, flag REFERRALPROMO3): the
-- referral module's tables. Each member has one stable code; a registration with it records the referrer; the
-- referee's first deposit and valid bets (play events) qualify the referral; a qualified, unflagged referral grants
-- the referrer a reward in the reward centre (the rewards module's face). Distinct from the agents' affiliate links.

-- The merchant's programme (the on/off switch is the REFERRALPROMO3 flag).
create table referral_settings (
  merchant_id bigint primary key references merchants (id),
  min_first_deposit bigint not null check (min_first_deposit >= 0),
  turnover bigint not null check (turnover >= 0),
  within_days integer not null check (within_days between 1 and 365),
  referrer_reward bigint not null check (referrer_reward > 0),
  referee_reward bigint not null default 0 check (referee_reward >= 0),
  monthly_cap integer not null check (monthly_cap between 1 and 1000),
  updated_at timestamptz not null default now()
);

-- A member's own code (made the first time it is asked for; never changes).
create table referral_codes (
  member_id bigint primary key references members (id),
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^[A-Z0-9]{6,20}$'),
  created_at timestamptz not null default now(),
  unique (merchant_id, code)
);

-- One row per referred member. flags: why it is held for staff (same_member, same_device, same_ip,
-- same_bank_account); a flagged referral is never paid unless staff approve it.
create table referrals (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  referrer_id bigint not null references members (id),
  referee_id bigint not null references members (id) unique,
  code text not null,
  status text not null default 'registered'
    check (status in ('registered', 'qualified', 'rewarded', 'flagged', 'rejected')),
  flags jsonb not null default '[]'::jsonb,
  registered_ip text not null default '',
  registered_device_id text,
  first_deposit bigint not null default 0 check (first_deposit >= 0),
  turnover bigint not null default 0 check (turnover >= 0),
  qualified_at timestamptz,
  rewarded_at timestamptz,
  -- The merchant-local month (YYYY-MM) the referrer's reward counts against the monthly cap.
  reward_month text,
  reviewed_by text,
  reviewed_at timestamptz,
  review_reason text,
  created_at timestamptz not null default now()
);
create index referrals_referrer_idx on referrals (referrer_id, created_at desc);
create index referrals_referrer_month_idx on referrals (referrer_id, reward_month) where status = 'rewarded';
create index referrals_flagged_idx on referrals (merchant_id, created_at) where status = 'flagged';

-- Play events the referral consumer has applied (written in the same transaction as their effect).
create table referral_applied_events (
  event_id text primary key,
  applied_at timestamptz not null default now()
);
