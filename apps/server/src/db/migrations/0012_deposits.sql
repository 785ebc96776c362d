-- Deposits: payment methods per merchant, deposit orders (payment gateway or manual bank transfer), transfer
-- receipts, and the signing secrets of built-in gateways. Money itself moves only through the ledger.
create table deposit_methods (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^[A-Z0-9_]{1,32}$'),
  name text not null check (length(name) between 1 and 100),
  kind text not null check (kind in ('gateway', 'bank_transfer')),
  -- The adapter that serves a 'gateway' method ('sandbox' is built in).
  gateway text check (gateway ~ '^[a-z0-9_]{1,32}$'),
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  bank_name text,
  account_number text,
  account_name text,
  sort integer not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  check (max_amount >= min_amount),
  check (kind <> 'gateway' or gateway is not null),
  check (kind <> 'bank_transfer' or (bank_name is not null and account_number is not null and account_name is not null))
);

create table deposits (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  method_id bigint not null references deposit_methods (id),
  kind text not null check (kind in ('gateway', 'bank_transfer')),
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null default 'pending' check (status in ('pending', 'success', 'failed', 'rejected')),
  -- The member's idempotency key for the request that created this deposit.
  request_id text not null,
  -- Unguessable public reference sent to the gateway (order id on its side, pay page URL).
  order_ref text not null unique,
  gateway text,
  gateway_ref text,
  reason text,
  journal_id bigint,
  reviewed_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (member_id, request_id),
  check ((status = 'success') = (journal_id is not null)),
  check ((status = 'pending') = (completed_at is null))
);
create index deposits_member_idx on deposits (member_id, id desc);
create index deposits_review_idx on deposits (merchant_id, status, id desc);

-- The member's transfer slip, kept as uploaded (PNG or JPEG, checked by magic bytes) as evidence for the operator.
create table deposit_receipts (
  deposit_id bigint primary key references deposits (id),
  merchant_id bigint not null references merchants (id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  content bytea not null check (octet_length(content) between 1 and 5242880),
  created_at timestamptz not null default now()
);

-- HMAC secrets of built-in gateways, generated once per installation (an environment variable overrides).
create table deposit_gateway_secrets (
  gateway text primary key,
  secret text not null check (length(secret) >= 32),
  created_at timestamptz not null default now()
);
