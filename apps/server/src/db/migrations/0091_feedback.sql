-- Member feedback (issue 24; spec §2 help / feedback, §5, §7 PUT /wps/feedback): the feedback module's tables.
-- A member sends a question type, text and up to 3 images; staff answer (the reply also goes to the member's
-- inbox as a message) or close it.
create table member_feedback (
  id bigint generated always as identity primary key,
  reference text not null,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  question_type text not null
    check (question_type in ('deposit', 'withdrawal', 'games', 'account', 'promotion', 'suggestion', 'other')),
  content text not null check (length(content) between 1 and 5000),
  status text not null default 'new' check (status in ('new', 'answered', 'closed')),
  image_count smallint not null default 0 check (image_count between 0 and 3),
  reply text check (reply is null or length(reply) between 1 and 5000),
  -- The member message that carried the reply (messages module's row).
  reply_message_id bigint,
  replied_at timestamptz,
  closed_at timestamptz,
  handled_by bigint references admins (id),
  -- The staff member's user name when they handled it (the inbox shows it without reading the admin module).
  handled_by_name text,
  created_at timestamptz not null default now(),
  constraint member_feedback_reference_key unique (reference),
  check (status <> 'answered' or reply is not null),
  check ((status = 'closed') = (closed_at is not null))
);
-- The inbox: a merchant's feedback by status, newest first; a member's own list.
create index member_feedback_inbox_idx on member_feedback (merchant_id, status, created_at desc, id desc);
create index member_feedback_merchant_idx on member_feedback (merchant_id, created_at desc, id desc);
create index member_feedback_member_idx on member_feedback (member_id, created_at desc, id desc);

-- The images as re-encoded (JPEG, metadata dropped; lib/image.ts), shown to staff only.
create table member_feedback_images (
  feedback_id bigint not null references member_feedback (id),
  position smallint not null check (position between 0 and 2),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  content bytea not null check (octet_length(content) between 1 and 5242880),
  primary key (feedback_id, position)
);
