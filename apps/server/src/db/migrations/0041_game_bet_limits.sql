-- A game's table limits (modules/games): min_bet already existed; max_bet (minor units, null = no upper limit) is
-- set by operators like min_bet. The seamless wallet refuses a vendor's bet outside [min_bet, max_bet] with
-- BET_LIMIT (a zero bet, a free spin, is always allowed).
alter table games add column max_bet bigint check (max_bet is null or max_bet >= 0);
alter table games add constraint games_bet_limits_check check (min_bet is null or max_bet is null or max_bet >= min_bet);
