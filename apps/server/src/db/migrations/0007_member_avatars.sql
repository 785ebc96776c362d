-- Member avatars, re-encoded server-side (PNG, 256×256) so nothing the member uploaded is served as is.
create table member_avatars (
  member_id bigint primary key references members (id),
  content bytea not null check (octet_length(content) <= 1048576),
  updated_at timestamptz not null default now()
);
