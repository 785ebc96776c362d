-- P&L per member (agents module): each write of a merchant's member-day cells records the members it touched
-- under the version it bumped, so a member order kept in memory at an older version is brought forward by
-- re-reading only those members' period sums instead of the whole team's (the roll-up job prunes old lists).
create table agent_rollup_changes (
  merchant_id bigint not null references merchants (id),
  version bigint not null,
  member_ids bigint[] not null,
  primary key (merchant_id, version)
);
