import { type Kysely, sql } from 'kysely';
import type { KindOutcome } from './lottery.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';

type Db = Kysely<LotteryTables>;

/** The lottery's settlement statements (chain issues), stop-on-win chases and a cancelled issue's refunds. */
export function createLotterySettleRepository(db: Db) {
  return {
    // ---- settlement
    /**
     * Settles a drawn issue (compare-and-set: false when it was not drawn) and, in the same transaction, hands
     * `publish` one row per member with bets that count on it (not refunded): their play events are written with
     * the settlement, so a crash keeps both or neither.
     */
    async settleIssue(
      id: bigint,
      settledAt: Date,
      publish?: (trx: Db, issuePk: bigint, members: { merchantId: bigint; memberId: bigint }[]) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('lottery_issues')
          .set({ status: 'settled', settled_at: settledAt })
          .where('id', '=', id)
          .where('status', '=', 'drawn')
          .executeTakeFirst();
        if (r.numUpdatedRows === 0n) return false;
        if (publish) {
          const rows = await trx
            .selectFrom('lottery_bets')
            .select(['merchant_id', 'member_id'])
            .distinct()
            .where('issue_pk', '=', id)
            .where('status', '<>', 'refunded')
            .orderBy('member_id')
            .execute();
          await publish(
            trx,
            id,
            rows.map((m) => ({ merchantId: m.merchant_id, memberId: m.member_id })),
          );
        }
        return true;
      });
    },
    /**
     * What members bet on settled issues, per (issue, member): the charge of their won and lost bets (refunded ones
     * count for nothing), what those returned at the first settlement (a correction's change is its own event:
     * correctedBets), the game and the settlement time. Pairs not settled: left out.
     */
    async settledMemberBets(pairs: { issuePk: bigint; memberId: bigint }[]) {
      if (pairs.length === 0) return [];
      const { rows } = await sql<{
        issue_pk: bigint;
        member_id: bigint;
        merchant_id: bigint;
        stake: bigint;
        payout: bigint;
        game_code: string;
        kind: string;
        settled_at: Date;
      }>`
        select b.issue_pk, b.member_id, min(b.merchant_id) as merchant_id, sum(b.charge)::int8 as stake,
               (sum(b.payout) - coalesce((
                 select sum(c.new_payout - c.old_payout) from lottery_feed_corrections c
                 join lottery_bets cb on cb.id = c.bet_id
                 where cb.issue_pk = b.issue_pk and cb.member_id = b.member_id), 0))::int8 as payout,
               g.game_code, g.kind, i.settled_at
          from unnest(${pairs.map((p) => String(p.issuePk))}::int8[], ${pairs.map((p) => String(p.memberId))}::int8[])
            as q(issue_pk, member_id)
          join lottery_issues i on i.id = q.issue_pk and i.status = 'settled'
          join lottery_games g on g.id = i.game_id
          join lottery_bet_outcomes b on b.issue_pk = q.issue_pk and b.member_id = q.member_id
         where b.status in ('won', 'lost')
         group by b.issue_pk, b.member_id, g.game_code, g.kind, i.settled_at`.execute(db);
      return rows;
    },
    /**
     * Corrected bets' changes, per (bet, result version): the change of payout, the member, the bet's issue (the
     * settlement event it adjusts), the game and when it was corrected. Pairs without a correction: left out.
     */
    async correctedBets(pairs: { betId: bigint; version: number }[]) {
      if (pairs.length === 0) return [];
      const { rows } = await sql<{
        bet_id: bigint;
        version: number;
        issue_pk: bigint;
        member_id: bigint;
        merchant_id: bigint;
        delta: bigint;
        game_code: string;
        kind: string;
        created_at: Date;
      }>`
        select c.bet_id, c.version, b.issue_pk, c.member_id, b.merchant_id,
               (c.new_payout - c.old_payout)::int8 as delta, g.game_code, g.kind, c.created_at
          from unnest(${pairs.map((p) => String(p.betId))}::int8[], ${pairs.map((p) => p.version)}::int4[])
            as q(bet_id, version)
          join lottery_feed_corrections c on c.bet_id = q.bet_id and c.version = q.version
          join lottery_bets b on b.id = c.bet_id
          join lottery_issues i on i.id = b.issue_pk
          join lottery_games g on g.id = i.game_id`.execute(db);
      return rows;
    },
    /** The issue's distinct (bet type, selection, unit stake) without an outcome yet. */
    kindsToSettle: (issuePk: bigint) =>
      db
        .selectFrom('lottery_issue_kinds')
        .select(['code', 'unit_stake', 'selection'])
        .where('issue_pk', '=', issuePk)
        .where('status', 'is', null)
        .execute(),
    /** Their outcomes (the same on every run: a re-run writes the same values). */
    async writeKindOutcomes(issuePk: bigint, outcomes: KindOutcome[]): Promise<void> {
      for (let i = 0; i < outcomes.length; i += 5000) {
        const payload = JSON.stringify(
          outcomes.slice(i, i + 5000).map((o) => ({
            code: o.code,
            selection: o.selection,
            unit_stake: String(o.unitStake),
            status: o.status,
            payout: String(o.payout),
            lines: o.lines,
          })),
        );
        await sql`
          update lottery_issue_kinds k set status = o.status, payout = o.payout, lines = o.lines
          from jsonb_to_recordset(${payload}::jsonb)
            as o(code text, selection jsonb, unit_stake int8, status text, payout int8, lines jsonb)
          where k.issue_pk = ${issuePk} and k.code = o.code and k.unit_stake = o.unit_stake
            and k.selection = o.selection`.execute(db);
      }
    },
    /**
     * The members' rows of a chain issue whose kinds all have their outcome, in ONE read-only pass over its bets (no
     * bet row is written: a bet's outcome is its kind's, lottery_bet_outcomes): per member the bets not refunded,
     * their stake and the sum of their kinds' payouts. The same figures on every run (the bets of a drawn issue no
     * longer change, the outcomes are the engine's), so a rerun, a duplicate or a second process writes the same
     * rows again; a row already paid is left as it is. One statement: a crash keeps nothing or everything. The
     * number of members' rows.
     */
    async settleMembers(issuePk: bigint): Promise<number> {
      const r = await sql<{ n: string }>`
        with m as (
          insert into lottery_settled_members as s (issue_pk, member_id, merchant_id, bets, stake, payout)
          select ${issuePk}, b.member_id, min(b.merchant_id), count(*), sum(b.charge), sum(k.payout)
          from lottery_bets b
          join lottery_issue_kinds k
            on k.issue_pk = b.issue_pk and k.code = b.code and k.unit_stake = b.unit_stake and k.selection = b.selection
          where b.issue_pk = ${issuePk} and b.status <> 'refunded'
          group by b.member_id order by b.member_id
          on conflict (issue_pk, member_id) do update
            set bets = excluded.bets, stake = excluded.stake, payout = excluded.payout
            where s.journal_id is null
          returning 1
        )
        select count(*)::text as n from m`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
    /** Members with a win on the issue not yet paid whose house shard (member id mod `of`) is one of `shards`. */
    unpaidMembers: (issuePk: bigint, shards: number[], of: number, after: bigint, limit: number) =>
      db
        .selectFrom('lottery_settled_members')
        .select(['member_id', 'payout'])
        .where('issue_pk', '=', issuePk)
        .where('payout', '>', 0n)
        .where('journal_id', 'is', null)
        .where(sql<number>`(member_id % ${of})::int`, 'in', shards)
        .where('member_id', '>', after)
        .orderBy('member_id')
        .limit(limit)
        .execute(),
    /** The win journals of members (inside the transaction that posted them). */
    async markMembersPaid(trx: Db, issuePk: bigint, paid: { memberId: bigint; journalId: bigint }[]): Promise<void> {
      if (paid.length === 0) return;
      await sql`
        update lottery_settled_members s set journal_id = p.journal_id
        from unnest(${paid.map((p) => String(p.memberId))}::int8[], ${paid.map((p) => String(p.journalId))}::int8[])
          as p(member_id, journal_id)
        where s.issue_pk = ${issuePk} and s.member_id = p.member_id`.execute(trx);
    },
    /** The issue's totals from its members' rows (refunded bets were never settled, so never counted). */
    async writeTotals(issuePk: bigint): Promise<void> {
      await sql`
        update lottery_issues i set bets = t.bets, stake = t.stake, payout = t.payout, winners = t.winners
        from (
          select coalesce(sum(bets), 0)::int as bets, coalesce(sum(stake), 0)::int8 as stake,
                 coalesce(sum(payout), 0)::int8 as payout, (count(*) filter (where payout > 0))::int as winners
          from lottery_settled_members where issue_pk = ${issuePk}
        ) t
        where i.id = ${issuePk}`.execute(db);
    },
    /**
     * Chase orders with stop-on-win that won on this issue (through the partial index of their bets): a bet whose
     * row says won (feed games write each bet) or, still placed, whose kind won (a chain issue's bets keep 'placed';
     * the issue is not settled yet, so the kinds are read directly).
     */
    stopOnWinOrders: (issuePk: bigint) =>
      db
        .selectFrom('lottery_bets as b')
        .leftJoin('lottery_issue_kinds as k', (j) =>
          j
            .onRef('k.issue_pk', '=', 'b.issue_pk')
            .onRef('k.code', '=', 'b.code')
            .onRef('k.unit_stake', '=', 'b.unit_stake')
            .onRef('k.selection', '=', 'b.selection'),
        )
        .innerJoin('lottery_orders as o', 'o.id', 'b.order_id')
        .select(['o.id', 'o.reference', 'o.member_id', 'o.merchant_id'])
        .distinct()
        .where('b.issue_pk', '=', issuePk)
        .where('b.stop_on_win', '=', true)
        .where((eb) =>
          eb.or([eb('b.status', '=', 'won'), eb.and([eb('b.status', '=', 'placed'), eb('k.status', '=', 'won')])]),
        )
        .execute(),
    /**
     * Refunds an order's placed bets on issues drawing after `after` (stop on win); what was refunded. A chain issue
     * only while not drawn yet: the issues are locked (share) first, so a draw waits for the refund, and a chain
     * issue drawn meanwhile is left alone — its settlement counts every bet not refunded when it reads them, so none
     * may be refunded after (a feed issue's settlement writes each bet, a placed one may still be refunded).
     */
    async refundOrderAfter(trx: Db, orderId: bigint, after: Date, now: Date) {
      const open = await trx
        .selectFrom('lottery_issues')
        .select('id')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('lottery_bets')
            .select('issue_pk')
            .where('order_id', '=', orderId)
            .where('status', '=', 'placed'),
        )
        .where('draws_at', '>', after)
        .where((eb) => eb.or([eb('status', 'in', ['open', 'closed']), eb('chain_id', 'is', null)]))
        .forShare()
        .execute();
      if (open.length === 0) return [];
      return trx
        .updateTable('lottery_bets')
        .set({ status: 'refunded', settled_at: now })
        .where('order_id', '=', orderId)
        .where('status', '=', 'placed')
        .where(
          'issue_pk',
          'in',
          open.map((i) => i.id),
        )
        .returning(['id', 'charge', 'issue_pk', 'code', 'selection', 'unit_stake'])
        .execute();
    },
    /**
     * A cancelled issue, one batch: locks the issue (refunders of one issue take turns, each batch sees the one
     * before it), then every placed bet of its first `members` members still to refund is refunded. Per member and
     * (type, selection, unit stake): the amount back and the bets. Null: the issue is no longer cancelled.
     */
    async refundIssueBatch(trx: Db, issuePk: bigint, members: number, now: Date) {
      const locked = await trx
        .selectFrom('lottery_issues')
        .select('id')
        .where('id', '=', issuePk)
        .where('status', '=', 'cancelled')
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return null;
      return (
        await sql<{
          member_id: bigint;
          code: string;
          selection: unknown;
          unit_stake: bigint;
          bets: number;
          amount: bigint;
        }>`
          with m as (
            select distinct member_id from lottery_bets
            where issue_pk = ${issuePk} and status = 'placed' order by member_id limit ${members}
          ), u as (
            update lottery_bets b set status = 'refunded', settled_at = ${now}
            from m where b.issue_pk = ${issuePk} and b.member_id = m.member_id and b.status = 'placed'
            returning b.member_id, b.code, b.selection, b.unit_stake, b.charge
          )
          select member_id, code, selection, unit_stake, count(*)::int as bets, sum(charge)::int8 as amount from u
          group by member_id, code, selection, unit_stake order by member_id`.execute(trx)
      ).rows;
    },
  };
}
