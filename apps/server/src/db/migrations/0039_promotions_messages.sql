-- Promotions (modules/promotions): the operator's promotion pages per merchant (admin API), shown on /promotions and
-- the home's promotions block from starts_at until ends_at (open-ended when null), in the operator's order (sort,
-- then newest start). Content is operator-authored HTML, sanitised by the web where it is shown. A withdrawn
-- promotion keeps its row (withdrawn_at) so the audit log still points at it.
create table promotions (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  title text not null check (length(title) between 1 and 200),
  content text not null,
  image_url text,
  category text,
  sort integer not null default 0,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  withdrawn_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index promotions_shown on promotions (merchant_id, sort, starts_at desc) where withdrawn_at is null;

-- Member messages (modules/messages): the member centre's inbox (messageV2). The operator sends a message to one
-- member (member_id) or to every member of the merchant (member_id null: a broadcast, also seen by members who
-- join later); member_message_reads marks what a member has opened (the unread badge).
create table member_messages (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint,
  title text not null check (length(title) between 1 and 200),
  content text not null,
  created_by bigint,
  created_at timestamptz not null default now()
);
create index member_messages_member on member_messages (member_id, created_at desc) where member_id is not null;
create index member_messages_broadcast on member_messages (merchant_id, created_at desc) where member_id is null;

create table member_message_reads (
  member_id bigint not null,
  message_id bigint not null references member_messages (id),
  read_at timestamptz not null default now(),
  primary key (member_id, message_id)
);
