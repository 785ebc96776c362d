-- Issue 23: the agent reports' valid bet is the rounds' valid bet (what the game reported, capped at the stake — a
-- hedged baccarat round counts less than its stake; the lottery: the stake), no longer the stake. The stake stays
-- beside it in the roll-up for the members' result (payout − stake).
alter table agent_daily_stats add column stake bigint not null default 0;
alter table agent_team_daily add column stake bigint not null default 0;
-- Until now valid_bet held the stake.
update agent_daily_stats set stake = valid_bet;
update agent_team_daily set stake = valid_bet;
-- The next roll-up pass recounts every rounds cell once (their valid bet from the rounds; the team roll-up follows
-- through its deltas).
delete from agent_rollup_marks where source = 'rounds';
