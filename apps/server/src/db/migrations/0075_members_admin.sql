-- Back office members screens (issue 22): search indexes, the lock reason and the invitation code on members
-- (members module), every login of a member (auth module) and staff notes (member-admin module).

-- Why an operator locked the account (status 'disabled'); the invitation code the member registered with (an
-- agent's own code or one of its affiliate links; unknown for members registered before this migration).
alter table members
  add column lock_reason text check (lock_reason is null or length(lock_reason) <= 500),
  add column invitation_code text check (invitation_code is null or invitation_code ~ '^[0-9A-Z]{4,20}$');

-- Username prefix search: byte order ("C"), so LIKE 'abc%' and ORDER BY account use the index whatever the
-- database's collation (the unique (merchant_id, account) index is in the database collation).
create index members_account_prefix_idx on members (merchant_id, (account collate "C"));
-- Mobile search by the end of the international number (whole number, national number or its last digits).
create index members_mobile_suffix_idx on members (merchant_id, (reverse(country_dialing_code || mobile) collate "C"))
  where mobile is not null;
create index members_invitation_idx on members (merchant_id, invitation_code) where invitation_code is not null;

-- Every login attempt of a known member (auth module): successes with the session, failures with their reason.
create table member_logins (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  at timestamptz not null default now(),
  ip text not null default '',
  user_agent text not null default '' check (length(user_agent) <= 300),
  method text not null check (method in ('password', 'sms', 'session')),
  result text not null check (result in ('ok', 'wrong_password', 'locked', 'disabled'))
);
create index member_logins_member_idx on member_logins (member_id, at desc, id desc);
-- "Members who logged in from this IP".
create index member_logins_ip_idx on member_logins (merchant_id, ip, member_id);
-- The sessions opened before this migration are the logins known so far.
insert into member_logins (merchant_id, member_id, at, ip, user_agent, method, result)
  select merchant_id, member_id, created_at, ip, left(user_agent, 300), 'session', 'ok' from sessions order by id;

-- Staff notes on a member (member-admin module): append-only, the author's username kept as written.
create table member_notes (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  admin_id bigint not null references admins (id),
  author text not null,
  body text not null check (length(body) between 1 and 1000),
  created_at timestamptz not null default now()
);
create index member_notes_member_idx on member_notes (member_id, id desc);
