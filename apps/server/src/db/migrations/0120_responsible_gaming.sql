-- Responsible gaming (issue 25; security-reliability "Responsible gambling", §1.4): the responsible-gaming module's
-- tables. One row per member who ever used a tool (or logged in since: the session start the reality check and the
-- session limit count from), its limits with their pending (cooling-off) changes, and the log of every change.
create table rg_members (
  member_id bigint primary key references members (id),
  merchant_id bigint not null references merchants (id),
  -- A time-out or a self-exclusion under way (null: none); it ends at blocked_until and cannot be shortened.
  block_kind text check (block_kind in ('time_out', 'self_exclusion')),
  blocked_until timestamptz,
  reality_check_minutes smallint not null default 60 check (reality_check_minutes in (15, 30, 60)),
  session_started_at timestamptz,
  updated_at timestamptz not null default now(),
  check ((block_kind is null) = (blocked_until is null))
);
-- Marketing and bonuses skip members blocked now (messages segments, promotions).
create index rg_members_blocked_idx on rg_members (merchant_id, blocked_until) where blocked_until is not null;

-- A limit per (member, kind, period): amount in minor units (minutes for the session limit; null: none). A raise or
-- a removal waits 24 hours in pending_* (pending_amount null with pending_at set: the removal).
create table rg_limits (
  member_id bigint not null references members (id),
  merchant_id bigint not null references merchants (id),
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
  period text not null check (period in ('day', 'week', 'month', 'session')),
  amount bigint check (amount is null or amount > 0),
  pending_amount bigint check (pending_amount is null or pending_amount > 0),
  pending_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (member_id, kind, period),
  check ((kind = 'session') = (period = 'session')),
  check (pending_amount is null or pending_at is not null)
);

-- Every change, by the member or by staff (admin_id), oldest first per member.
create table rg_events (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  actor text not null check (actor in ('member', 'staff')),
  admin_id bigint references admins (id),
  action text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index rg_events_member_idx on rg_events (member_id, created_at desc, id desc);
