-- A mobile-change code names the member who asked for it (issue 25): the new number it was sent to is the member's
-- personal datum even while unconfirmed, and the retention anonymisation erases every code sent to such a number by
-- the member, not only by the requesting IP. Null for the other purposes (no member yet, or one not signed in).
alter table verification_codes add column member_id bigint;
create index verification_codes_member on verification_codes (merchant_id, member_id) where member_id is not null;
