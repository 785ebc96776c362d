-- The player's profile and account closure (issue 25). The profile module's tables: each member's profile fields
-- beyond the members row (nickname, real name and e-mail stay there, written through the members face), and the
-- merchant's profile settings (each field required / optional / hidden, the minimum age).
create table member_profiles (
  member_id bigint primary key references members (id),
  merchant_id bigint not null references merchants (id),
  birthday date,
  zalo text,
  telegram text,
  address text,
  nationality text,
  occupation text,
  income_source text check (
    income_source in ('salary', 'business', 'investments', 'pension', 'savings', 'family', 'other')
  ),
  -- E-mail verified by link: the address that was verified (the members row's e-mail is verified while they match),
  -- and the link waiting to be opened (SHA-256 of its token, the address it was sent to, its expiry).
  verified_email text,
  verify_token_hash text unique,
  verify_email text,
  verify_expires_at timestamptz,
  updated_at timestamptz not null default now()
);

create table profile_settings (
  merchant_id bigint primary key references merchants (id),
  min_age smallint not null default 18 check (min_age between 16 and 25),
  -- { "<field>": "required" | "optional" | "hidden" }; a field not named is optional.
  field_modes jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

-- A member may close the account: kept (never deleted) with status 'closed' and when.
alter table members drop constraint members_status_check;
alter table members add constraint members_status_check check (status in ('active', 'disabled', 'closed'));
alter table members add column closed_at timestamptz;
alter table members add constraint members_closed_at_check check ((status = 'closed') = (closed_at is not null));
