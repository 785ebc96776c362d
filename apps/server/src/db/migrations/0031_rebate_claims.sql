-- Manual rebate (member centre › manualRebate): a member claims the category rebate accrued on today's valid bets
-- before the daily job pays it; the daily job then pays the rest of the day (its contract_rebates row keeps the
-- whole day's valid bet, its amount is what was left to pay). One row per claim; owned by the contracts module.
create table contract_rebate_claims (
  id bigint generated always as identity primary key,
  merchant_id bigint not null,
  member_id bigint not null,
  day text not null check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  category text not null,
  -- The day's valid bet in the category when claimed, and the rebate it had accrued (claimed before included).
  valid_bet bigint not null check (valid_bet >= 0),
  rate_bp integer not null,
  amount bigint not null check (amount > 0),
  journal_id bigint not null,
  created_at timestamptz not null default now()
);
create index contract_rebate_claims_by_member on contract_rebate_claims (merchant_id, member_id, day, category);
