-- Back-office (admin API) accounts, their sessions, the append-only audit log, and manual balance adjustments
-- under four-eyes approval. Admins are separate from members: another table, another token space.

create table admins (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  username text not null check (username = lower(username) and username ~ '^[a-z0-9][a-z0-9_.-]{1,63}$'),
  -- argon2id (lib/password.ts)
  password_hash text not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  must_change_password boolean not null default false,
  password_changed_at timestamptz not null default now(),
  failed_login_count integer not null default 0 check (failed_login_count >= 0),
  lock_level integer not null default 0 check (lock_level >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  unique (merchant_id, username)
);

-- Opaque bearer tokens: only the SHA-256 of the token is stored.
create table admin_sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  admin_id bigint not null references admins (id),
  merchant_id bigint not null references merchants (id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text not null default ''
);
create index admin_sessions_admin_idx on admin_sessions (admin_id) where revoked_at is null;

-- Every admin action, written in the same transaction as the action. Never updated, never deleted.
create table admin_audit_log (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  admin_id bigint references admins (id),
  action text not null check (length(action) between 1 and 64),
  target_type text,
  target_id text,
  detail jsonb not null default '{}',
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index admin_audit_log_merchant_idx on admin_audit_log (merchant_id, id desc);

create function admin_audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'admin_audit_log is append-only (% refused)', tg_op using errcode = 'check_violation';
end
$$;
create trigger admin_audit_log_no_update_delete before update or delete on admin_audit_log
  for each row execute function admin_audit_log_append_only();
create trigger admin_audit_log_no_truncate before truncate on admin_audit_log
  for each statement execute function admin_audit_log_append_only();

-- Manual credit/debit of a member's main wallet: requested by one admin, posted to the ledger only when a
-- different admin approves (four eyes). request_id is the requesting client's idempotency key.
create table admin_adjustments (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  direction text not null check (direction in ('credit', 'debit')),
  amount bigint not null check (amount > 0),
  currency text not null,
  reason text not null check (length(reason) between 1 and 500),
  request_id text not null check (length(request_id) between 1 and 100),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  requested_by bigint not null references admins (id),
  decided_by bigint references admins (id),
  decided_at timestamptz,
  journal_id bigint references ledger_journals (id),
  created_at timestamptz not null default now(),
  unique (merchant_id, request_id),
  check ((status = 'pending') = (decided_by is null)),
  -- four eyes: the requester may withdraw (reject) its own request, never approve it
  check (status <> 'approved' or decided_by <> requested_by),
  check ((status = 'approved') = (journal_id is not null))
);
create index admin_adjustments_status_idx on admin_adjustments (merchant_id, status, id desc);
