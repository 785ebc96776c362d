-- Bets of transfer-wallet vendors (issue 23): a transfer vendor plays from its own wallet, so no wallet call tells us
-- of a bet; its bet-record API is pulled instead (games module, job transfer-bets) and each settled bet becomes a
-- settled game round with its play event (bonus wagering, missions, points, leaderboards, bet records).
-- vendor_bet_ingest: each vendor bet recorded once, whatever the overlap of pulls or two pullers at once (the
-- primary key is taken first, in the transaction that writes the round). vendor_bet_cursors: how far each vendor's
-- records were read (by settlement time; every pull goes back a margin for records committed late).
create table vendor_bet_ingest (
  merchant_id bigint not null,
  vendor_code text not null,
  bet_id text not null check (length(bet_id) between 1 and 100),
  round_id bigint,
  created_at timestamptz not null default now(),
  primary key (merchant_id, vendor_code, bet_id)
);

create table vendor_bet_cursors (
  merchant_id bigint not null,
  vendor_code text not null,
  settled_at timestamptz not null default 'epoch',
  updated_at timestamptz not null default now(),
  primary key (merchant_id, vendor_code)
);
