-- Transfers between a member's main wallet and a transfer-mode vendor (wallet module). Each row is one transfer
-- as the vendor knows it (transfer_id, sent once per transfer), written in one transaction with its ledger
-- movement (to_vendor: main → sub-wallet; from_vendor: a hold on the sub-wallet, hold_id) before the vendor is
-- called, then settled by the vendor's answer: confirmed, or refused (a refused deposit is compensated by a
-- reversing ledger post, a refused withdrawal's hold is voided). A row still pending (timeout, crash) is re-sent
-- with the same transfer id before any balance sync and by the wallet job.
create table wallet_vendor_transfers (
  id bigserial primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  vendor_code text not null,
  transfer_id text not null,
  direction text not null check (direction in ('to_vendor', 'from_vendor')),
  amount bigint not null check (amount > 0),
  state text not null default 'pending' check (state in ('pending', 'confirmed', 'refused')),
  hold_id bigint,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz not null default now(),
  resolved_at timestamptz,
  unique (merchant_id, vendor_code, transfer_id)
);
create index wallet_vendor_transfers_member on wallet_vendor_transfers (merchant_id, member_id, vendor_code);
create index wallet_vendor_transfers_pending on wallet_vendor_transfers (last_attempt_at) where state = 'pending';

-- The demo vendor remembers a refused transfer too, so a repeat of its id gets the same answer.
alter table demo_vendor_transfers add column refused boolean not null default false;

-- What a launch of a transfer vendor's game moves there when the player names no amount: the whole available
-- main balance ('all', the default) or nothing ('none': the player moves money on the transfer page).
alter table vendors add column launch_funding text not null default 'all' check (launch_funding in ('all', 'none'));
