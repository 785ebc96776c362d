-- Image captchas: single use (consumed on the first check, right or wrong), short-lived.
create table captchas (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  merchant_id bigint not null references merchants (id),
  answer_hash text not null,
  ip text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index captchas_expires_idx on captchas (expires_at);

-- One-time codes sent by SMS (login, registration, password reset). Only a hash of the code is kept.
create table verification_codes (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  purpose text not null check (purpose in ('login', 'register', 'reset')),
  country_dialing_code text not null check (country_dialing_code ~ '^\d{1,4}$'),
  mobile text not null check (mobile ~ '^\d{4,15}$'),
  code_hash text not null,
  ip text not null default '',
  attempts smallint not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index verification_codes_number_idx on verification_codes (merchant_id, country_dialing_code, mobile, created_at desc);
create index verification_codes_ip_idx on verification_codes (ip, created_at desc);

-- Messages the dev outbox provider "sends" (SMS and e-mail), readable on /dev/outbox outside production.
create table dev_outbox (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  body text not null,
  created_at timestamptz not null default now()
);
