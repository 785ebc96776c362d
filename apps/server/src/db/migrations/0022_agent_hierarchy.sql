-- The agent hierarchy (members module): a closure table of the upline tree, a rebate point per member, and the
-- agents' affiliate (invitation) links.

-- Rebate point (返点, domain rules §8.1): a percentage with one decimal, never above the upline's (checked by the
-- members service in the transaction that writes it) nor the merchant's system maximum (agents settings).
alter table members add column rebate_point numeric(4, 1) not null default 0
  check (rebate_point >= 0 and rebate_point <= 99.9);

-- Closure table: one row per (ancestor, descendant) pair of the upline tree, the member itself included at
-- depth 0. Written with the member row (same transaction); members never change upline, so rows never change.
-- "Whole team of A" is the primary-key range ancestor_id = A; "uplines of M" is the descendant index.
create table member_tree (
  merchant_id bigint not null references merchants (id),
  ancestor_id bigint not null references members (id),
  descendant_id bigint not null references members (id),
  depth smallint not null check (depth >= 0),
  primary key (ancestor_id, descendant_id),
  unique (descendant_id, depth)
);
create index member_tree_level_idx on member_tree (ancestor_id, depth);
-- New members of a period (agent team overview): the few registered in it, then checked against the team.
create index members_created_idx on members (merchant_id, created_at);

-- Backfill from the existing upline links (a cycle or a tree deeper than 64 is cut there).
insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
with recursive up (merchant_id, descendant_id, ancestor_id, depth) as (
  select merchant_id, id, id, 0 from members
  union all
  select u.merchant_id, u.descendant_id, m.upline_id, u.depth + 1
    from up u join members m on m.id = u.ancestor_id
   where m.upline_id is not null and m.merchant_id = u.merchant_id and u.depth < 64
)
select merchant_id, ancestor_id, descendant_id, depth from up;

-- Affiliate links: extra invitation codes of an agent, each saying what the registrant becomes (member or agent
-- type, rebate point ≤ the agent's). Codes are 'L' + 9 base32 characters (never a member's hex code). A deleted
-- link stops resolving at once.
create table affiliate_links (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  code text not null check (code ~ '^L[0-9A-Z]{9}$'),
  member_type smallint not null default 0,
  rebate_point numeric(4, 1) not null default 0 check (rebate_point >= 0 and rebate_point <= 99.9),
  note text check (note is null or length(note) <= 100),
  registrations integer not null default 0 check (registrations >= 0),
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (merchant_id, code)
);
create index affiliate_links_member_idx on affiliate_links (member_id, id desc) where deleted_at is null;
