-- The simulated external vendor (modules/demo-vendor): its own books, as a real vendor keeps them on its side.
--
-- demo_vendor_sessions: a launch as the vendor received it (its own page token, hashed; the operator's session
-- token it presents on balance and bet calls). demo_vendor_rounds: one bet of a player on one of its games, with
-- the outcome once known. demo_vendor_deliveries: the outbox of wallet calls (bet, win, rollback) the vendor makes
-- to the operator: each is retried with the same ids and body until it gets a final answer. For the transfer-wallet
-- mode, demo_vendor_wallets holds the players' balances at the vendor and demo_vendor_transfers the operator's
-- deposits and withdrawals (idempotent per transfer id).
create table demo_vendor_sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  merchant_id bigint not null,
  operator_code text not null,
  vendor_code text not null,
  wallet_mode text not null check (wallet_mode in ('seamless', 'transfer')),
  player_id text not null,
  wallet_token text not null,
  game_code text not null,
  currency text not null,
  currency_exponent integer not null,
  language text not null,
  created_at timestamptz not null default now()
);

create table demo_vendor_rounds (
  id bigint generated always as identity primary key,
  session_id bigint not null references demo_vendor_sessions (id),
  merchant_id bigint not null,
  vendor_code text not null,
  player_id text not null,
  game_code text not null,
  request_id text not null check (length(request_id) between 8 and 64),
  pick text not null,
  odds_bp integer not null check (odds_bp >= 0),
  stake bigint not null check (stake > 0),
  -- placing (bet sent) → open (bet taken, result pending) → settled | cancelled (rolled back); refused (bet refused)
  status text not null default 'placing' check (status in ('placing', 'open', 'settled', 'cancelled', 'refused')),
  outcome jsonb,
  payout bigint check (payout >= 0),
  summary text,
  message text,
  settle_at timestamptz,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (session_id, request_id)
);
create index demo_vendor_rounds_due_idx on demo_vendor_rounds (settle_at) where status = 'open';
create index demo_vendor_rounds_session_idx on demo_vendor_rounds (session_id, id desc);

create table demo_vendor_deliveries (
  id bigint generated always as identity primary key,
  round_id bigint not null references demo_vendor_rounds (id),
  op text not null check (op in ('bet', 'win', 'rollback')),
  tx_id text not null unique,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'done', 'refused')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status text,
  answer text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index demo_vendor_deliveries_due_idx on demo_vendor_deliveries (next_attempt_at) where status = 'pending';

create table demo_vendor_wallets (
  merchant_id bigint not null,
  vendor_code text not null,
  player_id text not null,
  balance bigint not null default 0 check (balance >= 0),
  -- counts every change: the operator's balance sync is keyed by it (one settlement per state)
  version bigint not null default 0,
  primary key (merchant_id, vendor_code, player_id)
);

create table demo_vendor_transfers (
  merchant_id bigint not null,
  vendor_code text not null,
  transfer_id text not null,
  player_id text not null,
  direction text not null check (direction in ('deposit', 'withdraw')),
  amount bigint not null check (amount >= 0),
  created_at timestamptz not null default now(),
  primary key (merchant_id, vendor_code, transfer_id)
);
