-- Rewards that pay bonus money (issue 23): a reward of the reward centre, a cashback programme or an activity
-- promotion may pay as bonus money with wagering terms instead of cash; claimed, it becomes a bonus claim of the
-- bonus module (queued behind the active one, wagered, converted / expired / forfeited by the same rules).

-- The terms a bonus reward carries (the same four columns on each table that holds them): wagering multiplier ×
-- the amount, the maximum conversion to main, the maximum stake while wagering, the days to wager it.
alter table member_rewards
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint member_rewards_bonus_terms_check
    check ((kind = 'bonus') = (bonus_multiplier is not null and bonus_expiry_days is not null));

alter table cashback_programmes
  add column pay_as text not null default 'cash' check (pay_as in ('cash', 'bonus')),
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint cashback_programmes_bonus_terms_check
    check ((pay_as = 'bonus') = (bonus_multiplier is not null and bonus_expiry_days is not null));

alter table activity_offers
  add column pay_as text not null default 'cash' check (pay_as in ('cash', 'bonus')),
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint activity_offers_bonus_terms_check
    check ((pay_as = 'bonus') = (bonus_multiplier is not null and bonus_expiry_days is not null));

-- A bonus claim funded by a reward: no promotion, the reward's reference instead (once per reward), its title kept.
alter table bonus_claims alter column promotion_id drop not null;
alter table bonus_claims add column reward_ref text;
alter table bonus_claims add column title text;
alter table bonus_claims add constraint bonus_claims_funding_check check ((promotion_id is null) <> (reward_ref is null));
create unique index bonus_claims_reward_ref_key on bonus_claims (reward_ref) where reward_ref is not null;

-- Late cashback events: what each member was granted for a programme's closed period (the close and every later
-- adjustment raise it; a late settled bet that raises the period's cashback above it grants the difference).
create table cashback_paid (
  programme_id bigint not null references cashback_programmes (id),
  period_key text not null,
  member_id bigint not null references members (id),
  paid bigint not null check (paid >= 0),
  primary key (programme_id, period_key, member_id)
);
-- Periods closed before this migration: what their close granted (source_key '<programme>:<period>').
insert into cashback_paid (programme_id, period_key, member_id, paid)
select split_part(source_key, ':', 1)::bigint, substring(source_key from position(':' in source_key) + 1), member_id, amount
  from member_rewards
 where source = 'cashback' and source_key ~ '^\d+:[^:]+$'
on conflict do nothing;

-- A member's local day that received a settled bet after the day had ended (written with the sums by the cashback
-- consumer); the close job re-counts the closed periods holding it, then removes it.
create table cashback_late_days (
  merchant_id bigint not null references merchants (id),
  member_id bigint not null references members (id),
  day text not null,
  noted_at timestamptz not null default now(),
  primary key (member_id, day)
);
create index cashback_late_days_noted_idx on cashback_late_days (noted_at);
