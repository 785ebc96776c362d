-- The durable play-event queue (modules/play-events): producers write one outbox row in their own transaction
-- (a settled round, a settled lottery bet, a credited deposit, a registration); a scheduled job hands the rows to
-- every registered consumer in commit order, each consumer with its own cursor.
--
-- Order and completeness: `xid` is the writing transaction's id. The drainer reads only rows whose transaction
-- ended before every transaction still running (xid < pg_snapshot_xmin of its snapshot), in (xid, id) order, so
-- a row that commits later always sorts after the cursor: nothing is skipped, whatever order producers commit in.
create table play_event_outbox (
  id bigint generated always as identity primary key,
  xid xid8 not null default pg_current_xact_id(),
  merchant_id bigint not null,
  -- 'round' (game_rounds.id), 'lottery' (a lottery bet id), or 'inline' (payload holds the whole event).
  source text not null check (source in ('round', 'lottery', 'inline')),
  ref text not null check (length(ref) between 1 and 100),
  payload jsonb,
  created_at timestamptz not null default now(),
  check ((source = 'inline') = (payload is not null))
);
create index play_event_outbox_order_idx on play_event_outbox (xid, id);

-- One row per consumer: how far it has been handed the queue, and a lease so two drainers do not overlap.
create table play_event_cursors (
  consumer text primary key check (length(consumer) between 1 and 64),
  last_xid xid8 not null default '0',
  last_id bigint not null default 0,
  delivered bigint not null default 0,
  lease_until timestamptz,
  updated_at timestamptz not null default now()
);

-- The event ids a consumer has applied, written in the consumer's own transaction with its effect: a batch
-- delivered again (a crash between the effect and the cursor) is counted once.
create table play_event_applied (
  consumer text not null,
  event_id text not null,
  applied_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
create index play_event_applied_age_idx on play_event_applied (applied_at);
