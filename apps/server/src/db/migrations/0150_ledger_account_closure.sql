-- Account closure (issue 25): a closed member's ledger accounts carry the moment of closure. ledger_post_batch
-- (db/functions/ledger.sql) refuses any leg touching a closed account with the business failure `account_closed`,
-- and an account it creates for a member whose accounts are closed is born closed. The closing transaction locks
-- the member's accounts (in id order, as every post does), checks they hold nothing and sets closed_at: a credit
-- racing the closure either lands first (the closure then sees the money and is refused) or waits for the lock and
-- is refused. Staff reopening the account clear it. Only modules/ledger writes this column.
alter table ledger_accounts add column closed_at timestamptz;
