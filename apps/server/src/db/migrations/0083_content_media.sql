-- Media store (modules/media): uploaded images kept in the database so every server process serves them, named by
-- the SHA-256 of their (re-encoded) bytes: /media/<sha256>.<ext> is immutable, the same upload twice is one row.
create table media (
  sha256 char(64) primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null,
  size integer not null check (size > 0),
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);

-- Site content (modules/content): the operator's banners per group and notices by type, each text per language
-- (jsonb: {"en": {...}, "ty": {...}}), shown while published and inside [starts_at, ends_at). A deleted row keeps
-- its record (deleted_at) so the audit log still points at it.
create table content_banners (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  group_name text not null check (group_name in ('w_home', 'w_login', 'w_register', 'w_forget')),
  image_url text not null,
  linkage_type text not null check (linkage_type in ('none', 'promotion', 'game', 'url')),
  linkage_target text,
  texts jsonb not null default '{}',
  sort integer not null default 0,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  published boolean not null default true,
  deleted_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index content_banners_shown on content_banners (merchant_id, group_name, sort) where deleted_at is null;

create table content_notices (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  type text not null check (type in ('B', 'PL', 'PU', 'PR', 'H')),
  audience text not null default 'all' check (audience in ('all', 'guest', 'member', 'F')),
  promotion_id bigint,
  texts jsonb not null default '{}',
  sort integer not null default 0,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  published boolean not null default true,
  deleted_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index content_notices_shown on content_notices (merchant_id, type, sort) where deleted_at is null;
