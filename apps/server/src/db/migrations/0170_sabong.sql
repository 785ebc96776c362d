-- Our own sabong (cockfight) arenas (issue 27; domain-rules §6): the sabong module's tables. Every player in an arena
-- shares its fights; Meron/Wala are pari-mutuel among the players with the arena's plasada, Draw pays 8:1. The fight
-- is SIMULATED: its result comes from a seed whose SHA-256 is published when betting opens and the seed itself once
-- the fight is over. Money moves through the seamless wallet of our own games (vendor SEA, game `sabong`).
create table sabong_arenas (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^[A-Z0-9-]{2,20}$'),
  name text not null check (length(name) between 1 and 60),
  -- The merchant's cut of the Meron + Wala pool, in basis points (500 = 5 %).
  plasada_bps integer not null default 500 check (plasada_bps between 0 and 1500),
  min_bet bigint not null check (min_bet > 0),
  max_bet bigint not null check (max_bet >= min_bet),
  -- All stakes of one fight together.
  fight_max bigint not null check (fight_max >= max_bet),
  betting_seconds integer not null default 30 check (betting_seconds between 10 and 300),
  status text not null default 'open' check (status in ('open', 'closed')),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  constraint sabong_arenas_code_key unique (merchant_id, code)
);

-- A fight. open: betting (the last seconds shown as LAST CALL); closed: betting over, pending stakes being resolved;
-- fighting: pools fixed, outcome drawn (shown when fight_ends_at comes); result: paid; settled: done; cancelled:
-- every bet refunded (minimum payout, or the operator).
create table sabong_fights (
  id bigint generated always as identity primary key,
  arena_id bigint not null references sabong_arenas (id),
  fight_no integer not null,
  seed text not null,
  seed_hash text not null,
  status text not null check (status in ('open', 'closed', 'fighting', 'result', 'settled', 'cancelled')),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  -- Fixed when betting closes (the odds every Meron/Wala bet is paid at).
  plasada_bps integer not null,
  meron_pool bigint,
  wala_pool bigint,
  draw_pool bigint,
  outcome text check (outcome in ('meron', 'wala', 'draw')),
  cancel_reason text check (cancel_reason in ('minimum_payout', 'operator')),
  fight_ends_at timestamptz,
  result_ends_at timestamptz,
  settled_at timestamptz,
  constraint sabong_fights_no_key unique (arena_id, fight_no)
);
-- One fight in play per arena at a time.
create unique index sabong_fights_open_idx on sabong_fights (arena_id) where status in ('open', 'closed', 'fighting', 'result');
create index sabong_fights_arena_idx on sabong_fights (arena_id, id desc);

-- A member's bet. pending: recorded, the wallet not yet answered; placed: the wallet took the stake; refused: it did
-- not (or betting closed first); settled: paid (payout, 0 when lost); refunded: the fight was cancelled.
create table sabong_bets (
  id bigint generated always as identity primary key,
  fight_id bigint not null references sabong_fights (id),
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  side text not null check (side in ('meron', 'wala', 'draw')),
  amount bigint not null check (amount > 0),
  request_id text not null,
  status text not null default 'pending' check (status in ('pending', 'placed', 'refused', 'settled', 'refunded')),
  payout bigint,
  created_at timestamptz not null default now(),
  constraint sabong_bets_request_key unique (member_id, request_id)
);
create index sabong_bets_fight_idx on sabong_bets (fight_id, member_id);
create index sabong_bets_member_idx on sabong_bets (member_id, fight_id desc);
