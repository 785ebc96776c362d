-- Our own multi-player baccarat tables (issue 27; domain-rules §5): the baccarat module's tables. Every player at a
-- table shares its rounds; the money of a bet moves through the seamless wallet of our own games (vendor SEA, game
-- `baccarat`), so bets show in bet records, rebates, agent reports and the round lookup like any game's.
create table baccarat_tables (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^[A-Z0-9-]{2,20}$'),
  name text not null check (length(name) between 1 and 60),
  variant text not null check (variant in ('commission', 'no-commission')),
  -- Per bet (minor units) and per round (all stakes of the round together).
  min_bet bigint not null check (min_bet > 0),
  max_bet bigint not null check (max_bet >= min_bet),
  round_max bigint not null check (round_max >= max_bet),
  betting_seconds integer not null default 15 check (betting_seconds between 5 and 60),
  status text not null default 'open' check (status in ('open', 'closed')),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  constraint baccarat_tables_code_key unique (merchant_id, code)
);

-- An 8-deck shoe: the seed stays secret (never sent) until the shoe is finished; its SHA-256 is public from the start.
create table baccarat_shoes (
  id bigint generated always as identity primary key,
  table_id bigint not null references baccarat_tables (id),
  seed text not null,
  seed_hash text not null,
  -- Where the next hand starts, and how many hands ended past the cut card (2: the shoe is done).
  position integer not null check (position between 0 and 416),
  cut_hands integer not null default 0,
  hands integer not null default 0,
  status text not null default 'active' check (status in ('active', 'finished')),
  started_at timestamptz not null,
  finished_at timestamptz,
  check ((status = 'finished') = (finished_at is not null))
);
create unique index baccarat_shoes_active_idx on baccarat_shoes (table_id) where status = 'active';

-- A round (hand). Its cards are fixed by the shoe and its position; they are stored when the round is dealt.
create table baccarat_rounds (
  id bigint generated always as identity primary key,
  table_id bigint not null references baccarat_tables (id),
  shoe_id bigint not null references baccarat_shoes (id),
  hand integer not null,
  position integer not null,
  status text not null check (status in ('betting', 'dealing', 'result', 'settled', 'cancelled')),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  dealt_at timestamptz,
  deal_ends_at timestamptz,
  result_ends_at timestamptz,
  -- The dealt hand: cards in dealing order (0..51 each), both hands, totals, winner, pairs (packages/games).
  result jsonb,
  settled_at timestamptz
);
-- One round in play per table at a time.
create unique index baccarat_rounds_open_idx on baccarat_rounds (table_id) where status in ('betting', 'dealing', 'result');
create index baccarat_rounds_table_idx on baccarat_rounds (table_id, id desc);

-- A member's bet on a spot. pending: recorded, the wallet not yet answered; placed: the wallet took the stake;
-- refused: it did not (or the round closed first); settled: paid (payout, 0 when lost); refunded: the round was
-- cancelled and the stake rolled back.
create table baccarat_bets (
  id bigint generated always as identity primary key,
  round_id bigint not null references baccarat_rounds (id),
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  spot text not null check (spot in ('player', 'banker', 'tie', 'playerPair', 'bankerPair')),
  amount bigint not null check (amount > 0),
  request_id text not null,
  status text not null default 'pending' check (status in ('pending', 'placed', 'refused', 'settled', 'refunded')),
  payout bigint,
  created_at timestamptz not null default now(),
  constraint baccarat_bets_request_key unique (member_id, request_id)
);
create index baccarat_bets_round_idx on baccarat_bets (round_id, member_id);
create index baccarat_bets_member_idx on baccarat_bets (member_id, round_id desc);
