-- The operator's responsible-gaming help contacts (issue 25): the text of the responsible-gaming page's "Help and
-- support" panel per language (the merchant's helplines, hours, local organisations), edited in the back office.
-- No row or no text in a language: the page shows the site's default help text in that language.
create table rg_help_texts (
  merchant_id bigint primary key references merchants(id),
  -- { "<language>": "<text>" }: plain text (no HTML), each at most 2,000 characters (checked by the API).
  texts jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);
