-- Applied play-event ids, one row per event with the consumers that applied it (issue 23, the engine's throughput).
-- Until now each consumer kept its own rows (play_event_applied for bonus wagering, reward_applied_events,
-- cashback_applied_events, raffle_applied_events, vip_applied_events, referral_applied_events): six inserts per event
-- in every batch. The queue now records a batch's ids once for every consumer joined in its transaction (one insert;
-- a replayed id is locked and its consumer list extended, a failed consumer's name taken off again).
create table play_event_done (
  event_id text primary key,
  consumers text[] not null,
  applied_at timestamptz not null default now()
);
-- Rows arrive in time order: a BRIN index serves the pruning job for next to nothing per insert.
create index play_event_done_age_idx on play_event_done using brin (applied_at);

-- What the six tables knew within the retention the pruning job keeps (7 days; older rows would be pruned anyway).
insert into play_event_done (event_id, consumers, applied_at)
select event_id, array_agg(distinct consumer order by consumer), max(applied_at)
  from (
    select consumer, event_id, applied_at from play_event_applied
    union all select consumer, event_id, applied_at from reward_applied_events
    union all select 'cashback', event_id, applied_at from cashback_applied_events
    union all select 'raffle', event_id, applied_at from raffle_applied_events
    union all select 'vip', event_id, applied_at from vip_applied_events
    union all select 'referral', event_id, applied_at from referral_applied_events
  ) a
 where applied_at > now() - interval '7 days'
 group by event_id;

drop table play_event_applied;
drop table reward_applied_events;
drop table cashback_applied_events;
drop table raffle_applied_events;
drop table vip_applied_events;
drop table referral_applied_events;
