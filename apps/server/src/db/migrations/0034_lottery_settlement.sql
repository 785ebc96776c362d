-- Lottery settlement at scale (one draw of 1,000,000 bets): the engine settles each distinct (bet type, selection,
-- unit stake) of the draw once (lottery_issue_kinds), the bets take their outcome with one UPDATE per id range joined
-- to those rows, and the same statement adds each settled bet to its member's row of lottery_settled_members (bets,
-- stake, payout): the win journal of a member and the issue's totals come from those rows, not from another pass
-- over the bets.
--
-- HOT updates: the settlement changes only unindexed columns of a bet (status, payout, lines, settled_at), and the
-- table keeps room on each page for the new versions (fillfactor 45: a bet row is ~300 bytes, its settled version
-- a little more), so the UPDATE writes no index entry (five indexes × 1,000,000 rows before). The issue index no
-- longer holds the status for that reason.
alter table lottery_bets set (fillfactor = 45);
drop index lottery_bets_by_issue;
create index lottery_bets_by_issue on lottery_bets (issue_pk, id);

-- A bet of a chase order that stops on a win (set when placed, never changed): the settlement finds the orders to
-- stop through this partial index instead of reading every winning bet of the draw.
alter table lottery_bets add column stop_on_win boolean not null default false;
update lottery_bets b set stop_on_win = true
from lottery_orders o
where o.id = b.order_id and o.stop_on_win and o.issues > 1 and b.status = 'placed';
create index lottery_bets_stop_on_win on lottery_bets (issue_pk, order_id) where stop_on_win;

-- One row per (issue, member) with settled bets: what the settlement added up (bets, stake, payout of the won and
-- lost bets, each bet counted by the statement that settled it) and, once paid, the win journal
-- (lottery:pay:<game>:<issue>:<member>). Replaces lottery_bets.paid, which is no longer written.
create table lottery_settled_members (
  issue_pk bigint not null references lottery_issues (id),
  member_id bigint not null,
  merchant_id bigint not null,
  bets integer not null check (bets > 0),
  stake bigint not null check (stake >= 0),
  payout bigint not null check (payout >= 0),
  journal_id bigint,
  primary key (issue_pk, member_id)
);

-- An issue half settled by the code before this migration (outcomes partly written): its members' rows so far.
insert into lottery_settled_members (issue_pk, member_id, merchant_id, bets, stake, payout)
select b.issue_pk, b.member_id, min(b.merchant_id), count(*), sum(b.charge), sum(b.payout)
from lottery_bets b
join lottery_issues i on i.id = b.issue_pk
where i.status = 'drawn' and b.status in ('won', 'lost')
group by b.issue_pk, b.member_id;

-- The distinct (bet type, selection, unit stake) of an issue's bets, written in the statement that inserts the bets
-- (so every bet has its row); the settlement fills in the outcome of each (status, payout, lines) once.
create table lottery_issue_kinds (
  issue_pk bigint not null references lottery_issues (id),
  code text not null,
  unit_stake bigint not null,
  selection jsonb not null,
  status text check (status in ('won', 'lost')),
  payout bigint check (payout >= 0),
  lines jsonb,
  primary key (issue_pk, code, unit_stake, selection)
);
insert into lottery_issue_kinds (issue_pk, code, unit_stake, selection)
select distinct issue_pk, code, unit_stake, selection from lottery_bets where status = 'placed';
