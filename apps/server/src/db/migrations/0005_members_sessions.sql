-- Members (players and agents) and their sessions. Agent and trial types are merchant configuration.
alter table merchants add column agent_types smallint[] not null default '{1,2,41,42}';
alter table merchants add column trial_types smallint[] not null default '{4}';

create table members (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  account text not null check (account = lower(account) and length(account) between 2 and 64),
  country_dialing_code text check (country_dialing_code ~ '^\d{1,4}$'),
  mobile text check (mobile ~ '^\d{4,15}$'),
  type smallint not null default 0,
  status text not null default 'active' check (status in ('active', 'disabled')),
  password_hash text not null,
  payment_password_hash text,
  nickname text,
  real_name text,
  email text,
  language text not null default 'en',
  upline_id bigint references members (id),
  affiliate_code text,
  referral_code text,
  must_change_password boolean not null default false,
  password_changed_at timestamptz not null default now(),
  failed_login_count integer not null default 0 check (failed_login_count >= 0),
  lock_level integer not null default 0 check (lock_level >= 0),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  created_ip text not null default '',
  last_login_at timestamptz,
  last_login_ip text,
  previous_login_at timestamptz,
  unique (merchant_id, account),
  unique (merchant_id, affiliate_code),
  check ((mobile is null) = (country_dialing_code is null))
);
create unique index members_mobile_uq on members (merchant_id, country_dialing_code, mobile) where mobile is not null;
create index members_upline_idx on members (upline_id);

-- Opaque session tokens: only the SHA-256 of the token is stored.
create table sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  member_id bigint not null references members (id),
  merchant_id bigint not null references merchants (id),
  area text not null default 'member' check (area in ('member', 'agent')),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text not null default '',
  user_agent text not null default ''
);
create index sessions_member_idx on sessions (member_id) where revoked_at is null;
