-- A fast e-lottery (chain) draw is settled without rewriting its bets: the outcome of a bet is the outcome of its
-- (issue, bet type, selection, unit stake) in lottery_issue_kinds, which the engine writes once per kind, and it
-- holds from the moment the issue is settled. The settlement only reads the bets (one grouping per member into
-- lottery_settled_members) and writes the members' rows and win journals. Measured: with the bets rewritten, the
-- 1,000,000-bet draw took 21.3 s after being placed through the service — the settled_at index of 0033 had made
-- every bet update a non-HOT one (a new entry in each of the table's seven indexes, ~1 GB of WAL per 200,000 bets).
--
-- A bet row of a chain game therefore stays 'placed' (or 'refunded') after its draw; feed games (VN, Thai, 4D) still
-- write each bet's outcome (their results can be corrected per bet). Every reader of a bet's outcome reads this view:
-- status, payout, lines and settled_at are the kind's and the issue's once the issue is settled, the row's otherwise.
create view lottery_bet_outcomes as
select b.id, b.merchant_id, b.member_id, b.order_id, b.issue_pk, b.reference, b.code, b.selection, b.describe,
       b.units, b.unit_stake, b.charge,
       coalesce(k.status, b.status) as status,
       coalesce(k.payout, b.payout) as payout,
       coalesce(k.lines, b.lines) as lines,
       b.paid, b.stop_on_win, b.created_at,
       case when k.status is null then b.settled_at else i.settled_at end as settled_at,
       b.result_version
from lottery_bets b
left join lottery_issues i on i.id = b.issue_pk and b.status = 'placed' and i.status = 'settled'
left join lottery_issue_kinds k
  on k.issue_pk = i.id and k.code = b.code and k.unit_stake = b.unit_stake and k.selection = b.selection
 and k.status is not null;

-- Bets settled by their issue, by settlement time (the agents' roll-up "changed since its mark", the merchants with
-- settled bets): the issue's settled_at, not a column of each bet.
create index lottery_issues_by_settled on lottery_issues (settled_at) where settled_at is not null;

-- The bet rows of chain games are no longer updated by the settlement: no room kept on the pages for new versions
-- (0034's fillfactor 45 doubled the table; pages written from now on are full).
alter table lottery_bets set (fillfactor = 100);
