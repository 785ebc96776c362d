-- The game platform (modules/games owns every table here; `vendors` moves from the wallet module to it).
--
-- Vendors become the provider registry: which adapter launches their games, which categories they serve, their
-- maintenance switch, and the HMAC key they sign seamless-wallet calls with (one random key per vendor and
-- installation, created on first use; an operator can replace it).
alter table vendors add column adapter text not null default 'none' check (adapter in ('none', 'house', 'demo', 'http'));
alter table vendors add column icon_url text check (icon_url is null or length(icon_url) <= 500);
alter table vendors add column maintenance boolean not null default false;
alter table vendors add column wallet_secret text check (wallet_secret is null or length(wallet_secret) between 32 and 200);
alter table vendors add column launch_url text check (launch_url is null or length(launch_url) <= 500);

-- The categories a merchant shows, in its order (a category without a row is shown, after the ordered ones).
create table game_categories (
  merchant_id bigint not null references merchants (id),
  category text not null check (category in ('LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'RNG', 'COCKFIGHT')),
  sort integer not null default 0,
  enabled boolean not null default true,
  primary key (merchant_id, category)
);

create table games (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  vendor_code text not null,
  game_code text not null check (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name text not null check (length(name) between 1 and 100),
  -- Names per language code ({"en": "...", "ty": "..."}); `name` when a language has none.
  display_names jsonb not null default '{}',
  category text not null check (category in ('LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'RNG', 'COCKFIGHT')),
  classify text check (classify in ('SC', 'VP', 'JP', 'TG', 'AC', 'BG')),
  icon_url text check (icon_url is null or length(icon_url) <= 500),
  support_play boolean not null default false,
  hot boolean not null default false,
  sort integer not null default 0,
  status text not null default 'active' check (status in ('active', 'maintenance', 'disabled')),
  min_bet bigint check (min_bet is null or min_bet >= 0),
  lines integer check (lines is null or lines > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (merchant_id, vendor_code) references vendors (merchant_id, code),
  unique (merchant_id, vendor_code, game_code),
  check (classify is null or category = 'RNG')
);
create index games_category_idx on games (merchant_id, category, sort, id) where status <> 'disabled';
create index games_hot_idx on games (merchant_id, sort, id) where hot and status <> 'disabled';

create table game_favourites (
  member_id bigint not null,
  game_id bigint not null references games (id),
  merchant_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (member_id, game_id)
);

-- A launch: the token the vendor receives (only its SHA-256 kept); balance and bet calls must present a live one.
create table game_sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  merchant_id bigint not null,
  member_id bigint not null,
  vendor_code text not null,
  game_id bigint not null references games (id),
  free_play boolean not null default false,
  -- Play money of a free trial (minor units); null for real play.
  fun_balance bigint check (fun_balance is null or fun_balance >= 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index game_sessions_member_idx on game_sessions (member_id, created_at desc);

-- One game round of a member at a vendor (the vendor's round id), with its money totals.
create table game_rounds (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  vendor_code text not null,
  member_id bigint not null,
  game_id bigint references games (id),
  round_ref text not null check (length(round_ref) between 1 and 100),
  status text not null default 'open' check (status in ('open', 'settled', 'rolled_back')),
  stake bigint not null default 0 check (stake >= 0),
  payout bigint not null default 0 check (payout >= 0),
  summary text check (summary is null or length(summary) <= 200),
  started_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (merchant_id, vendor_code, member_id, round_ref)
);
create index game_rounds_member_idx on game_rounds (member_id, started_at desc, id desc);
create index game_rounds_wins_idx on game_rounds (merchant_id, settled_at desc) where payout > 0 and status = 'settled';
create index game_rounds_open_idx on game_rounds (vendor_code, started_at) where status = 'open';

-- Every wallet call of a vendor that changed (or refused to change) money: idempotent by the vendor's tx id per
-- player. `response` is what was answered; a retry with the same body gets it again, byte for byte.
-- kind 'rollback' with status 'tombstone': a rollback that arrived before its bet; the late bet is refused.
create table game_transactions (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  vendor_code text not null,
  member_id bigint not null,
  tx_ref text not null check (length(tx_ref) between 1 and 100),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  round_id bigint references game_rounds (id),
  amount bigint not null check (amount >= 0),
  ref_tx text check (ref_tx is null or length(ref_tx) between 1 and 100),
  status text not null check (status in ('pending', 'applied', 'refused', 'tombstone')),
  request_hash text not null,
  -- The answer exactly as sent (text, not jsonb: a replay must be byte-identical).
  response text,
  journal_id bigint,
  created_at timestamptz not null default now(),
  unique (merchant_id, vendor_code, member_id, tx_ref)
);
create index game_transactions_ref_idx on game_transactions (merchant_id, vendor_code, member_id, ref_tx) where ref_tx is not null;
create index game_transactions_round_idx on game_transactions (round_id);
