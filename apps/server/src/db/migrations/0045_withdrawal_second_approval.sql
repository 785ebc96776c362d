-- Four eyes on large withdrawals: above the merchant's threshold (admin_settings) a first staff member's approval
-- is recorded here and the withdrawal stays 'requested' until a different staff member approves it.
alter table withdrawals
  add column first_approved_by bigint,
  add column first_approved_at timestamptz,
  add constraint withdrawals_first_approval_pair check ((first_approved_by is null) = (first_approved_at is null));
