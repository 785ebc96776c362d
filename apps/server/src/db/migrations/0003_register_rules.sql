-- Per-merchant registration form rules (spec §3/§5). A field with no row uses the default in
-- modules/registration/register-defaults.ts.
create table register_field_rules (
  merchant_id bigint not null references merchants (id),
  field text not null check (field ~ '^[a-zA-Z]{2,32}$'),
  enabled boolean not null,
  required boolean not null,
  min_length smallint not null check (min_length between 0 and 255),
  max_length smallint not null check (max_length between 1 and 255),
  pattern_id smallint not null check (pattern_id between 1 and 18),
  accepted_pattern text not null default '*' check (length(accepted_pattern) <= 500),
  primary key (merchant_id, field),
  check (min_length <= max_length)
);
