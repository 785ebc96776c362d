-- Merchants (white-label operators). Every business row carries merchant_id.
create table merchants (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z0-9][a-z0-9_-]{0,31}$'),
  name text not null check (length(name) between 1 and 100),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  currency_exponent smallint not null check (currency_exponent between 0 and 4),
  default_language text not null default 'en',
  languages text[] not null default '{en}',
  timezone text not null default 'UTC',
  status text not null default 'active' check (status in ('active', 'disabled')),
  maintenance boolean not null default false,
  maintenance_message text,
  maintenance_ends_at timestamptz,
  region_mode text not null default 'off' check (region_mode in ('off', 'block', 'allow')),
  region_countries text[] not null default '{}',
  customer_service_url text,
  payment_methods text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (default_language = any (languages))
);

-- Host → merchant routing (the Merchant header wins; then the host; then the configured default).
create table merchant_domains (
  domain text primary key check (domain = lower(domain) and length(domain) between 1 and 253),
  merchant_id bigint not null references merchants (id),
  kind text not null default 'web' check (kind in ('web', 'mobile', 'agent', 'api')),
  is_primary boolean not null default false
);
create index merchant_domains_merchant_idx on merchant_domains (merchant_id);

-- White-label feature flags; a flag with no row takes the default from packages/contracts.
create table merchant_flags (
  merchant_id bigint not null references merchants (id),
  flag text not null check (flag ~ '^[A-Z0-9_]{2,40}$'),
  enabled boolean not null,
  primary key (merchant_id, flag)
);

create table help_articles (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  category text not null,
  category_title text not null,
  tag text not null check (tag ~ '^[a-zA-Z0-9_-]{1,64}$'),
  language text not null,
  device text not null default 'ALL' check (device in ('ALL', 'WEB', 'MOBILE')),
  title text not null,
  content text not null,
  sort integer not null default 0,
  unique (merchant_id, language, tag)
);

-- Links shown in the header, footer and right bar (social, download, customer service).
create table site_resources (
  merchant_id bigint not null references merchants (id),
  key text not null check (key ~ '^[A-Z_]{2,32}$'),
  url text not null,
  label text not null,
  sort integer not null default 0,
  primary key (merchant_id, key)
);
