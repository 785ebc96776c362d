-- Issue 24: every text per language. Promotions, member messages and announcements keep their title and content in
-- the merchant's default language and gain their other languages here: {"ty": {"title": …, "content": …}, …}.
-- A member reading in a language that has no entry sees the default text.
alter table promotions add column translations jsonb not null default '{}';
alter table member_messages add column translations jsonb not null default '{}';
alter table announcements add column translations jsonb not null default '{}';
