-- The chat room (issue 24; spec §1): the chat module's tables. Messages per merchant and room (lobby or a lottery
-- game's code), kept for a retention period (the chat-prune job deletes older ones); the moderators' sanctions per
-- member (mute until, ban); the merchant's blocked words.
create table chat_messages (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  room text not null check (room ~ '^[a-z0-9-]{1,40}$'),
  member_id bigint not null references members (id),
  -- The masked account as shown to others (the sender's account is read through the members face for staff).
  display_name text not null,
  text text not null check (length(text) <= 300),
  -- A shared lottery slip card ({gameCode, bets}); null for a plain text.
  slip jsonb,
  deleted_at timestamptz,
  deleted_by text,
  created_at timestamptz not null default now(),
  check (length(text) > 0 or slip is not null)
);
-- A room's last messages, newest first; the prune job by age.
create index chat_messages_room_idx on chat_messages (merchant_id, room, id desc);
create index chat_messages_created_idx on chat_messages (created_at);

create table chat_sanctions (
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  muted_until timestamptz,
  banned boolean not null default false,
  reason text check (reason is null or length(reason) <= 200),
  updated_by text not null,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, member_id)
);

create table chat_blocked_words (
  merchant_id bigint not null references merchants (id),
  word text not null check (length(word) between 1 and 40),
  primary key (merchant_id, word)
);
