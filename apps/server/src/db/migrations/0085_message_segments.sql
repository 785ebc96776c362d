-- Messages to a segment of the members (issue 22, back office): besides one member (member_id) and every member
-- (member_id null, segment null), the operator sends to a segment — an agent's team, members registered in a date
-- range, or both. The segment's members at the time of sending are written as recipients, so a member who joins
-- the team later does not see it; `segment` keeps what was asked (the back office's list shows it).
alter table member_messages add column segment jsonb;

create table member_message_recipients (
  message_id bigint not null references member_messages (id),
  member_id bigint not null,
  primary key (member_id, message_id)
);
