-- Closed accounts (issue 25): staff may reopen one (audited, with a reason) until it is anonymised; after the
-- merchant's retention period (profile_settings.closed_retention_days, 5 years by default: the record-keeping period
-- of the AML rules) a job wipes its personal fields (members' nickname, real name, e-mail, mobile, IPs and payment
-- password; the profile fields) and sets anonymised_at. The ledger and the account id are kept.
alter table profile_settings
  add column closed_retention_days integer not null default 1825
    check (closed_retention_days between 30 and 3650);
alter table members add column anonymised_at timestamptz;
create index members_closed_not_anonymised on members (closed_at) where status = 'closed' and anonymised_at is null;
