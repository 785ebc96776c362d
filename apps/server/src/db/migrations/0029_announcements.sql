-- Announcements (modules/announcements): written by the operator (admin API), each for an audience — 'agents'
-- for the agent centre (agentAnnouncement), 'all' / 'members' for the public announcement popup. Shown from
-- starts_at until ends_at (open-ended when null); announcement_reads marks what a member has opened (unread
-- markers). A withdrawn announcement keeps its row (withdrawn_at) so reads and the audit log still point at it.
create table announcements (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  audience text not null check (audience in ('all', 'members', 'agents')),
  title text not null check (length(title) between 1 and 200),
  content text not null,
  promotion_type text,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  withdrawn_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index announcements_shown on announcements (merchant_id, audience, starts_at desc) where withdrawn_at is null;

create table announcement_reads (
  member_id bigint not null,
  announcement_id bigint not null references announcements (id),
  read_at timestamptz not null default now(),
  primary key (member_id, announcement_id)
);
