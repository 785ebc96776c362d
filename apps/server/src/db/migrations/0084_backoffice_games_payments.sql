-- Back office (issue 22): a round looked up by the reference the member's betting record shows.
create index game_rounds_ref_idx on game_rounds (merchant_id, round_ref);

-- The operator's proof of a payout (the bank slip), attached when a withdrawal is disbursed; re-encoded JPEG.
create table withdrawal_payout_proofs (
  withdrawal_id bigint primary key references withdrawals (id),
  content bytea not null check (octet_length(content) <= 5242880),
  admin_id bigint not null,
  created_at timestamptz not null default now()
);
