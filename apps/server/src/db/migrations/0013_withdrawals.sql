-- Withdrawals: member bank accounts, per-merchant withdrawal settings, withdrawal requests and receipt proofs.
-- The money itself lives in the ledger (a hold on request, posted on disbursement, voided on reject/cancel);
-- these rows carry the workflow state and the id of the pending ledger transfer.

create table withdrawal_settings (
  merchant_id bigint primary key references merchants (id),
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null check (max_amount >= min_amount),
  -- Minutes the member has to confirm receipt after disbursement; afterwards it counts as received.
  confirm_window_minutes integer not null default 60 check (confirm_window_minutes between 1 and 43200),
  -- UK rule: a requested withdrawal cannot be cancelled by the member unless the merchant allows it.
  cancel_allowed boolean not null default false,
  updated_at timestamptz not null default now()
);

create table member_bank_accounts (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  bank_name text not null check (length(bank_name) between 1 and 64),
  account_number text not null check (account_number ~ '^[0-9]{6,20}$'),
  account_name text not null check (length(account_name) between 1 and 64),
  created_at timestamptz not null default now(),
  -- Removed accounts stay for the history of past withdrawals.
  deleted_at timestamptz
);
create unique index member_bank_accounts_live_uq on member_bank_accounts (member_id, bank_name, account_number) where deleted_at is null;
create index member_bank_accounts_member_idx on member_bank_accounts (member_id);

create table withdrawals (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  -- The client's idempotency key: one withdrawal per (member, request id).
  request_id text not null check (length(request_id) between 1 and 64),
  bank_account_id bigint not null references member_bank_accounts (id),
  bank_name text not null,
  account_number text not null,
  account_name text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null default 'requested'
    check (status in ('requested', 'approved', 'rejected', 'cancelled', 'disbursed', 'confirmed', 'auto_confirmed', 'disputed', 'resolved')),
  -- The pending ledger transfer (the hold) placed with the request.
  hold_transfer_id bigint,
  reject_reason text,
  receipt_result text check (receipt_result in ('received', 'not_received', 'partial')),
  received_amount bigint check (received_amount >= 0),
  refund_amount bigint check (refund_amount >= 0),
  receipt_due_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  approved_at timestamptz,
  approved_by bigint,
  disbursed_at timestamptz,
  disbursed_by bigint,
  closed_at timestamptz,
  closed_by bigint,
  unique (member_id, request_id),
  check (status = 'requested' or hold_transfer_id is not null)
);
create index withdrawals_member_idx on withdrawals (member_id, id desc);
create index withdrawals_merchant_status_idx on withdrawals (merchant_id, status, id desc);
create index withdrawals_receipt_due_idx on withdrawals (receipt_due_at) where status = 'disbursed';

-- Proof images of "not received" (re-encoded server-side; never served as uploaded).
create table withdrawal_proofs (
  withdrawal_id bigint primary key references withdrawals (id),
  content bytea not null check (octet_length(content) <= 5242880),
  created_at timestamptz not null default now()
);
