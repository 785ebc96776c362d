-- A member changes the mobile number in the security centre (issue 25): the new number is confirmed by an SMS code
-- of its own purpose (a login or registration code cannot confirm a change, nor the reverse).
alter table verification_codes drop constraint verification_codes_purpose_check;
alter table verification_codes
  add constraint verification_codes_purpose_check check (purpose in ('login', 'register', 'reset', 'mobile_change'));
