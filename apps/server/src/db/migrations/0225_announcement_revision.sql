-- An edited announcement is unread again (issue 24): `revision` counts the edits a reader should see (title, content
-- or a translation; not the window, audience or order), and a read records the revision it saw. A read of an older
-- revision is unread; reading the new one moves it up.
alter table announcements add column revision integer not null default 1;
alter table announcement_reads add column revision integer not null default 1;
