-- A correction that raises the payout of a member whose account was closed after the settlement cannot be paid:
-- the ledger refuses every post to a closed account (account_closed). It used to stop the issue's correction there,
-- run after run, with the later bets never re-settled. Now the bet is re-settled and the amount recorded as owed to
-- the closed member (a payable of the house, settled by the operator outside the wallet or by reopening the
-- account), nothing posted; the rest of the correction goes on.
alter table lottery_feed_corrections add column owed bigint not null default 0 check (owed >= 0);
create index lottery_feed_corrections_owed on lottery_feed_corrections (member_id) where owed > 0;
