-- Lottery bets count wherever game rounds count (agent reports, contract figures, category rebates): the games
-- face reads them through the lottery's BetStatsSource (modules/lottery/lottery-stats.repository.ts).

-- The agent roll-up keeps a mark of its own for the lottery's bets; without one yet it reads them from the start,
-- so bets settled before this migration are rolled up on the first pass.
alter table agent_rollup_marks drop constraint agent_rollup_marks_source_check;
alter table agent_rollup_marks add constraint agent_rollup_marks_source_check
  check (source in ('rounds', 'lottery', 'deposits', 'withdrawals'));

-- Bets by settlement time: the roll-up's "changed since its mark", the daily rebate job's whole-merchant day and
-- the merchants with settled bets (refunds set settled_at too).
create index lottery_bets_by_settled on lottery_bets (settled_at) where settled_at is not null;
