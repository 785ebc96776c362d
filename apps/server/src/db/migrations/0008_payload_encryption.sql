-- Payload encryption for the calls the spec marks encrypted (login, registration, passwords). One RSA key pair
-- shared by every server process; TLS remains the real protection.
create table server_keys (
  id text primary key,
  purpose text not null check (purpose in ('payload')),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);
alter table merchants add column require_encryption boolean not null default false;
