-- Activity applications (issue 23; spec "Activity application: comment, up to 3 images"): a promotion of type
-- "application" (modules/activities); members apply with a comment and images, staff approve with a reward
-- (cash through the ledger, keyed by the application) or reject with a reason the member sees.

create table activity_offers (
  promotion_id bigint primary key references promotions (id),
  merchant_id bigint not null references merchants (id),
  enabled boolean not null default true,
  new_members_only boolean not null default false,
  -- Once rewarded, a member cannot apply again.
  once_per_member boolean not null default true,
  updated_by bigint,
  updated_at timestamptz not null default now()
);
create index activity_offers_merchant_idx on activity_offers (merchant_id);

create table activity_applications (
  id bigint generated always as identity primary key,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  promotion_id bigint not null references activity_offers (promotion_id),
  comment text not null check (length(comment) between 1 and 1000),
  -- applying: waiting for staff; issued: approved and paid (reward); rejected: with the staff's reason.
  status text not null check (status in ('applying', 'issued', 'rejected')),
  image_count integer not null default 0 check (image_count between 0 and 3),
  ip text not null default '',
  device text not null default '',
  -- A suspected duplicate: the same IP or device as a member already rewarded for this promotion (never paid
  -- automatically: staff decide).
  flag_reason text,
  reward bigint check (reward > 0),
  review_reason text,
  reviewed_by bigint,
  reviewed_at timestamptz,
  created_at timestamptz not null
);
-- One pending application per member and promotion.
create unique index activity_applications_one_pending on activity_applications (promotion_id, member_id)
  where status = 'applying';
create index activity_applications_queue_idx on activity_applications (merchant_id, status, id desc);
create index activity_applications_member_idx on activity_applications (member_id, promotion_id, id desc);
create index activity_applications_ip_idx on activity_applications (promotion_id, ip) where status = 'issued';
create index activity_applications_device_idx on activity_applications (promotion_id, device)
  where status = 'issued' and device <> '';

create table activity_application_images (
  application_id bigint not null references activity_applications (id),
  position smallint not null check (position between 0 and 2),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  content bytea not null,
  primary key (application_id, position)
);
