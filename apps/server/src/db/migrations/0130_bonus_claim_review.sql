-- The back office's bonus claim review (issues 22, 23): the staff's reason and time, and the other member a
-- flagged claim shares its IP or device with (shown by account; the text reason named an internal id).
alter table bonus_claims add column review_reason text;
alter table bonus_claims add column reviewed_at timestamptz;
alter table bonus_claims add column flag_member_id bigint;
alter table bonus_claims add column flag_match text check (flag_match in ('ip', 'device'));
update bonus_claims
   set flag_member_id = substring(flag_reason from 'member (\d+)''s')::bigint,
       flag_match = case when flag_reason like 'same IP%' then 'ip' else 'device' end
 where flag_reason is not null;
-- The review list: a merchant's claims, flagged first, newest first.
create index bonus_claims_review_idx on bonus_claims (merchant_id, (status = 'flagged') desc, id desc);
