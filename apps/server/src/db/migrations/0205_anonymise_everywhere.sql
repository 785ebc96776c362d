-- Issue 25: the retention job's anonymisation (migration 0151) also wipes what other modules keep of the member:
-- identity documents (deleted; the audit log keeps each review), remembered devices, login checks and reset links
-- (deleted), sessions and login records (their IP and browser wiped), and bank accounts (holder's name and number
-- wiped, the row kept: past withdrawals point to it) with the withdrawals' copies of them. The ledger and the audit
-- trail are kept. A wiped bank account is marked anonymised_at (its number and name may then be empty).
alter table member_bank_accounts add column anonymised_at timestamptz;
alter table member_bank_accounts drop constraint member_bank_accounts_account_number_check;
alter table member_bank_accounts drop constraint member_bank_accounts_account_name_check;
alter table member_bank_accounts
  add constraint member_bank_accounts_account_number_check
    check (account_number ~ '^[0-9]{6,20}$' or (anonymised_at is not null and account_number = '')),
  add constraint member_bank_accounts_account_name_check
    check (length(account_name) between 1 and 64 or (anonymised_at is not null and account_name = ''));

-- Accounts the job anonymised before this migration: the same wipe, once.
update member_bank_accounts b
  set account_number = '', account_name = '', anonymised_at = m.anonymised_at,
      deleted_at = coalesce(b.deleted_at, m.anonymised_at)
  from members m where m.id = b.member_id and m.anonymised_at is not null;
update withdrawals w set account_number = '', account_name = ''
  from members m where m.id = w.member_id and m.anonymised_at is not null;
delete from withdrawal_proofs p using withdrawals w, members m
  where p.withdrawal_id = w.id and m.id = w.member_id and m.anonymised_at is not null;
delete from withdrawal_payout_proofs p using withdrawals w, members m
  where p.withdrawal_id = w.id and m.id = w.member_id and m.anonymised_at is not null;
delete from kyc_documents k using members m where m.id = k.member_id and m.anonymised_at is not null;
delete from member_devices d using members m where m.id = d.member_id and m.anonymised_at is not null;
delete from login_challenges c using members m where m.id = c.member_id and m.anonymised_at is not null;
delete from password_reset_tokens r using members m where m.id = r.member_id and m.anonymised_at is not null;
update sessions s set ip = '', user_agent = '', device_id = null
  from members m where m.id = s.member_id and m.anonymised_at is not null;
update member_logins l set ip = '', user_agent = ''
  from members m where m.id = l.member_id and m.anonymised_at is not null;
