-- Session replacement per vendor (modules/games, issue 26). With replace_sessions a real-money launch ends the
-- player's earlier live sessions at that vendor (their tokens answer TOKEN_EXPIRED to balance and bet; wins and
-- rollbacks never depend on a session); without it (the default, what every vendor did before) each launch is a
-- session of its own, so a player may keep two tables open.
alter table vendors add column replace_sessions boolean not null default false;
