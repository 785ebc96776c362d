-- Agent reports on big teams (agents module): a per-ancestor daily team roll-up, kept by the agent-rollup job from
-- the member-day cell deltas of agent_daily_stats along each member's closure rows (members face), in the same
-- transaction as the cells, so the two never disagree. A period's team totals become a read of ≤ days × levels rows.

-- The figures of the members `depth` levels below `agent_id` (depth ≥ 1: the agent's own figures are its own cells)
-- for one local day: the sum of their agent_daily_stats cells. The job adds signed deltas (insert … on conflict do
-- update), so there is no "≥ 0" check here: PostgreSQL checks the proposed row before it finds the conflict. The
-- agents face's auditTeamRollup proves the rows equal the recount.
create table agent_team_daily (
  merchant_id bigint not null references merchants (id),
  agent_id bigint not null references members (id),
  day date not null,
  depth smallint not null check (depth >= 1),
  valid_bet bigint not null default 0,
  payout bigint not null default 0,
  bet_count bigint not null default 0,
  deposits bigint not null default 0,
  withdrawals bigint not null default 0,
  primary key (agent_id, day, depth)
);

-- Distinct members over a period, exactly, from per-day rows: for each member and each day it qualifies ('a':
-- active, it has a settled bet; 'l': listed, it has a bet, a deposit or a withdrawal), `gap` = days since the
-- member's previous qualifying day (capped at 94, one more than the longest report period; 94 also when there is
-- none). A member qualifies in [from, to] iff it has exactly one qualifying day d there with gap > d − from, so
-- the distinct count is sum(members) over those rows. Counted per agent, day and level below the agent (≥ 1).
create table agent_team_active (
  merchant_id bigint not null references merchants (id),
  agent_id bigint not null references members (id),
  day date not null,
  depth smallint not null check (depth >= 1),
  kind char(1) not null check (kind in ('a', 'l')),
  gap smallint not null check (gap between 1 and 94),
  members integer not null,
  primary key (agent_id, day, kind, depth, gap)
);

-- Backfill from the cells already rolled up (the same recount the agents face's auditTeamRollup compares with).
insert into agent_team_daily (merchant_id, agent_id, day, depth, valid_bet, payout, bet_count, deposits, withdrawals)
select s.merchant_id, t.ancestor_id, s.day, t.depth, sum(s.valid_bet), sum(s.payout), sum(s.bet_count),
       sum(s.deposits), sum(s.withdrawals)
  from agent_daily_stats s
  join member_tree t on t.descendant_id = s.member_id and t.merchant_id = s.merchant_id and t.depth >= 1
 group by s.merchant_id, t.ancestor_id, s.day, t.depth;

insert into agent_team_active (merchant_id, agent_id, day, depth, kind, gap, members)
with q as (
  select s.merchant_id, s.member_id, s.day, k.kind
    from agent_daily_stats s
   cross join lateral (values ('a', s.bet_count > 0),
                              ('l', s.bet_count > 0 or s.deposits > 0 or s.withdrawals > 0)) as k(kind, ok)
   where k.ok),
g as (
  select merchant_id, member_id, day, kind,
         least(94, coalesce(day - lag(day) over (partition by member_id, kind order by day), 94)) as gap
    from q)
select g.merchant_id, t.ancestor_id, g.day, t.depth, g.kind, g.gap, count(*)
  from g join member_tree t on t.descendant_id = g.member_id and t.merchant_id = g.merchant_id and t.depth >= 1
 group by g.merchant_id, t.ancestor_id, g.day, t.depth, g.kind, g.gap;
