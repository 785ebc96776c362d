-- Our own game provider (modules/house): provably-fair seeds and the rounds played with them.
--
-- One active seed pair per member: the server seed stays secret (only its SHA-256 is shown) until the member
-- rotates it; every round takes the next nonce in the same transaction that records it, so a
-- (server seed, client seed, nonce) triple is never used twice.
create table house_seeds (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  next_nonce integer not null default 0 check (next_nonce >= 0),
  status text not null default 'active' check (status in ('active', 'revealed')),
  created_at timestamptz not null default now(),
  revealed_at timestamptz
);
create unique index house_seeds_one_active on house_seeds (member_id) where status = 'active';

-- status: pending (nonce taken, bet not yet confirmed) → dealt (video poker: bet taken, waiting for the draw) →
-- settled; refused (the wallet refused the bet: nothing moved); rolled_back (interrupted before the bet was taken).
create table house_rounds (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  session_id bigint not null,
  game_id text not null,
  math_version integer not null,
  seed_id bigint not null references house_seeds (id),
  nonce integer not null,
  request_id text not null check (length(request_id) between 8 and 64),
  bet jsonb not null,
  holds jsonb,
  credit_value bigint not null check (credit_value > 0),
  stake_credits integer not null check (stake_credits >= 0),
  win_credits integer not null default 0 check (win_credits >= 0),
  free_play boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'dealt', 'settled', 'rolled_back', 'refused')),
  result jsonb not null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (seed_id, nonce),
  unique (member_id, request_id)
);
create index house_rounds_unfinished_idx on house_rounds (created_at) where status in ('pending', 'dealt');
create index house_rounds_member_idx on house_rounds (member_id, id desc);
