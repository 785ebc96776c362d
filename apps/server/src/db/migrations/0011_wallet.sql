-- Game vendors (providers) of a merchant and how their games hold money: 'seamless' vendors play from the
-- member's main wallet; 'transfer' vendors have a sub-wallet per member (ledger account member:<id>:vendor:<CODE>)
-- that the member fills from and empties to the main wallet. Minimal for now: the game platform will grow it.
create table vendors (
  merchant_id bigint not null references merchants (id),
  code text not null check (code ~ '^[A-Z0-9_]{2,20}$'),
  name text not null check (length(name) between 1 and 100),
  wallet_mode text not null check (wallet_mode in ('seamless', 'transfer')),
  status text not null default 'active' check (status in ('active', 'disabled')),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (merchant_id, code)
);

-- The agent downline tree is walked with a recursive query on members.upline_id within one merchant.
create index members_merchant_upline_idx on members (merchant_id, upline_id);
