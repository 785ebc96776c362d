-- Identity documents (KYC, issue 25): the kyc module's tables. A member uploads the front and back of an identity
-- document and a selfie (PNG / JPEG re-encoded, or PDF checked by its structure; at most 5 MB); staff of the
-- member's merchant approve or reject each one with a reason the member sees. The bytes are private: never on a
-- public URL, read only through the back office's authenticated route.
create table kyc_documents (
  id bigint generated always as identity primary key,
  reference text not null,
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  kind text not null check (kind in ('id_front', 'id_back', 'selfie')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  -- The member's current document of this kind (a re-upload after a rejection supersedes the rejected one,
  -- which stays as history).
  is_current boolean not null default true,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'application/pdf')),
  content bytea not null check (octet_length(content) between 1 and 5242880),
  size integer not null check (size between 1 and 5242880),
  reason text check (reason is null or length(reason) between 1 and 300),
  reviewed_by bigint references admins (id),
  -- The staff member's user name when they reviewed it (the queue shows it without reading the admin module).
  reviewed_by_name text,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint kyc_documents_reference_key unique (reference),
  check ((status = 'pending') = (reviewed_at is null)),
  check (status <> 'rejected' or reason is not null)
);
-- At most one current document per member and kind.
create unique index kyc_documents_current_idx on kyc_documents (member_id, kind) where is_current;
-- The review queue: a merchant's current documents by status, oldest first.
create index kyc_documents_queue_idx on kyc_documents (merchant_id, status, created_at, id) where is_current;

-- The merchant's rule: withdrawals above this amount (minor units) need an approved identity; null = off.
create table kyc_settings (
  merchant_id bigint primary key references merchants (id),
  withdrawal_threshold bigint check (withdrawal_threshold is null or withdrawal_threshold >= 0),
  updated_at timestamptz not null default now()
);
