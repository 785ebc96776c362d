-- Pay as bonus in the remaining reward programmes (issue 23): missions, leaderboard prize tables, VIP level-up
-- rewards, the referral programme and raffles may pay their rewards as bonus money with wagering terms (the same
-- four columns as migration 0215: multiplier × the amount, maximum conversion, maximum stake, days to wager).
-- Null terms: cash, as before. The reward centre's grant copies them onto member_rewards.

alter table reward_missions
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint reward_missions_bonus_terms_check
    check ((bonus_multiplier is null) = (bonus_expiry_days is null));

-- A board's prize table pays alike at every rank: each rank's row holds the board's terms.
alter table reward_leaderboard_prizes
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint reward_leaderboard_prizes_bonus_terms_check
    check ((bonus_multiplier is null) = (bonus_expiry_days is null));

alter table vip_levels
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint vip_levels_bonus_terms_check
    check ((bonus_multiplier is null) = (bonus_expiry_days is null));

-- Both referral rewards (referrer and referee) pay alike.
alter table referral_settings
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint referral_settings_bonus_terms_check
    check ((bonus_multiplier is null) = (bonus_expiry_days is null));

alter table raffles
  add column bonus_multiplier integer check (bonus_multiplier between 0 and 200),
  add column bonus_max_conversion bigint check (bonus_max_conversion >= 0),
  add column bonus_max_stake bigint check (bonus_max_stake > 0),
  add column bonus_expiry_days integer check (bonus_expiry_days between 1 and 365),
  add constraint raffles_bonus_terms_check
    check ((bonus_multiplier is null) = (bonus_expiry_days is null));
