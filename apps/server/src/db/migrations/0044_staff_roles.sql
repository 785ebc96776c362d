-- Back-office staff: roles (built-in codes live in the code; custom roles per merchant here), display names,
-- two-factor sign-in (TOTP, RFC 6238) with one-time recovery codes, and the merchant's back-office settings.

create table admin_roles (
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^[a-z][a-z0-9_-]{1,31}$'),
  name text not null check (length(name) between 1 and 60),
  permissions text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, code)
);

-- Every admin that exists before roles keeps full powers: it becomes an owner.
alter table admins
  add column display_name text not null default '',
  add column role_code text not null default 'owner' check (role_code ~ '^[a-z][a-z0-9_-]{1,31}$'),
  -- Base32 TOTP secret: pending until confirmed with a code (totp_enabled_at set).
  add column totp_secret text,
  add column totp_enabled_at timestamptz,
  -- The last accepted time step: a code is accepted once (replay refused).
  add column totp_last_step bigint not null default 0;

update admins set display_name = username where display_name = '';

create index admins_merchant_role_idx on admins (merchant_id, role_code);

-- SHA-256 of each recovery code (high-entropy random codes); used_at once spent.
create table admin_recovery_codes (
  admin_id bigint not null references admins (id),
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (admin_id, code_hash)
);

create table admin_settings (
  merchant_id bigint primary key references merchants (id),
  ip_allow_list text[] not null default '{}',
  withdrawal_second_approval_above bigint check (withdrawal_second_approval_above >= 0),
  updated_at timestamptz not null default now()
);
