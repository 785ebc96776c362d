-- P&L per member on big teams (agents module). The report lists a team's members by their valid bet over a
-- period, a page at a time: the order needs every member's period sum (the team's member-day cells joined with
-- its closure rows), the page only the figures of its rows.

-- The period's cells read from the index alone (index-only scan): member and figures with the day range.
create index agent_daily_stats_day_figures_idx on agent_daily_stats (merchant_id, day)
  include (member_id, valid_bet, payout, bet_count, deposits, withdrawals);

-- A team's closure rows from the index alone (members module's table; the team subquery filters on merchant and
-- depth and returns descendant and depth). Same key as member_tree_level_idx, which it replaces.
create index member_tree_team_idx on member_tree (ancestor_id, depth) include (descendant_id, merchant_id);
drop index member_tree_level_idx;

-- Bumped in the transaction that writes member-day cells (the agent-rollup job), so a report reading it in the
-- same snapshot as the cells knows which state of the cells it sees: the agents module keeps the member order
-- of a (team, period) computed once per version and pages through it until the cells change.
create table agent_rollup_versions (
  merchant_id bigint primary key references merchants (id),
  version bigint not null default 0
);
