-- New-device / new-IP login checks (issue 25; spec §4 login): the merchant's choice (merchants module), the
-- member's remembered devices and the pending checks of logins from somewhere new (auth module).

-- off: no check; otherwise the check asked first (another one when the member cannot do it).
alter table merchants
  add column login_check text not null default 'off' check (login_check in ('off', 'sms', 'email', 'bank_name'));

-- A device (the web app's random device id) or, for a client without one, an IP the member logged in from.
-- Removing one keeps the row (removed_at): a removed device id is asked again even from a known IP.
create table member_devices (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  device_id text check (device_id is null or device_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  ip text not null check (length(ip) <= 64),
  user_agent text not null default '' check (length(user_agent) <= 300),
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  removed_at timestamptz
);
create unique index member_devices_live_device_idx on member_devices (member_id, device_id)
  where removed_at is null and device_id is not null;
create unique index member_devices_live_ip_idx on member_devices (member_id, ip)
  where removed_at is null and device_id is null;
create index member_devices_live_by_ip_idx on member_devices (member_id, ip) where removed_at is null;
create index member_devices_removed_idx on member_devices (member_id, device_id)
  where removed_at is not null and device_id is not null;

-- The session's device, so that removing a device ends its sessions.
alter table sessions add column device_id text;

-- A login waiting for its check: only the hash of the opaque id the client holds; a code's hash (SMS / e-mail).
create table login_challenges (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  token_hash text not null unique,
  area text not null check (area in ('member', 'agent')),
  login_method text not null check (login_method in ('password', 'sms')),
  method text not null check (method in ('sms', 'email', 'bank_name')),
  code_hash text,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null check (max_attempts > 0),
  sends integer not null default 0 check (sends >= 0),
  last_sent_at timestamptz,
  device_id text,
  ip text not null,
  user_agent text not null default '' check (length(user_agent) <= 300),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  passed_at timestamptz
);
create index login_challenges_member_idx on login_challenges (member_id, created_at desc);

-- The places members logged in from so far are known: one row per (member, IP) of their successful logins.
insert into member_devices (merchant_id, member_id, device_id, ip, user_agent, first_seen_at, last_seen_at)
  select merchant_id, member_id, null, left(ip, 64), left((array_agg(user_agent order by at desc))[1], 300), min(at), max(at)
  from member_logins
  where result = 'ok'
  group by merchant_id, member_id, left(ip, 64);
