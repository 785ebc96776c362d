-- The valid bet of a game round (issue 23): the part of its stake that counts as turnover for bonus wagering,
-- points, missions and leaderboards. A vendor may report it on the round's closing win (`valid_bet`), e.g. our
-- baccarat nets opposite Banker/Player bets and leaves out P/B bets pushed by a tie (domain-rules §5.3, §8.6);
-- null: the whole stake counts (slots, most games). Readers cap it at the stake.
alter table game_rounds add column valid_bet bigint check (valid_bet is null or valid_bet >= 0);
