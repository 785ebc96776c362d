-- The best-win board backfill (issue 23): 0241 made reward_leaderboard_wins, the rounds behind the best-win boards,
-- filled by the rewards consumer from then on; rounds settled before it were not there, so a corrected lottery result
-- of such a round could not move (or recompute) a window that spans the deploy. This notes them, by the consumer's
-- rule (modules/rewards/best-wins.ts `note`): a settled event with a stake and a valid bet that won, or any lottery
-- one (a correction may raise it from 0) —
--   * game rounds (`round:<id>`, the games module's settledRoundEvents): settled, with a known vendor, stake > 0,
--     payout > 0, valid bet (the vendor's, else the stake) > 0;
--   * a member's bets on one settled lottery issue (`lottery:<issue>:<member>`, lottery settledMemberBets): stake =
--     the charges (> 0), payout = the bets' payout as it stands less the corrections the rewards consumer has not
--     applied yet (reward_applied_events; those will add their change when delivered) — the first settlement's payout
--     plus every correction already counted, as the consumer's row would hold.
-- Only what the payout job would still keep: settled within the last 15 days (WIN_KEEP_DAYS), noted_at = the
-- settlement, so the job prunes these rows as it prunes the consumer's. Window keys as windows.ts: the local date in
-- the merchant's zone, and `W` + the Monday of its ISO week.
-- Idempotent: a round already noted is left alone; a row made by a correction before its round (stake null: a
-- correction of a round settled before 0241, delivered after it) is completed with the round, its payout the one
-- computed here (which already counts that correction), as noteRounds completes such a row. Run again: no change.
-- Scores are not rewritten: a window's best moves on the next correction of one of its rounds (best-wins.ts correct).
-- Set-based, one statement: the rounds through game_rounds_wins_idx (merchant, settled_at; wins only), the lottery
-- issues through lottery_issues_by_settled. Measured on PostgreSQL with 1,000,000 rounds over 30 days (167,733 wins in
-- the 15 days): 11–12 s on a host at load 15 on 2 cores (trivial-commit ceiling 74–132 tx/s), 3.7 s run again;
-- bench/README.md "Best-win board backfill".
insert into reward_leaderboard_wins
  (event_id, merchant_id, member_id, stake, payout, settled_at, day_key, week_key, noted_at)
select w.event_id, w.merchant_id, w.member_id, w.stake, w.payout, w.settled_at,
       to_char(w.local_day, 'YYYY-MM-DD'),
       'W' || to_char(w.local_day - (extract(isodow from w.local_day)::int - 1), 'YYYY-MM-DD'),
       w.settled_at
  from (
    select 'round:' || r.id as event_id, r.merchant_id, r.member_id, r.stake, r.payout, r.settled_at,
           (r.settled_at at time zone m.timezone)::date as local_day
      from merchants m
      join game_rounds r on r.merchant_id = m.id
      join vendors v on v.merchant_id = r.merchant_id and v.code = r.vendor_code
     where r.status = 'settled' and r.payout > 0 and r.stake > 0
       and r.settled_at >= now() - interval '15 days'
       and (r.valid_bet is null or r.valid_bet > 0)
    union all
    select 'lottery:' || b.issue_pk || ':' || b.member_id, min(b.merchant_id), b.member_id, sum(b.charge)::int8,
           (sum(b.payout) - coalesce((
             select sum(c.new_payout - c.old_payout) from lottery_feed_corrections c
             join lottery_bets cb on cb.id = c.bet_id
             where cb.issue_pk = b.issue_pk and cb.member_id = b.member_id
               and not exists (
                 select 1 from reward_applied_events a
                  where a.consumer = 'rewards' and a.event_id = 'lottery-fix:' || c.bet_id || ':' || c.version)), 0))::int8,
           i.settled_at, (i.settled_at at time zone min(m.timezone))::date
      from lottery_issues i
      join lottery_bet_outcomes b on b.issue_pk = i.id
      join merchants m on m.id = b.merchant_id
     where i.status = 'settled' and i.settled_at >= now() - interval '15 days' and b.status in ('won', 'lost')
     group by b.issue_pk, b.member_id, i.settled_at
    having sum(b.charge) > 0
  ) w
on conflict (event_id) do update
   set stake = excluded.stake, payout = excluded.payout, settled_at = excluded.settled_at,
       day_key = excluded.day_key, week_key = excluded.week_key
 where reward_leaderboard_wins.stake is null;
