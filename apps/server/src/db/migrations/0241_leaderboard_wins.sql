-- The best-win leaderboard under result corrections (issue 23): the winning rounds behind the best-win boards, so a
-- corrected lottery result can move a member's best single-win multiplier — raised above the best, or, when the
-- corrected round was the best, recomputed from the member's remaining rounds of that window.
-- One row per settled-bet event that won (or any lottery event: a correction may raise it from 0), written by the
-- rewards consumer: its stake and its payout, the first settlement's plus every correction's change. A correction
-- delivered before its round makes the row with the change alone (stake null until the round arrives).
create table reward_leaderboard_wins (
  event_id text primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null,
  stake bigint check (stake > 0),
  payout bigint not null,
  settled_at timestamptz,
  day_key text,
  week_key text,
  noted_at timestamptz not null default now(),
  check ((stake is null) = (settled_at is null) and (settled_at is null) = (day_key is null)
         and (day_key is null) = (week_key is null))
);
create index reward_leaderboard_wins_day_idx on reward_leaderboard_wins (member_id, day_key);
create index reward_leaderboard_wins_week_idx on reward_leaderboard_wins (member_id, week_key);
-- The payout job removes rows past the weekly window and its late corrections (noted more than 15 days ago).
create index reward_leaderboard_wins_noted_idx on reward_leaderboard_wins (noted_at);
