-- E-mailed password-reset links: single use, 30 minutes, only the SHA-256 of the token is kept.
create table password_reset_tokens (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_member_idx on password_reset_tokens (member_id);
create index members_email_idx on members (merchant_id, lower(email)) where email is not null;
